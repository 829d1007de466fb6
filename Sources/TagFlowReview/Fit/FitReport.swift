import Foundation
import TagFlowLayout

/// A fit run for people (a table, Markdown) and for tools (JSON, JUnit XML). Findings keep the matrix's order.
extension FitRun {
    /// Where a finding is: `section 1, tag 4`, or `section 2`.
    static func place(_ finding: FitFinding) -> String {
        "section \(finding.section + 1)" + (finding.item.map { ", tag \($0 + 1)" } ?? "")
    }

    /// What a finding is, in a few words.
    static func detail(_ finding: FitFinding) -> String {
        let overflow = finding.overflow.map { formatPoints(($0 * 100).rounded() / 100) } ?? ""
        return switch finding.kind {
        case .truncated: "'\(finding.text)' is \(overflow) pt too wide, shown as '\(finding.shown ?? "")'"
        case .widerThanLine: "'\(finding.text)' is \(overflow) pt wider than the line with its padding"
        case .clippedText: "'\(finding.text)' is \(overflow) pt taller than its cell"
        case .overMaxLines: "\(finding.hiddenCount ?? 0) tags hidden past maxLines"
        case .hiddenSelection: "selected '\(finding.text)' is hidden past maxLines"
        case .missingGlyphs:
            "'\(finding.text)' has characters no font draws: \(finding.characters.joined(separator: " "))"
        }
    }

    /// The fix in words: `width 402 pt · content size xxxL · item height 42 pt`, or `none`.
    static func fixText(_ fix: FitFix) -> String {
        let parts = [fix.width.map { "width \(formatPoints($0)) pt" },
                     fix.contentSize.map { "content size \($0.rawValue)" },
                     fix.itemHeight.map { "item height \(formatPoints($0)) pt" }].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: " · ")
    }

    /// One line of totals: `6240 variants, 12 findings (truncated 10, clipped-text 2); 3 break the rules`.
    public var summaryLine: String {
        let kinds = counts.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", ")
        let broken = failures.count
        return "\(passed ? "PASS" : "FAIL"): \(variants.count) variants, \(findings.count) finding"
            + "\(findings.count == 1 ? "" : "s")" + (kinds.isEmpty ? "" : " (\(kinds))")
            + (rules.isEmpty ? "; no rules" : "; \(broken) break\(broken == 1 ? "s" : "") "
                + rules.map(\.description).joined(separator: ", "))
    }

    /// A table of the first `limit` findings, then the summary.
    public func text(limit: Int) -> String {
        var table = TextTable(columns: ["variant", "finding", "where", "detail", "fix"])
        for finding in findings.prefix(limit) {
            table.add([finding.variant.name, finding.kind.rawValue, Self.place(finding), Self.detail(finding),
                       Self.fixText(finding.fix)])
        }
        let more = findings.count > limit ? "… and \(findings.count - limit) more\n" : ""
        var shown = table.isEmpty ? "" : table.rendered
        if !shown.isEmpty, !shown.hasSuffix("\n") { shown += "\n" }
        return shown + more + summaryLine + "\n"
    }

    /// A Markdown table of the first `limit` findings, for a pull request.
    public func markdown(limit: Int) -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        var lines = ["### tagflow fit", "", summaryLine, ""]
        if !findings.isEmpty {
            lines += ["| variant | finding | where | detail | fix |", "|---|---|---|---|---|"]
            for finding in findings.prefix(limit) {
                let breaks = rules.contains { $0.isBroken(by: finding) } ? " ❌" : ""
                lines.append("| \(cell(finding.variant.name)) | \(finding.kind.rawValue)\(breaks) | "
                    + "\(Self.place(finding)) | \(cell(Self.detail(finding))) | \(Self.fixText(finding.fix)) |")
            }
            if findings.count > limit { lines += ["", "… and \(findings.count - limit) more."] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON, as `docs/fit-report.schema.json` describes it.
    public var json: JSONOutput {
        .object([
            ("passed", .bool(passed)),
            ("variants", .integer(variants.count)),
            ("rules", .array(rules.map { .object([("finding", .string($0.kind.rawValue)),
                                                   ("upTo", .optional($0.upTo?.rawValue))]) })),
            ("counts", .object(counts.map { ($0.kind.rawValue, .integer($0.count)) })),
            ("findings", .array(findings.map(findingJSON))),
        ])
    }

    private func findingJSON(_ finding: FitFinding) -> JSONOutput {
        let variant = finding.variant
        return .object([
            ("variant", .object([
                ("name", .string(variant.name)), ("screen", .optional(variant.screen)),
                ("device", .optional(variant.device.isEmpty ? nil : variant.device)),
                ("width", .number(variant.width)), ("contentSize", .string(variant.contentSize.rawValue)),
                ("locale", .optional(variant.locale)), ("pseudo", .optional(variant.pseudo)),
                ("legibilityWeight", .string(variant.legibilityWeight.rawValue)),
            ])),
            ("finding", .string(finding.kind.rawValue)),
            ("breaksRule", .bool(rules.contains { $0.isBroken(by: finding) })),
            ("section", .integer(finding.section)), ("item", finding.item.map(JSONOutput.integer) ?? .null),
            ("text", .string(finding.text)), ("shown", .optional(finding.shown)),
            ("overflow", finding.overflow.map { .number(($0 * 100).rounded() / 100) } ?? .null),
            ("hiddenCount", finding.hiddenCount.map(JSONOutput.integer) ?? .null),
            ("characters", .array(finding.characters.map(JSONOutput.string))),
            ("fix", .object([("width", finding.fix.width.map(JSONOutput.number) ?? .null),
                             ("contentSize", .optional(finding.fix.contentSize?.rawValue)),
                             ("itemHeight", finding.fix.itemHeight.map(JSONOutput.number) ?? .null)])),
        ])
    }

    /// JUnit XML: a test suite per finding kind a rule names, a test case per variant, failing where a finding of
    /// the kind breaks the rule. No times, so the file is the same on every run.
    public var junitXML: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let kinds = rules.isEmpty ? FitFinding.Kind.allCases : rules.map(\.kind)
        var suites = ""
        var total = 0
        var failed = 0
        for kind in kinds.reduce(into: [FitFinding.Kind]()) { if !$0.contains($1) { $0.append($1) } } {
            let broken = Dictionary(grouping: failures.filter { $0.kind == kind }, by: \.variant)
            let failing = variants.count { broken[$0] != nil }
            total += variants.count
            failed += failing
            suites += "  <testsuite name=\"\(kind.rawValue)\" tests=\"\(variants.count)\" failures=\"\(failing)\">\n"
            for variant in variants {
                suites += "    <testcase classname=\"\(kind.rawValue)\" name=\"\(HTMLText.xml(variant.name))\""
                guard let found = broken[variant] else { suites += "/>\n"; continue }
                let message = found.map { Self.place($0) + ": " + Self.detail($0) }.joined(separator: "; ")
                suites += ">\n      <failure type=\"\(kind.rawValue)\" message=\"\(HTMLText.xml(message))\">"
                    + HTMLText.xml(message) + "</failure>\n    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        xml += "<testsuites name=\"tagflow fit\" tests=\"\(total)\" failures=\"\(failed)\">\n" + suites
        return xml + "</testsuites>\n"
    }
}

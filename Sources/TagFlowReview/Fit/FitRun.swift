import TagFlowLayout
import TagFlowText

/// Every variant of a matrix laid out, without drawing, and what does not fit in each.
public struct FitRun: Sendable {
    /// A variant's layout and the engine and font it was measured with.
    public struct Measured {
        public var layout: TagLayout
        public var engine: TextEngine
        public var font: FontSpec

        public init(layout: TagLayout, engine: TextEngine, font: FontSpec) {
            self.layout = layout
            self.engine = engine
            self.font = font
        }
    }

    public let variants: [FitVariant]
    public let findings: [FitFinding]
    public let rules: [FitRule]

    /// Lays out every variant with `layout`, collects their findings, and looks for each finding's fix at the
    /// smaller text sizes (laying those out too, where the matrix lacks them).
    public init(variants: [FitVariant], rules: [FitRule],
                layout: (FitVariant) throws -> Measured) rethrows {
        var found = [FitVariant: [FitFinding]]()
        func findings(of variant: FitVariant) throws -> [FitFinding] {
            if let known = found[variant] { return known }
            let measured = try layout(variant)
            let result = measured.layout.fitFindings(variant: variant, engine: measured.engine, font: measured.font)
            found[variant] = result
            return result
        }
        var all = [FitFinding]()
        for variant in variants {
            for var finding in try findings(of: variant) {
                if finding.kind != .missingGlyphs {
                    finding.fix.contentSize = try Self.largestSizeWithout(finding, findings: findings)
                }
                all.append(finding)
            }
        }
        self.variants = variants
        self.findings = all
        self.rules = rules
    }

    /// The largest text size below the finding's at which the same finding is gone, if any.
    private static func largestSizeWithout(_ finding: FitFinding,
                                           findings: (FitVariant) throws -> [FitFinding]) rethrows
        -> ContentSizeCategory? {
        let key = finding.key
        for size in ContentSizeCategory.allCases.prefix(finding.variant.contentSize.order).reversed()
            where try !findings(finding.variant.at(size)).contains(where: { $0.key == key }) {
            return size
        }
        return nil
    }

    /// The findings that break a rule.
    public var failures: [FitFinding] { findings.filter { finding in rules.contains { $0.isBroken(by: finding) } } }

    public var passed: Bool { !findings.contains { finding in rules.contains { $0.isBroken(by: finding) } } }

    /// How many findings of each kind, in the kinds' order, those with none left out.
    public var counts: [(kind: FitFinding.Kind, count: Int)] { FitFinding.counts(of: findings) }
}

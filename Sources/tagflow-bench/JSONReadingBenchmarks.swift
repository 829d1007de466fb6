import Foundation
import TagFlowCLI
import TagFlowInput
import TagFlowLayout

/// The same 200k tags as tags JSON on one line, as generators write it, and pretty-printed, one tag a line: read in
/// process and laid out by the whole `tagflow layout`, the two in turn. The parser once counted every value's column
/// from the start of its line, which made one line of 200k tags take minutes; now both cost about the same.
enum JSONReadingBenchmarks {
    static let tagCount = 200_000

    static let group = BenchmarkGroup(
        name: "json",
        summary: "200k tags as one-line and as pretty tags JSON: reading in process and tagflow layout",
        run: run)

    static func run(_ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-json-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let forms = [(name: "one line", bytes: Array(tagsJSON(pretty: false).utf8)),
                     (name: "pretty", bytes: Array(tagsJSON(pretty: true).utf8))]
        let files = try forms.enumerated().map { index, form in
            let file = folder.appendingPathComponent("tags\(index).json")
            try Data(form.bytes).write(to: file)
            return file.path
        }
        // A benchmark of a wrong answer is worthless: both forms must give the same tags.
        let documents = try forms.map { try TagsJSON.parse($0.bytes, file: "tags.json") }
        let tags = documents.map { $0.sections.flatMap(\.tags).map { [$0.text, "\($0.isSelected)"] } }
        precondition(tags[0].count == tagCount && tags[0] == tags[1], "the two forms read differently")

        let size = "\(formatCount(tagCount)) tags"
        // In turn, so that the machine's drift weighs on both forms alike.
        var parsed = 0
        let reading = try TimesInTurn(forms.map { form in
            { try seconds { parsed &+= try TagsJSON.parse(form.bytes, file: "tags.json").sections.count } }
        })
        precondition(parsed > 0, "nothing was read")
        for (index, form) in forms.enumerated() {
            let time = reading.medianTime(index)
            report.row("tags JSON read in process, \(form.name)", size: "\(size), \(formatMegabytes(form.bytes.count))",
                       time: time, rate: "\(formatRate(Double(tagCount) / time)) tags/s")
        }
        let readRatio = reading.ratio(0, to: 1)
        report.row("read in process, one line against pretty", size: size, rate: "\(formatSignificant(readRatio))×",
                   bar: Bar(target: "≤ 1.25×", isMet: readRatio <= 1.25))

        let tagflow = try tagflowExecutable()
        let output = folder.appendingPathComponent("out.txt").path
        let layout = try TimesInTurn(files.map { file in
            { try seconds { try runProgram(tagflow, ["layout", file, "-o", output]) } }
        })
        for (index, form) in forms.enumerated() {
            report.row("tagflow layout, whole process, \(form.name)", size: size, time: layout.medianTime(index),
                       rate: "\(formatRate(Double(tagCount) / layout.medianTime(index))) tags/s")
        }
        let layoutRatio = layout.ratio(0, to: 1)
        report.row("tagflow layout, one line against pretty", size: size, rate: "\(formatSignificant(layoutRatio))×",
                   bar: Bar(target: "≤ 1.25×", isMet: layoutRatio <= 1.25))
    }

    /// `tagCount` tags in four titled sections, every seventh Chinese (so columns count characters, not bytes) and
    /// every tenth an object, half of those selected: on one line with no spaces, or pretty with one tag a line.
    static func tagsJSON(pretty: Bool) -> String {
        let newline = pretty ? "\n" : "", space = pretty ? " " : ""
        func indent(_ level: Int) -> String { pretty ? String(repeating: "  ", count: level) : "" }
        let sections = (0..<4).map { section in
            let tags = (0..<tagCount / 4).map { index -> String in
                let number = section * tagCount / 4 + index
                let text = number % 7 == 0 ? "\"标签\(number)\"" : "\"t\(number)\""
                guard number % 10 == 0 else { return indent(4) + text }
                return indent(4) + "{\"text\":\(space)\(text),\(space)\"selected\":\(space)\(number % 20 == 0)}"
            }
            return indent(2) + "{" + newline + indent(3) + "\"title\":\(space)\"Section \(section)\"," + newline
                + indent(3) + "\"tags\":\(space)[" + newline + tags.joined(separator: "," + newline) + newline
                + indent(3) + "]" + newline + indent(2) + "}"
        }
        return "{" + newline + indent(1) + "\"sections\":\(space)[" + newline
            + sections.joined(separator: "," + newline) + newline + indent(1) + "]" + newline + "}" + newline
    }

    /// `2.5 MB`: a file's size in decimal megabytes, three significant digits.
    private static func formatMegabytes(_ bytes: Int) -> String { formatSignificant(Double(bytes) / 1e6) + " MB" }
}

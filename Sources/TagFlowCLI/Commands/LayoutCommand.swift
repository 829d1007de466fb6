import TagFlowLayout
import TagFlowReview
import TagFlowText

/// `tagflow layout`: the frames of every header, tag and footer.
struct LayoutCommand: ParsableCommand {
    var tagsPath = ""
    var input = LayoutInput()
    var format = OutputFormat.text
    var output: String?

    static let configuration = CommandConfiguration(
        name: "layout",
        abstract: "Print the frame of every header, tag and footer.",
        discussion: "Measures each tag with FreeType and HarfBuzz, lays the tags out as YLTagsChooser's flow layout does, and prints the frames in content coordinates.",
        examples: [
            "tagflow layout Examples/demo.tags",
            "tagflow layout Examples/demo.tags --config Examples/demo.json --format json",
            "printf '篮球\\n足球\\n' | tagflow layout - --width 320",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Output", [
                .option(\.format, "--format", help: "A readable table, or JSON for tools.", value: .choice),
                .option(\.output, "--output", "-o", help: "Write to FILE instead of standard output.", value: .path()),
            ])]
    }

    func run(console: Console) throws -> ExitStatus {
        let output = try self.output.map { path throws(OutputError) in try OutputPath(path, inputs: [tagsPath, input.config]) }
        let loaded = try input.load(tagsPath: tagsPath)
        let (engine, measurer) = try LayoutInput.measurer(for: loaded.options, fonts: loaded.fonts, caching: .measurements, console: console)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        warnAboutText(in: layout, measurer: measurer, console: console)

        let bytes: [UInt8]
        switch format {
        case .json:
            var text = Self.layoutJSON(layout, fontFiles: FontRecords.identities(engine: engine, layout: layout)).rendered()
            text += "\n"
            bytes = Array(text.utf8)
        case .text:
            bytes = Self.layoutTable(layout)
        }
        if let output {
            try output.write(bytes)
        } else {
            console.out(String(decoding: bytes, as: UTF8.self))
        }
        return .success
    }

    /// The stable JSON shape other tools read.
    static func layoutJSON(_ layout: TagLayout, fontFiles: [FontFileIdentity]) -> JSONOutput {
        let flow = layout.flow
        let sections: [JSONOutput] = flow.sections.enumerated().map { sectionIndex, section in
            let source = layout.document.sections[sectionIndex]
            let items = JSONOutput.generatedArray(count: section.items.count) { itemIndex in
                let item = flow.items[section.items.lowerBound + itemIndex]
                let tag = layout.tags[sectionIndex][itemIndex]
                var members: [(String, JSONOutput)] = [
                    ("index", .integer(itemIndex)), ("text", .string(tag.text)),
                    ("x", .number(item.frame.x)), ("y", .number(item.frame.y)),
                    ("width", .number(item.frame.width)), ("height", .number(item.frame.height)),
                    ("textWidth", .number(tag.measurement.width)), ("line", .integer(item.line)),
                    ("selected", .bool(tag.isSelected)), ("hidden", .bool(item.isHidden)), ("truncated", .bool(item.isTruncated)),
                ]
                if tag.isTruncated { members.append(("displayText", .string(tag.displayText))) }
                members += [("fonts", .array(tag.measurement.fonts.map(JSONOutput.string))),
                            ("missingGlyphs", .integer(tag.measurement.missingGlyphs))]
                return .object(members)
            }
            var members: [(String, JSONOutput)] = [
                ("index", .integer(sectionIndex)), ("title", .optional(source.title)), ("footer", .optional(source.footer)),
                ("header", .rect(section.header)), ("footerFrame", .rect(section.footer)),
                ("lineCount", .integer(section.lineCount)), ("hiddenCount", .integer(section.hiddenCount)),
            ]
            // Only asked-for more tags add the key, so layouts without them print as they always have.
            if !flow.options.moreTag.isEmpty { members.append(("more", moreJSON(layout, section: sectionIndex))) }
            members.append(("items", items))
            return .object(members)
        }
        return .object([
            ("viewport", .object([("width", .number(flow.options.width)), ("height", .number(flow.options.height))])),
            ("contentSize", .object([("width", .number(flow.contentSize.width)), ("height", .number(flow.contentSize.height))])),
            ("contentInset", .array([flow.options.contentInset.top, flow.options.contentInset.left,
                                     flow.options.contentInset.bottom, flow.options.contentInset.right].map(JSONOutput.number))),
            ("fontFiles", FontRecords.json(fontFiles)),
            ("sections", .array(sections)),
        ])
    }

    /// A section's more tag, `{"text": "+12", "count": 12, "x": …, "y": …, "width": …, "height": …}`, or null.
    static func moreJSON(_ layout: TagLayout, section: Int) -> JSONOutput {
        guard let more = layout.flow.sections[section].more, let tag = layout.moreTags[section] else { return .null }
        return .object([
            ("text", .string(tag.text)), ("count", .integer(more.count)),
            ("x", .number(more.frame.x)), ("y", .number(more.frame.y)),
            ("width", .number(more.frame.width)), ("height", .number(more.frame.height)),
            ("textWidth", .number(tag.measurement.width)), ("line", .integer(more.line)), ("truncated", .bool(more.isTruncated)),
        ])
    }

    /// A table for people, as UTF-8: one row per element.
    static func layoutTable(_ layout: TagLayout) -> [UInt8] {
        let flow = layout.flow
        let options = flow.options
        let summary = "viewport \(formatPoints(options.width))×\(formatPoints(options.height))  content \(formatDecimal(flow.contentSize.width))×\(formatDecimal(flow.contentSize.height))  \(flow.sections.count) section(s), \(layout.document.tagCount) tag(s)"
        var table = TextTable(columns: ["element", "text", "x", "y", "width", "height", "notes"])
        func row(_ element: String, _ text: String, _ frame: Rect?, _ notes: String = "") -> [String] {
            guard let frame else { return [element, text, "-", "-", "-", "-", notes] }
            return [element, text, formatDecimal(frame.x), formatDecimal(frame.y), formatDecimal(frame.width), formatDecimal(frame.height), notes]
        }
        for (sectionIndex, section) in flow.sections.enumerated() {
            let source = layout.document.sections[sectionIndex]
            if let header = section.header { table.add(row("header \(sectionIndex)", source.title ?? "", header)) }
            for (itemIndex, item) in flow.items[section.items].enumerated() {
                let tag = layout.tags[sectionIndex][itemIndex]
                var notes = [String]()
                if tag.isSelected { notes.append("selected") }
                if item.isHidden { notes.append("hidden") }
                if item.isTruncated { notes.append("truncated: \(tag.displayText)") }
                if tag.measurement.missingGlyphs > 0 { notes.append("\(tag.measurement.missingGlyphs) missing glyph(s)") }
                table.add(row("item \(sectionIndex)-\(itemIndex)", tag.text, item.isHidden ? nil : item.frame, notes.joined(separator: ", ")))
            }
            if let more = section.more, let tag = layout.moreTags[sectionIndex] {
                table.add(row("more \(sectionIndex)", tag.text, more.frame, more.isTruncated ? "truncated" : ""))
            }
            if let footer = section.footer { table.add(row("footer \(sectionIndex)", source.footer ?? "", footer)) }
            if section.hiddenCount > 0 { table.add(["", "(\(section.hiddenCount) hidden by maxLines)", "", "", "", "", ""]) }
        }
        var bytes = Array(summary.utf8)
        bytes.append(0x0A)
        table.render(into: &bytes)
        bytes.append(0x0A)
        return bytes
    }
}

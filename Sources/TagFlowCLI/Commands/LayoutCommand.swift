import TagFlowLayout
import TagFlowText

/// `tagflow layout`: the frames of every header, tag and footer.
enum LayoutCommand: Command {
    enum Format: String, CaseIterable { case text, json }

    static let spec = CommandSpec(
        name: "layout",
        abstract: "Print the frame of every header, tag and footer.",
        discussion: "Measures each tag with FreeType and HarfBuzz, lays the tags out as YLTagsChooser's flow layout does, and prints the frames in content coordinates.",
        positionals: [PositionalSpec("tags-file", help: "A tags file, a tags JSON file, or '-' for standard input.")],
        optionGroups: LayoutInput.optionGroups + [("Output", [
            OptionSpec(["--format"], value: "text|json", help: "A readable table, or JSON for tools.", default: "text"),
            OptionSpec(["--output", "-o"], value: "FILE", help: "Write to FILE instead of standard output."),
        ])],
        examples: [
            "tagflow layout Examples/demo.tags",
            "tagflow layout Examples/demo.tags --config Examples/demo.json --format json",
            "printf '篮球\\n足球\\n' | tagflow layout - --width 320",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try LayoutInput.choice(Format.self, arguments.value("--format"), flag: "--format") ?? .text
        let tagsPath = arguments.positionals[0]
        let output = try arguments.value("--output").map { path throws(InputError) in try OutputPath(path, inputs: [tagsPath, arguments.value("--config")]) }
        let loaded = try LayoutInput.load(tagsPath: tagsPath, arguments: arguments)
        let (_, measurer) = try LayoutInput.measurer(for: loaded.options, caching: .measurements)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        warnAboutTofu(in: layout, console: console)

        let bytes: [UInt8]
        switch format {
        case .json:
            var text = layoutJSON(layout).rendered()
            text += "\n"
            bytes = Array(text.utf8)
        case .text:
            bytes = layoutTable(layout)
        }
        if let output {
            try output.write(bytes)
        } else {
            console.out(String(decoding: bytes, as: UTF8.self))
        }
        return .success
    }

    /// Tofu should never slip by unseen.
    static func warnAboutTofu(in layout: TagLayout, console: Console) {
        for (id, tag) in layout.tagsWithMissingGlyphs {
            let place = layout.document.sections[id.section].tags[id.item].location.map { "line \($0.line), " } ?? ""
            console.warn("\(place)\(id): '\(tag.text)' has \(tag.measurement.missingGlyphs) glyph(s) no installed font can draw; it will show as boxes (install a font that covers it, e.g. fonts-noto-core)")
        }
    }

    /// The stable JSON shape other tools read.
    static func layoutJSON(_ layout: TagLayout) -> JSONOutput {
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
            return .object([
                ("index", .integer(sectionIndex)), ("title", .optional(source.title)), ("footer", .optional(source.footer)),
                ("header", .rect(section.header)), ("footerFrame", .rect(section.footer)),
                ("lineCount", .integer(section.lineCount)), ("hiddenCount", .integer(section.hiddenCount)),
                ("items", items),
            ])
        }
        return .object([
            ("viewport", .object([("width", .number(flow.options.width)), ("height", .number(flow.options.height))])),
            ("contentSize", .object([("width", .number(flow.contentSize.width)), ("height", .number(flow.contentSize.height))])),
            ("contentInset", .array([flow.options.contentInset.top, flow.options.contentInset.left,
                                     flow.options.contentInset.bottom, flow.options.contentInset.right].map(JSONOutput.number))),
            ("sections", .array(sections)),
        ])
    }

    /// A table for people, as UTF-8: one row per element.
    static func layoutTable(_ layout: TagLayout) -> [UInt8] {
        let flow = layout.flow
        let options = flow.options
        let summary = "viewport \(formatPoints(options.width))×\(formatPoints(options.height))  content \(formatPoints(flow.contentSize.width))×\(formatPoints(flow.contentSize.height))  \(flow.sections.count) section(s), \(layout.document.tagCount) tag(s)"
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
            if let footer = section.footer { table.add(row("footer \(sectionIndex)", source.footer ?? "", footer)) }
            if section.hiddenCount > 0 { table.add(["", "(\(section.hiddenCount) hidden by maxLines)", "", "", "", "", ""]) }
        }
        var bytes = Array(summary.utf8)
        bytes.append(0x0A)
        table.render(into: &bytes)
        bytes.append(0x0A)
        return bytes
    }

    /// Two decimals at most, for tables.
    static func formatDecimal(_ value: Double) -> String {
        formatPoints((value * 100).rounded() / 100)
    }
}

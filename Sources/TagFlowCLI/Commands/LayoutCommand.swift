import TagFlowImage
import TagFlowLayout
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// `tagflow layout`: the frames of every header, tag and footer.
struct LayoutCommand: ParsableCommand {
    var tagsPath = ""
    var input = LayoutInput()
    /// nil: JSON when the output file's name ends in `.json`, else the table.
    var format: OutputFormat?
    var output: String?

    static let configuration = CommandConfiguration(
        name: "layout",
        abstract: "Print the frame of every header, tag and footer.",
        discussion: "Measures each tag with FreeType and HarfBuzz, lays the tags out as YLTagsChooser's flow layout "
            + "does, and prints the frames in content coordinates.",
        examples: [
            "tagflow layout Examples/demo.tags",
            "tagflow layout Examples/demo.tags --config Examples/demo.json --format json",
            "printf '篮球\\n足球\\n' | tagflow layout - --width 320",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Output", [
                .option(\.format, "--format", help: "A readable table, or JSON for tools.", value: .choice,
                        defaultDescription: "json for an output named *.json, else text"),
                .option(\.output, "--output", "-o", help: "Write to FILE instead of standard output (-, the default).",
                        value: .path()),
            ])]
    }

    func run(console: Console) throws -> ExitStatus {
        let output = try self.output.map { path throws(OutputError) in
            try OutputPath(path, inputs: [tagsPath, input.config])
        }
            .flatMap { $0.isStandardOutput ? nil : $0 }
        let loaded = try input.load(tagsPath: tagsPath)
        let measured = try SceneLoader.layout(loaded, caching: .measurements, console: console)
        measured.warn(console)
        let (layout, engine) = (measured.layout, measured.engine)

        switch format ?? (output?.pathExtension == "json" ? .json : .text) {
        case .json:
            let style = try StyleSettings().style(config: loaded.config)
            let json = Self.layoutJSON(layout, fontFiles: FontRecords.identities(engine: engine, layout: layout,
                                                                                 style: style))
            try Self.stream(to: output, console: console) { buffer in
                json.render(into: &buffer)
                buffer.append(0x0A)
            }
        case .text:
            try Self.stream(to: output, console: console) { Self.writeTable(layout, into: &$0) }
        }
        return .success
    }

    /// Hands what `body` writes to the output file a chunk at a time (under a temporary name, renamed into place
    /// once whole), or to standard output.
    static func stream(to output: OutputPath?, console: Console,
                       _ body: (inout OutputBuffer) -> Void) throws(OutputError) {
        guard let output else {
            var buffer = OutputBuffer { console.out(String(decoding: $0, as: UTF8.self)) }
            body(&buffer)
            try? buffer.finish()
            return
        }
        do {
            let writer = try AtomicFile.Writer(path: output.path)
            var buffer = OutputBuffer { try writer.write($0) }
            body(&buffer)
            try buffer.finish()
            try writer.commit()
        } catch let error as AtomicFileError {
            throw .fileNotWritten(error)
        } catch {
            throw .writeFailed(path: output.path, reason: "\(error)")
        }
    }

    /// The stable JSON shape other tools read.
    static func layoutJSON(_ layout: TagLayout, fontFiles: [FontFileIdentity]) -> JSONOutput {
        let flow = layout.flow
        let sections: [JSONOutput] = flow.sections.enumerated().map { sectionIndex, section in
            let source = layout.document.sections[sectionIndex]
            let tags = layout.tags[sectionIndex]
            let items = JSONOutput.generatedRows(count: section.items.count) { itemIndex, row in
                let item = flow.items[section.items.lowerBound + itemIndex]
                let attributes = flow.attributes(for: .item(sectionIndex, itemIndex))!
                row.member("index", integer: itemIndex)
                row.member("text", string: tags[itemIndex].text)
                row.member("x", number: item.frame.x)
                row.member("y", number: item.frame.y)
                row.member("width", number: item.frame.width)
                row.member("height", number: item.frame.height)
                row.member("textWidth", number: tags[itemIndex].measurement.width)
                row.member("line", integer: item.line)
                row.member("selected", bool: tags[itemIndex].isSelected)
                row.member("hidden", bool: attributes.isHidden)
                row.member("truncated", bool: item.isTruncated)
                if tags[itemIndex].isTruncated { row.member("displayText", string: tags[itemIndex].displayText) }
                row.member("fonts", strings: tags[itemIndex].measurement.fonts)
                row.member("missingGlyphs", integer: tags[itemIndex].measurement.missingGlyphs)
                row.member("zIndex", integer: attributes.zIndex)
                row.member("alpha", number: attributes.alpha)
            }
            var members: [(String, JSONOutput)] = [
                ("index", .integer(sectionIndex)), ("title", .optional(source.title)),
                ("footer", .optional(source.footer)),
                ("header", elementJSON(flow, .header(sectionIndex))),
                ("footerFrame", elementJSON(flow, .footer(sectionIndex))),
                ("lineCount", .integer(section.lineCount)), ("hiddenCount", .integer(section.hiddenCount)),
            ]
            // The key appears only when more tags are asked for, so a layout without them has no empty one.
            if !flow.options.moreTag.isEmpty { members.append(("more", moreJSON(layout, section: sectionIndex))) }
            members.append(("items", items))
            return .object(members)
        }
        var members: [(String, JSONOutput)] = [
            ("viewport", .object([("width", .number(flow.options.width)), ("height", .number(flow.options.height))])),
            ("contentSize",
             .object([("width", .number(flow.contentSize.width)), ("height", .number(flow.contentSize.height))])),
            ("contentInset", .array([flow.options.contentInset.top, flow.options.contentInset.left,
                                     flow.options.contentInset.bottom,
                                     flow.options.contentInset.right].map(JSONOutput.number))),
        ]
        // Vertical is the default, so only horizontal layouts name their direction and rows; and left to right, so
        // only right-to-left layouts name their reading direction.
        if flow.options.isHorizontal {
            members += [("scrollDirection", .string(flow.options.scrollDirection.rawValue)),
                        ("rows", .integer(flow.options.rows))]
        }
        if flow.options.direction == .rtl { members.append(("direction", .string(Direction.rtl.rawValue))) }
        return .object(members + [("fontFiles", FontRecords.json(fontFiles)), ("sections", .array(sections))])
    }

    /// A section's more tag, `{"text": "+12", "count": 12, "x": …, "y": …, "width": …, "height": …}`, or null.
    static func moreJSON(_ layout: TagLayout, section: Int) -> JSONOutput {
        guard let more = layout.flow.sections[section].more, let tag = layout.moreTags[section] else { return .null }
        return .object([
            ("text", .string(tag.text)), ("count", .integer(more.count)),
            ("x", .number(more.frame.x)), ("y", .number(more.frame.y)),
            ("width", .number(more.frame.width)), ("height", .number(more.frame.height)),
            ("textWidth", .number(tag.measurement.width)), ("line", .integer(more.line)),
            ("truncated", .bool(more.isTruncated)),
        ] + (tag.isTruncated ? [("displayText", .string(tag.displayText))] : [])
            + attributesJSON(layout.flow.attributes(for: .more(section))!))
    }

    /// A header's or footer's frame and attributes, `{"x", "y", "width", "height", "zIndex", "alpha"}`, or null.
    static func elementJSON(_ flow: FlowLayout, _ id: ElementID) -> JSONOutput {
        guard let attributes = flow.attributes(for: id),
              case let .object(frame) = JSONOutput.rect(attributes.frame) else { return .null }
        return .object(frame + attributesJSON(attributes))
    }

    /// What follows an element's other keys: its zIndex and alpha (`"hidden"` is an item's own key).
    static func attributesJSON(_ attributes: LayoutAttributes) -> [(String, JSONOutput)] {
        [("zIndex", .integer(attributes.zIndex)), ("alpha", .number(attributes.alpha))]
    }

    /// A table for people, as UTF-8: one row per element.
    static func layoutTable(_ layout: TagLayout) -> [UInt8] {
        var buffer = OutputBuffer()
        writeTable(layout, into: &buffer)
        return buffer.bytes
    }

    /// Writes the table: a summary line, then the rows, each made twice (to measure the columns, then to write them)
    /// and never kept.
    static func writeTable(_ layout: TagLayout, into output: inout OutputBuffer) {
        let flow = layout.flow
        let options = flow.options
        output.append("viewport \(formatPoints(options.width))×\(formatPoints(options.height))  "
            + "content \(formatDecimal(flow.contentSize.width))×\(formatDecimal(flow.contentSize.height))  "
            + "\(flow.sections.count) section(s), \(layout.document.tagCount) tag(s)")
        output.append(0x0A)
        var table = StreamedTextTable(columns: tableColumns)
        // A section's items are measured, and then written, in blocks on every core.
        forEachTableRowGroup(layout) { group in
            switch group {
            case let .row(fill): table.measure(fill)
            case let .items(section, items):
                inBlocks(items, { block in
                    var part = StreamedTextTable(columns: tableColumns)
                    let rows = ItemRows(layout, section: section)
                    for item in block { part.measure { rows.write(item, into: &$0) } }
                    return part.columnWidths
                }, each: { table.widen(to: $0) })
            }
        }
        table.writeHeader(into: &output)
        let widths = table.columnWidths
        forEachTableRowGroup(layout) { group in
            switch group {
            case let .row(fill): table.write(into: &output, fill)
            case let .items(section, items):
                inBlocks(items, { block in
                    var part = OutputBuffer(capacity: 1 << 20)
                    var writer = StreamedTextTable(columns: tableColumns)
                    writer.widen(to: widths)
                    let rows = ItemRows(layout, section: section)
                    for item in block { writer.write(into: &part) { rows.write(item, into: &$0) } }
                    return part.bytes
                }, each: { part in part.withUnsafeBufferPointer { output.appendWhole($0) } })
            }
        }
        output.append(0x0A)
    }

    /// `body` over blocks of `range` on every core, handing each result to `each` in order while the next blocks
    /// are made, so only a few blocks' results are ever held.
    private static func inBlocks<T: Sendable>(_ range: Range<Int>, _ body: @Sendable (Range<Int>) -> T,
                                              each: (T) -> Void) {
        OrderedPipeline.forEachBlock(of: range, size: 4096, make: body, consume: each)
    }

    static let tableColumns = ["element", "text", "x", "y", "width", "height", "notes"]

    /// The table's rows, in order: one row at a time, or a section's items, which may be made in any order.
    enum TableRowGroup {
        case row((inout TextTableRow) -> Void)
        case items(section: Int, Range<Int>)
    }

    /// Calls `body` once per row of the table, in order, with a function that writes the row's cells.
    static func forEachTableRow(_ layout: TagLayout, _ body: ((inout TextTableRow) -> Void) -> Void) {
        forEachTableRowGroup(layout) { group in
            switch group {
            case let .row(fill): body(fill)
            case let .items(section, items):
                let rows = ItemRows(layout, section: section)
                for item in items { body { rows.write(item, into: &$0) } }
            }
        }
    }

    /// A section's header, its items as one group, its more tag, footer and hidden count, section after section.
    static func forEachTableRowGroup(_ layout: TagLayout, _ body: (TableRowGroup) -> Void) {
        let flow = layout.flow
        for (sectionIndex, section) in flow.sections.enumerated() {
            let source = layout.document.sections[sectionIndex]
            /// A header's, more tag's or footer's row: its kind and section, its text, its frame and a note.
            func elementRow(_ kind: String, text: String, frame: Rect, note: String = "") {
                body(.row { row in
                    tableElement(kind, sectionIndex, into: &row)
                    row.endCell()
                    row.add(text)
                    tableFrame(frame, into: &row)
                    row.add(note)
                })
            }
            if let header = section.header { elementRow("header", text: source.title ?? "", frame: header) }
            body(.items(section: sectionIndex, 0..<section.items.count))
            if let more = section.more, let tag = layout.moreTags[sectionIndex] {
                elementRow("more", text: tag.text, frame: more.frame, note: more.isTruncated ? "truncated" : "")
            }
            if let footer = section.footer { elementRow("footer", text: source.footer ?? "", frame: footer) }
            if section.hiddenCount > 0 {
                body(.row { row in
                    row.add("")
                    row.text.append("(")
                    row.text.appendInteger(section.hiddenCount)
                    row.text.append(" hidden by maxLines)")
                    row.endCell()
                    for _ in 0..<5 { row.add("") }
                })
            }
        }
    }

    /// The rows of one section's items, read from the layout's arrays without copying a tag.
    struct ItemRows {
        let section: Int
        let items: ArraySlice<ItemLayout>
        let tags: [MeasuredTag]

        init(_ layout: TagLayout, section: Int) {
            self.section = section
            items = layout.flow.items[layout.flow.sections[section].items]
            tags = layout.tags[section]
        }

        /// The row of the section's item `itemIndex`.
        func write(_ itemIndex: Int, into row: inout TextTableRow) {
            let item = items[items.startIndex + itemIndex]
            tableElement("item", section, into: &row)
            row.text.append(UInt8(ascii: "-"))
            row.text.appendInteger(itemIndex)
            row.endCell()
            row.add(tags[itemIndex].text)
            tableFrame(item.isHidden ? nil : item.frame, into: &row)
            var separator = false
            func note(_ write: (inout OutputBuffer) -> Void) {
                if separator { row.text.append(", ") }
                separator = true
                write(&row.text)
            }
            if tags[itemIndex].isSelected { note { $0.append("selected") } }
            if item.isHidden { note { $0.append("hidden") } }
            if item.isTruncated { note { $0.append("truncated: "); $0.append(tags[itemIndex].displayText) } }
            let missingGlyphs = tags[itemIndex].measurement.missingGlyphs
            if missingGlyphs > 0 { note { $0.appendInteger(missingGlyphs); $0.append(" missing glyph(s)") } }
            row.endCell()
        }
    }

    /// Four cells: x, y, width and height to two decimals, or "-" for an element that is not shown.
    private static func tableFrame(_ frame: Rect?, into row: inout TextTableRow) {
        guard let frame else {
            for _ in 0..<4 { row.add("-") }
            return
        }
        row.text.appendDecimal(frame.x)
        row.endCell()
        row.text.appendDecimal(frame.y)
        row.endCell()
        row.text.appendDecimal(frame.width)
        row.endCell()
        row.text.appendDecimal(frame.height)
        row.endCell()
    }

    /// "header 2": an element's kind and section, the start of its first cell.
    private static func tableElement(_ kind: String, _ section: Int, into row: inout TextTableRow) {
        row.text.append(kind)
        row.text.append(0x20)
        row.text.appendInteger(section)
    }
}

import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// The layout a golden was drawn from, kept beside it as `VARIANT.layout.json`, so that a later verify can say what
/// changed in words and tell a tag that only moved from one that changed.
///
/// A sidecar rather than a chunk inside the PNG: a golden whose pixels are unchanged is never rewritten, so a layout
/// can be added to goldens recorded before it existed without touching them, and in code review the layout's change
/// reads as a text diff beside the picture's. One line a tag keeps that diff to the tags that changed:
///
/// ```json
/// {
///   "format": "tagflow golden layout 1",
///   "viewport": [375, 412], "contentSize": [375, 1116], "direction": "ltr", "scrollDirection": "vertical",
///   "fontFiles": [{"family": "DejaVu Sans", …}],
///   "sections": [
///     {"title": "运动", "footer": null, "header": [0, 0, 375, 50], "footerFrame": null, "more": null, "tags": [
///       ["篮球", "篮球", 10, 60, 59, 30, 0, false],
///       …
/// ```
///
/// A tag is `[text, displayText, x, y, width, height, line, selected]`, with null frame values when `maxLines` hides
/// it; a more tag is `[text, count, x, y, width, height]`.
package enum GoldenLayout {
    static let format = "tagflow golden layout 1"

    /// The sidecar's name beside a variant's goldens.
    static func fileName(ofVariant variant: String) -> String { variant + ".layout.json" }

    /// Whether a file in a screen folder is a sidecar, and the variant it belongs to.
    static func variant(ofFile name: String) -> String? {
        name.hasSuffix(".layout.json") ? String(name.dropLast(".layout.json".count)) : nil
    }

    static func json(_ snapshot: LayoutSnapshot) -> String {
        func numbers(_ rect: Rect) -> [JSONOutput] { [rect.x, rect.y, rect.width, rect.height].map(JSONOutput.number) }
        func rect(_ rect: Rect?) -> JSONOutput { rect.map { .array(numbers($0)) } ?? .null }
        func size(_ size: Size) -> JSONOutput { .array([.number(size.width), .number(size.height)]) }
        let sections = snapshot.sections.map { section -> JSONOutput in
            let tags = section.tags.map { tag -> JSONOutput in
                let frame = tag.frame.map(numbers) ?? Array(repeating: .null, count: 4)
                return .array([.string(tag.text), .string(tag.displayText)] + frame
                              + [.integer(tag.line), .bool(tag.isSelected)])
            }
            let more = section.more.map { more -> JSONOutput in
                .array([.string(more.text), .integer(more.count)] + numbers(more.frame))
            } ?? .null
            return .object([("title", .optional(section.title)), ("footer", .optional(section.footer)),
                            ("header", rect(section.header)), ("footerFrame", rect(section.footerFrame)),
                            ("more", more), ("tags", .array(tags))])
        }
        return JSONOutput.object([
            ("format", .string(format)), ("viewport", size(snapshot.viewport)),
            ("contentSize", size(snapshot.contentSize)), ("direction", .string(snapshot.direction.rawValue)),
            ("scrollDirection", .string(snapshot.scrollDirection.rawValue)),
            ("fontFiles", FontRecords.json(snapshot.fontFiles)), ("sections", .array(sections)),
        ]).rendered() + "\n"
    }

    /// Reads what ``json(_:)`` wrote.
    static func snapshot(fromJSON bytes: [UInt8], file: String) throws(InputError) -> LayoutSnapshot {
        let root = try JSONObjectReader(JSONParser.parse(bytes, file: file), context: "the golden's layout")
        let format = try root.required("format", kind: .layout)
        guard try format.string("\"format\"") == Self.format else {
            throw format.mismatch("\"format\"", expected: "\"\(Self.format)\"")
        }
        let sections = try root.required("sections", kind: .layout).array("\"sections\"").map {
            element throws(InputError) in try section(element)
        }
        func choice<T: RawRepresentable>(_ key: String, _ fallback: T) throws(InputError) -> T
            where T.RawValue == String {
            guard let value = root[key] else { return fallback }
            return T(rawValue: try value.string("\"\(key)\"")) ?? fallback
        }
        func size(_ key: String) throws(InputError) -> Size {
            let value = try root.required(key, kind: .layout)
            let n = try elements(value, count: 2, what: "\"\(key)\"")
            return Size(width: try n[0].number("\"\(key)\""), height: try n[1].number("\"\(key)\""))
        }
        let fonts = try root["fontFiles"].map { value throws(InputError) in
            try FontFileIdentity.list(fromJSON: value)
        } ?? []
        return LayoutSnapshot(viewport: try size("viewport"), contentSize: try size("contentSize"), sections: sections,
                              fontFiles: fonts,
                              scrollDirection: try choice("scrollDirection", ScrollDirection.vertical),
                              direction: try choice("direction", Direction.ltr))
    }

    /// A section: its title and footer, their frames, its tags and its more tag.
    private static func section(_ element: Located<JSONValue>) throws(InputError) -> LayoutSnapshot.Section {
        let section = try JSONObjectReader(element, context: "a section")
        let tags = try section.required("tags", kind: .layout).array("\"tags\"").map { tag throws(InputError) in
            let parts = try elements(tag, count: 8, what: "a tag")
            return LayoutSnapshot.Tag(text: try parts[0].string("a tag's text"),
                                      displayText: try parts[1].string("a tag's text"),
                                      frame: try frame(parts[2..<6], of: tag, what: "a tag's frame"),
                                      line: Int(try parts[6].number("a tag's line")),
                                      isSelected: try parts[7].bool("a tag's selection"))
        }
        var more: LayoutSnapshot.MoreTag?
        if let value = section["more"], case .array(let parts) = value.value, parts.count == 6 {
            let frame = try frame(parts[2..<6], of: value, what: "a more tag's frame")
            more = LayoutSnapshot.MoreTag(text: try parts[0].string("a more tag's text"),
                                          count: Int(try parts[1].number("a count")),
                                          frame: frame ?? Rect(x: 0, y: 0, width: 0, height: 0))
        }
        return LayoutSnapshot.Section(
            title: try section["title"]?.optionalString("\"title\""),
            footer: try section["footer"]?.optionalString("\"footer\""),
            header: try rect(section["header"], what: "\"header\""),
            footerFrame: try rect(section["footerFrame"], what: "\"footerFrame\""),
            tags: tags, more: more)
    }

    /// `value`'s elements, which must be `count`.
    private static func elements(_ value: Located<JSONValue>, count: Int,
                                 what: String) throws(InputError) -> [Located<JSONValue>] {
        let elements = try value.array(what)
        guard elements.count == count else {
            throw .wrongCount(key: what, expected: count, found: elements.count, at: value.location)
        }
        return elements
    }

    /// Four numbers, or four nulls for a tag `maxLines` hides.
    private static func frame(_ parts: ArraySlice<Located<JSONValue>>, of value: Located<JSONValue>,
                              what: String) throws(InputError) -> Rect? {
        let n = try parts.map { part throws(InputError) -> Double? in
            if case .null = part.value { return nil }
            return try part.number(what)
        }
        if n.allSatisfy({ $0 == nil }) { return nil }
        guard let x = n[0], let y = n[1], let width = n[2], let height = n[3] else {
            throw value.mismatch(what, expected: "four numbers")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A header's or footer's frame: four numbers, or null or nothing for none.
    private static func rect(_ value: Located<JSONValue>?, what: String) throws(InputError) -> Rect? {
        guard let value else { return nil }
        if case .null = value.value { return nil }
        return try frame(elements(value, count: 4, what: what)[...], of: value, what: what)
    }
}

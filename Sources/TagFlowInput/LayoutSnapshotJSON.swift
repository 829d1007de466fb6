import TagFlowLayout

/// Reads the JSON `tagflow layout --format json` prints back into a ``LayoutSnapshot``, so saved layouts can be diffed.
package enum LayoutSnapshotJSON {
    /// Whether parsed JSON is a layout (a root with "viewport" and "sections" whose entries have "items"), as opposed
    /// to a tags JSON file (whose sections have "tags").
    package static func isLayout(_ value: Located<JSONValue>) -> Bool {
        guard case let .object(members) = value.value,
              members.contains(where: { $0.key.value == "viewport" }),
              let sections = members.first(where: { $0.key.value == "sections" })?.value,
              case let .array(entries) = sections.value else { return false }
        return entries.allSatisfy { entry in
            guard case let .object(keys) = entry.value else { return false }
            return keys.contains { $0.key.value == "items" }
        }
    }

    package static func snapshot(_ value: Located<JSONValue>) throws(InputError) -> LayoutSnapshot {
        let root = try JSONObjectReader(value, context: "the layout JSON")
        let viewport = try size(root, "viewport")
        let contentSize = try root["contentSize"] == nil ? Size(width: viewport.width, height: 0) : size(root,
                                                                                                         "contentSize")
        let sectionsValue = try root.required("sections", kind: .layout)
        var sections = [LayoutSnapshot.Section]()
        for (sectionIndex, sectionValue) in try sectionsValue.array("\"sections\"").enumerated() {
            let reader = try JSONObjectReader(sectionValue, context: "section \(sectionIndex)")
            var tags = [LayoutSnapshot.Tag]()
            for (itemIndex, itemValue) in try (reader["items"]?.array("\"items\"") ?? []).enumerated() {
                let item = try JSONObjectReader(itemValue, context: "item \(sectionIndex)-\(itemIndex)")
                let text = try required(item, "text").string("the \"text\" of item \(sectionIndex)-\(itemIndex)")
                let hidden = try item["hidden"]?.bool("\"hidden\"") ?? false
                let frame = try rect(item, context: "item \(sectionIndex)-\(itemIndex)")
                tags.append(LayoutSnapshot.Tag(
                    text: text, displayText: try item["displayText"]?.optionalString("\"displayText\""),
                    frame: hidden ? nil : frame, line: Int(try item["line"]?.number("\"line\"") ?? 0),
                    isSelected: try item["selected"]?.bool("\"selected\"") ?? false))
            }
            sections.append(LayoutSnapshot.Section(
                title: try reader["title"]?.optionalString("\"title\""),
                footer: try reader["footer"]?.optionalString("\"footer\""),
                header: try optionalRect(reader["header"], context: "the header of section \(sectionIndex)"),
                footerFrame: try optionalRect(reader["footerFrame"], context: "the footer of section \(sectionIndex)"),
                tags: tags, more: try more(reader["more"], section: sectionIndex)))
        }
        let fontFiles = try root["fontFiles"].map { value throws(InputError) in
            try FontFileIdentity.list(fromJSON: value)
        } ?? []
        /// One of `T`'s names under `key`, if the key is there.
        func choice<T: CaseIterable & RawRepresentable>(_ key: String) throws(InputError) -> T?
            where T.RawValue == String {
            try root[key].map { value throws(InputError) -> T in
                guard let chosen = T(rawValue: try value.string("\"\(key)\"")) else {
                    throw value.mismatch("\"\(key)\"",
                                         expected: T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
                }
                return chosen
            }
        }
        // Written only for horizontal and right-to-left layouts; a layout saved without them scrolls down and reads
        // left to right.
        let direction: ScrollDirection = try choice("scrollDirection") ?? .vertical
        let reading: Direction = try choice("direction") ?? .ltr
        return LayoutSnapshot(viewport: viewport, contentSize: contentSize, sections: sections, fontFiles: fontFiles,
                              scrollDirection: direction, direction: reading)
    }

    /// A section's `"more"` object, absent or null when it shows no more tag.
    private static func more(_ value: Located<JSONValue>?, section: Int) throws(InputError) -> LayoutSnapshot.MoreTag? {
        guard let value else { return nil }
        if case .null = value.value { return nil }
        let context = "the more tag of section \(section)"
        let reader = try JSONObjectReader(value, context: context)
        return LayoutSnapshot.MoreTag(text: try required(reader, "text").string("the \"text\" of \(context)"),
                                      count: Int(try required(reader, "count").number("the \"count\" of \(context)")),
                                      frame: try rect(reader, context: context))
    }

    private static func required(_ reader: JSONObjectReader, _ key: String) throws(InputError) -> Located<JSONValue> {
        try reader.required(key, kind: .layout)
    }

    private static func size(_ root: JSONObjectReader, _ key: String) throws(InputError) -> Size {
        let reader = try JSONObjectReader(required(root, key), context: "\"\(key)\"")
        return Size(width: try required(reader, "width").number("the width in \"\(key)\""),
                    height: try required(reader, "height").number("the height in \"\(key)\""))
    }

    private static func rect(_ reader: JSONObjectReader, context: String) throws(InputError) -> Rect {
        Rect(x: try required(reader, "x").number("x of \(context)"),
             y: try required(reader, "y").number("y of \(context)"),
             width: try required(reader, "width").number("the width of \(context)"),
             height: try required(reader, "height").number("the height of \(context)"))
    }

    private static func optionalRect(_ value: Located<JSONValue>?, context: String) throws(InputError) -> Rect? {
        guard let value else { return nil }
        if case .null = value.value { return nil }
        return try rect(JSONObjectReader(value, context: context), context: context)
    }
}

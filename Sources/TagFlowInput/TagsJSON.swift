import TagFlowLayout

/// The tags-file content as JSON, for generated input.
///
/// ```json
/// {"sections": [{"title": "运动", "footer": "最多选择 8 个",
///                "tags": ["篮球", {"text": "足球", "selected": true}]}]}
/// ```
/// `title` and `footer` may be omitted or null; a tag is a string or an object. Strings of a catalog are named
/// by `"titleKey"`, `"footerKey"`, a tag object's `"key"`, and `"keys"`, a pattern adding a tag for each key
/// matching it after the section's `"tags"`.
public enum TagsJSON {
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> TagDocument {
        let json = try JSONParser.parse(bytes, file: file)
        let root = try JSONObjectReader(json, context: "the tags JSON")
        if let (key, _) = root.members.first(where: { $0.key.value != "sections" }) {
            // Another of tagflow's JSON files given where the tags go says so, rather than naming its first key.
            if LayoutSnapshotJSON.isLayout(json) { throw .layoutJSONAsTags(file: file, at: key.location) }
            if ConfigFile.keys.contains(key.value) { throw .configAsTags(file: file, at: key.location) }
        }
        try root.rejectUnknownKeys(allowed: ["sections"])
        let sectionsValue = try root.required("sections", kind: .tags)
        var sections = [TagSection]()
        for (index, value) in try sectionsValue.array("\"sections\"").enumerated() {
            let reader = try JSONObjectReader(value, context: "section \(index)")
            try reader.rejectUnknownKeys(allowed: ["title", "footer", "tags", "titleKey", "footerKey", "keys"])
            var section = TagSection()
            section.title = try reader["title"]?.optionalString("\"title\"")
            section.footer = try reader["footer"]?.optionalString("\"footer\"")
            if let key = reader["titleKey"] {
                section.titleKey = try stringKey(key, "\"titleKey\"")
                section.title = section.titleKey?.key
            }
            if let key = reader["footerKey"] {
                section.footerKey = try stringKey(key, "\"footerKey\"")
                section.footer = section.footerKey?.key
            }
            for tagValue in try reader["tags"]?.array("\"tags\"") ?? [] {
                section.tags.append(try tag(tagValue))
            }
            if let pattern = reader["keys"] {
                let key = try stringKey(pattern, "\"keys\"")
                section.tags.append(Tag(key.key, location: key.location, reference: .pattern(key.key)))
            }
            sections.append(section)
        }
        return TagDocument(sections: sections)
    }

    /// A catalog key, which may not be empty.
    private static func stringKey(_ value: Located<JSONValue>, _ what: String) throws(InputError) -> StringKey {
        let key = try value.string(what)
        if key.isEmpty { throw .emptyValue(key: what, at: value.location) }
        return StringKey(key, location: SourceLocation(line: value.location.line, column: value.location.column))
    }

    private static func tag(_ value: Located<JSONValue>) throws(InputError) -> Tag {
        let location = SourceLocation(line: value.location.line, column: value.location.column)
        let text: String
        var selected = false
        switch value.value {
        case let .string(string):
            text = string
        case .object:
            let reader = try JSONObjectReader(value, context: "a tag object")
            try reader.rejectUnknownKeys(allowed: ["text", "selected", "key"])
            selected = try reader["selected"]?.bool("\"selected\"") ?? false
            if let key = reader["key"], reader["text"] == nil {
                let key = try stringKey(key, "\"key\"")
                return Tag(key.key, isSelected: selected, location: location, reference: .key(key.key))
            }
            text = try reader.required("text", kind: .tagObject).string("\"text\"")
        default:
            throw value.mismatch("a tag", expected: "a string or an object with \"text\"")
        }
        if text.isEmpty { throw .emptyTag(at: value.location) }
        if let scalar = text.unicodeScalars.first(where: TagsFile.isForbiddenInTag) {
            throw .controlCharacterInTag(scalar, at: value.location)
        }
        if TagsFile.isTooLong(text) {
            throw .tagTooLong(bytes: text.utf8.count, limit: TagsFile.maxTagLength, at: value.location)
        }
        return Tag(text, isSelected: selected, location: location)
    }
}

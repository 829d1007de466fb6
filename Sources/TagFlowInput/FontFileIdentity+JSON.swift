import TagFlowLayout

extension FontFileIdentity {
    /// The font files a `fontFiles` list names, as the goldens' `fonts.json` and layout JSON write them.
    package static func list(fromJSON value: Located<JSONValue>,
                             what: String = "\"fontFiles\"") throws(InputError) -> [FontFileIdentity] {
        try value.array(what).map { element throws(InputError) in
            let reader = try JSONObjectReader(element, context: "a font file")
            func text(_ key: String) throws(InputError) -> String { try reader[key]?.string("\"\(key)\"") ?? "" }
            return FontFileIdentity(family: try text("family"), style: try text("style"),
                                    fileName: try text("fileName"),
                                    version: try text("version"), contentHash: try text("contentHash"))
        }
    }
}

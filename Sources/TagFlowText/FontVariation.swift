/// A value for one axis of a variable font, such as `wght=590`.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag, one to four printable ASCII characters (`wght`, `opsz`, `wdth`, ...).
    public let tag: String
    /// The axis value in the axis's own units (weight 100–900, optical size in points, ...).
    public let value: Double

    /// The tag as the 32-bit number fonts store.
    let tagCode: UInt32

    /// Makes a setting; throws when `tag` is not one to four printable ASCII characters or `value` is not finite.
    public init(tag: String, value: Double) throws(FontVariationError) {
        let bytes = Array(tag.utf8)
        guard (1...4).contains(bytes.count), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .invalidTag(tag)
        }
        guard value.isFinite else { throw .invalidValue(tag: tag, value: String(value)) }
        self.tag = tag
        self.value = value
        // Short tags are padded with blanks, as OpenType does.
        tagCode = (bytes + Array(repeating: 0x20, count: 4 - bytes.count)).reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A setting for an axis read from a font, whose tag needs no checking.
    init(axis tagCode: UInt32, value: Double) {
        tag = tagString(tagCode)
        self.value = value
        self.tagCode = tagCode
    }

    /// Parses settings written like CSS `font-variation-settings` without quotes: `wght=590`, several separated by
    /// commas or blanks (`wght=590, opsz=17`).
    ///
    /// - Throws: `FontVariationError` naming the setting that is not `tag=number`.
    public static func parse(_ settings: String) throws(FontVariationError) -> [FontVariation] {
        var result: [FontVariation] = []
        for setting in settings.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = setting.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw .malformed(String(setting)) }
            guard let value = Double(parts[1]) else {
                throw .invalidValue(tag: String(parts[0]), value: String(parts[1]))
            }
            result.append(try FontVariation(tag: String(parts[0]), value: value))
        }
        return result
    }

    /// `tag=value`, the form `parse` reads and cairo's `cairo_font_options_set_variations` takes.
    public var description: String {
        let whole = value.rounded()
        return "\(tag)=\(whole == value && abs(value) < 1e15 ? String(Int(whole)) : String(value))"
    }
}

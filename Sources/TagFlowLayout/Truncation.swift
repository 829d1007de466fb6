/// Where the ellipsis goes when a tag is too wide for its line.
public enum Truncation: String, CaseIterable, Sendable, Codable {
    case tail, middle, head
}

extension Truncation {
    /// The ellipsis placed where text was cut.
    public static let ellipsis = "…"

    /// The longest version of `text` cut at this end that, with an ellipsis, measures at most `maxWidth`.
    ///
    /// Cuts fall between grapheme clusters, so a base character keeps its marks. If not even the
    /// ellipsis fits, the result is the ellipsis alone.
    ///
    /// - Complexity: O(log n) measurements of strings up to the text's length.
    public func fit(_ text: String, within maxWidth: Double,
                    measurer: some TextMeasuring) -> (text: String, measurement: TextMeasurement) {
        let characters = Array(text)
        var best = (text: Truncation.ellipsis, measurement: measurer.measure(Truncation.ellipsis))
        var low = 1
        var high = characters.count - 1
        while low <= high {
            let kept = (low + high) / 2
            let candidate = cut(characters, keeping: kept)
            let measurement = measurer.measure(candidate)
            if measurement.width <= maxWidth {
                best = (candidate, measurement)
                low = kept + 1
            } else {
                high = kept - 1
            }
        }
        return best
    }

    private func cut(_ characters: [Character], keeping kept: Int) -> String {
        func trimmed(_ part: ArraySlice<Character>) -> String { String(part).trimmingWhitespace() }
        switch self {
        case .tail:
            return trimmed(characters.prefix(kept)) + Truncation.ellipsis
        case .head:
            return Truncation.ellipsis + trimmed(characters.suffix(kept))
        case .middle:
            let front = (kept + 1) / 2
            return trimmed(characters.prefix(front)) + Truncation.ellipsis + trimmed(characters.suffix(kept - front))
        }
    }
}

extension Substring {
    /// The text without the whitespace at either end.
    public func trimmingWhitespace() -> String {
        // Printable ASCII at both ends is not whitespace, nor part of a character that starts with whitespace.
        if let first = utf8.first, let last = utf8.last, first.isPrintableASCII,
           last.isPrintableASCII { return String(self) }
        var slice = self
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}

extension String {
    /// The text without the whitespace at either end.
    public func trimmingWhitespace() -> String { self[...].trimmingWhitespace() }
}

extension UInt8 {
    /// A printable ASCII character other than the space: '!' through '~'.
    public var isPrintableASCII: Bool { self > 0x20 && self < 0x7F }
}

import Foundation
import TagFlowLayout

/// Reads the tags-file format: one tag per line, with a few line markers.
///
/// ```
/// # A comment: any line whose first character is '#'.
/// 篮球                  a tag; the line's surrounding whitespace is trimmed
/// * 足球                a preselected tag
/// @section 运动         starts a section with a header title
/// @section              starts an untitled section
/// @footer 最多选择 8 个   the current section's footer text
/// \#hashtag             '\' makes the rest of the line a tag, verbatim
/// @key interest.hiking   a tag whose text is a string catalog's (@selected-key: preselected)
/// @keys interest.*       a tag for every catalog key matching the pattern
/// @section-key title     a section whose title is a catalog string; @footer-key gives its footer
/// ```
///
/// Blank lines are ignored. A UTF-8 BOM and CRLF line endings are accepted.
public enum TagsFile {
    /// Markers that start with '@', for the help text and "did you mean".
    public static let markers = ["@section", "@footer", "@key", "@selected-key", "@keys", "@section-key",
                                 "@footer-key"]
    /// A tag is a label, not a paragraph; this bounds the cost of measuring and truncating one.
    public static let maxTagLength = 1000

    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> TagDocument {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        try validateUTF8(body, file: file)
        var reader = Reader(file: file, lineCount: body.count(where: { $0 == UInt8(ascii: "\n") }) + 1)
        var lineStart = body.startIndex
        while lineStart <= body.endIndex {
            let lineEnd = body[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
            var line = body[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            try reader.read(line)
        }
        return reader.finish()
    }

    /// A tags file read a line at a time: the sections so far and the one being filled.
    private struct Reader {
        let file: String
        var sections = [TagSection]()
        var current = TagSection()
        /// The current section was started by a marker, so it is kept even when it holds nothing.
        var currentIsExplicit = false
        var footerLine: Int?
        /// Lines not read yet: one tag a line is the common case, so each section reserves for them and a long list
        /// is never copied as it grows.
        var remainingLines: Int
        var lineNumber = 0

        init(file: String, lineCount: Int) {
            self.file = file
            remainingLines = lineCount
            current.tags.reserveCapacity(lineCount)
        }

        @inline(__always)
        mutating func read(_ line: ArraySlice<UInt8>) throws(InputError) {
            lineNumber += 1
            remainingLines -= 1
            if let text = plainTag(line) {
                current.tags.append(Tag(text, location: SourceLocation(line: lineNumber, column: 1)))
            } else {
                try readMarked(line)
            }
        }

        /// A line that is not a plain tag: blank, a comment, a marker, a selected tag, or a tag to trim or unescape.
        private mutating func readMarked(_ lineBytes: ArraySlice<UInt8>) throws(InputError) {
            let line = String(decoding: lineBytes, as: UTF8.self)
            let (file, lineNumber) = (self.file, self.lineNumber)
            func at(_ column: Int) -> SourceSpan { SourceSpan(file: file, line: lineNumber, column: column) }
            if lineBytes.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }),
               let (offset,
                    scalar) = line.unicodeScalars.enumerated().first(where: { isForbiddenControl($0.element) }) {
                throw .controlCharacterInLine(scalar, at: at(offset + 1))
            }
            let leading = lineBytes.first?.isPrintableASCII == true ? 0 : line.prefix { $0.isWhitespace }.count
            let content = line.dropFirst(leading)
            let column = leading + 1
            switch content.first {
            case nil, "#":
                return
            case "@":
                try readMarker(content, column: column)
            case "*":
                let rest = content.dropFirst()
                let restLeading = rest.prefix { $0.isWhitespace }.count
                let text = try tagText(rest.dropFirst(restLeading), column: column + 1 + restLeading, at: at)
                guard let text else { throw .selectedTagWithoutText(at: at(column)) }
                current.tags.append(Tag(text, isSelected: true,
                                        location: SourceLocation(line: lineNumber, column: column)))
            default:
                if let text = try tagText(content, column: column, at: at) {
                    current.tags.append(Tag(text, location: SourceLocation(line: lineNumber, column: column)))
                }
            }
        }

        /// `@section`, `@footer` and the string catalog's markers.
        private mutating func readMarker(_ content: Substring, column: Int) throws(InputError) {
            let word = content.prefix { !$0.isWhitespace }
            let argument = content.dropFirst(word.count).trimmingWhitespace()
            let at = SourceSpan(file: file, line: lineNumber, column: column)
            let location = SourceLocation(line: lineNumber, column: column)
            switch word {
            case "@section":
                startSection(title: argument.isEmpty ? nil : argument)
            case "@footer":
                guard !argument.isEmpty else { throw .footerWithoutText(at: at) }
                try setFooter(argument, key: nil, at: at)
            case "@key", "@selected-key", "@keys", "@section-key", "@footer-key":
                guard !argument.isEmpty else { throw .markerWithoutKey(String(word), at: at) }
                switch word {
                case "@section-key":
                    startSection(title: argument, titleKey: StringKey(argument, location: location))
                case "@footer-key":
                    try setFooter(argument, key: StringKey(argument, location: location), at: at)
                default:
                    current.tags.append(Tag(argument, isSelected: word == "@selected-key", location: location,
                                            reference: word == "@keys" ? .pattern(argument) : .key(argument)))
                }
            default:
                throw .unknownMarker(String(word), line: content, known: markers, at: at)
            }
        }

        private mutating func startSection(title: String?, titleKey: StringKey? = nil) {
            closeSection()
            current = TagSection(title: title)
            current.titleKey = titleKey
            current.tags.reserveCapacity(remainingLines)
            currentIsExplicit = true
            footerLine = nil
        }

        private mutating func setFooter(_ text: String, key: StringKey?, at: SourceSpan) throws(InputError) {
            if let footerLine { throw .secondFooter(firstLine: footerLine, at: at) }
            current.footer = text
            current.footerKey = key
            footerLine = lineNumber
        }

        private mutating func closeSection() {
            guard currentIsExplicit || !current.tags.isEmpty || current.footer != nil else { return }
            // A section that took less than its reservation keeps only what it uses.
            if current.tags.capacity - current.tags.count > current.tags.count / 8 + 16 {
                var tags = [Tag]()
                tags.reserveCapacity(current.tags.count)
                tags.append(contentsOf: current.tags)
                current.tags = tags
            }
            sections.append(current)
        }

        mutating func finish() -> TagDocument {
            closeSection()
            return TagDocument(sections: sections)
        }
    }

    /// The text of a line that is a tag as it stands, read without looking at characters: printable ASCII that starts
    /// and ends with no space, starts with no marker, and is not too long. `nil` for any other line.
    private static func plainTag(_ line: ArraySlice<UInt8>) -> String? {
        guard let first = line.first, let last = line.last, first.isPrintableASCII, last.isPrintableASCII,
              first != UInt8(ascii: "#"), first != UInt8(ascii: "@"), first != UInt8(ascii: "*"),
              first != UInt8(ascii: "\\"),
              line.count <= maxTagLength, line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { return nil }
        return String(decoding: line, as: UTF8.self)
    }

    /// A tag's text: verbatim after a '\', trimmed otherwise; `nil` when there is none.
    private static func tagText(_ content: Substring, column: Int,
                                at: (Int) -> SourceSpan) throws(InputError) -> String? {
        let text: String
        // Where the text starts, in characters from the content's start.
        let start: Int
        if content.first == "\\" {
            text = String(content.dropFirst())
            start = 1
            if text.isEmpty { throw .escapeWithoutText(at: at(column)) }
        } else {
            text = content.trimmingWhitespace()
            start = content.prefix { $0.isWhitespace }.count
            if text.isEmpty { return nil }
        }
        if let tab = text.firstIndex(of: "\t") {
            throw .tabInTag(at: at(column + start + text.distance(from: text.startIndex, to: tab)))
        }
        if isTooLong(text) { throw .lineTooLong(bytes: text.utf8.count, limit: maxTagLength, at: at(column)) }
        return text
    }

    /// Whether a tag has more than ``maxTagLength`` characters. Counts at most one character past the limit, so a
    /// 10 MB line is refused without walking all of it.
    package static func isTooLong(_ text: String) -> Bool {
        text.utf8.count > maxTagLength && text.prefix(maxTagLength + 1).count > maxTagLength
    }

    package static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// Whether `scalar` cannot be in a tag's text: a control character, a tab included (a tag is one run of text).
    package static func isForbiddenInTag(_ scalar: Unicode.Scalar) -> Bool {
        isForbiddenControl(scalar) || scalar == "\t"
    }
}

/// Fails with the line and column of the first byte that is not UTF-8.
package func validateUTF8(_ bytes: ArraySlice<UInt8>, file: String) throws(InputError) {
    if String(validating: bytes, as: UTF8.self) != nil { return }
    var line = 1
    var lineStart = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let byte = bytes[index]
        let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
        let end = index + length
        if length == 0 || end > bytes.endIndex || String(validating: bytes[index..<end], as: UTF8.self) == nil {
            let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
            // Continuation bytes, and then the end: a file cut off, not one in another encoding.
            let isCutOff = length > 0 && end > bytes.endIndex && bytes[(index + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
            throw .invalidUTF8(byte: byte, isCutOff: isCutOff, at: SourceSpan(file: file, line: line, column: column))
        }
        if byte == UInt8(ascii: "\n") { line += 1; lineStart = end }
        index = end
    }
}

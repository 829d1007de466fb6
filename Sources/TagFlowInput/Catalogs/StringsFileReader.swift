import TagFlowLayout

/// Reads a classic `.strings` file: `"key" = "value";` pairs with `/* */` and `//` comments, the escapes `\n`,
/// `\t`, `\r`, `\"`, `\'`, `\\` and `\U0041` (or `\u`), in UTF-8 or in UTF-16 with a byte order mark.
public enum StringsFileReader {
    /// The pairs in file order; a key given twice keeps its last value, as Foundation's reader does.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> [(key: String, value: String,
                                                                                       location: SourceSpan)] {
        var parser = Parser(scalars: Array(try decode(bytes, file: file).unicodeScalars), file: file)
        return try parser.pairs()
    }

    /// The text of a `.strings` file: UTF-16 after its byte order mark, else UTF-8 (with or without one).
    static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let body = bytes.dropFirst(2)
            guard body.count % 2 == 0 else { throw .catalog(.stringsEncoding(file: file)) }
            var units = [UInt16]()
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index < body.endIndex {
                let (low, high) = littleEndian ? (body[index], body[index + 1]) : (body[index + 1], body[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw .catalog(.stringsEncoding(file: file))
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        // A NUL is no character of a .strings file: UTF-16 without its byte order mark reads as UTF-8 full of them.
        guard !body.contains(0), let text = String(validating: body, as: UTF8.self) else {
            throw .catalog(.stringsEncoding(file: file))
        }
        return text
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let file: String
        var position = 0
        var line = 1
        var column = 1

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var here: SourceSpan { SourceSpan(file: file, line: line, column: column) }
        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func advance() {
            if scalars[position] == "\n" { line += 1; column = 1 } else { column += 1 }
            position += 1
        }

        func found() -> String {
            guard let current else { return "the end of the file" }
            return current == "\n" ? "the end of the line" : "'\(Character(current))'"
        }

        mutating func pairs() throws(InputError) -> [(key: String, value: String, location: SourceSpan)] {
            var result = [(key: String, value: String, location: SourceSpan)]()
            while true {
                try skipSpaceAndComments()
                guard current != nil else { return result }
                let location = here
                let key = try text(or: .expectedKey(found: found()))
                try skipSpaceAndComments()
                guard current == "=" else { throw InputError.catalog(.stringsSyntax(.expectedEquals(found: found()),
                                                                                    at: here)) }
                advance()
                try skipSpaceAndComments()
                let value = try text(or: .expectedValue(found: found()))
                try skipSpaceAndComments()
                guard current == ";" else {
                    throw InputError.catalog(.stringsSyntax(.expectedSemicolon(found: found()), at: here))
                }
                advance()
                result.removeAll { $0.key == key }
                result.append((key, value, location))
            }
        }

        /// A quoted string, or a bare word of letters, digits and `_.-:/`.
        mutating func text(or error: StringsSyntaxError) throws(InputError) -> String {
            guard let first = current else { throw InputError.catalog(.stringsSyntax(error, at: here)) }
            if first == "\"" { return try quoted() }
            var word = String.UnicodeScalarView()
            while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_.-:/$".unicodeScalars.contains(scalar) {
                word.append(scalar)
                advance()
            }
            guard !word.isEmpty else { throw InputError.catalog(.stringsSyntax(error, at: here)) }
            return String(word)
        }

        mutating func quoted() throws(InputError) -> String {
            advance()
            var result = String.UnicodeScalarView()
            while true {
                guard let scalar = current else {
                    throw InputError.catalog(.stringsSyntax(.endsInsideString, at: here))
                }
                if scalar == "\"" { advance(); return String(result) }
                guard scalar == "\\" else { result.append(scalar); advance(); continue }
                let escapeStart = here
                advance()
                guard let escaped = current else {
                    throw InputError.catalog(.stringsSyntax(.endsInsideString, at: here))
                }
                advance()
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\"", "'", "\\": result.append(escaped)
                case "U", "u": result.append(try unicodeEscape(at: escapeStart))
                default:
                    throw InputError.catalog(.stringsSyntax(.unknownEscape(Character(escaped)), at: escapeStart))
                }
            }
        }

        /// Four hex digits after `\U`, and a second `\U` escape for a surrogate pair.
        mutating func unicodeEscape(at start: SourceSpan) throws(InputError) -> Unicode.Scalar {
            let unit = try hex4(at: start)
            if (0xD800...0xDBFF).contains(unit) {
                guard current == "\\", position + 1 < scalars.count,
                      scalars[position + 1] == "U" || scalars[position + 1] == "u" else {
                    throw InputError.catalog(.stringsSyntax(.badUnicodeEscape, at: start))
                }
                advance(); advance()
                let low = try hex4(at: start)
                guard (0xDC00...0xDFFF).contains(low),
                      let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw InputError.catalog(.stringsSyntax(.badUnicodeEscape, at: start))
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw InputError.catalog(.stringsSyntax(.badUnicodeEscape, at: start))
            }
            return scalar
        }

        mutating func hex4(at start: SourceSpan) throws(InputError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let scalar = current, let digit = Character(scalar).hexDigitValue else {
                    throw InputError.catalog(.stringsSyntax(.badUnicodeEscape, at: start))
                }
                value = value << 4 | UInt32(digit)
                advance()
            }
            return value
        }

        mutating func skipSpaceAndComments() throws(InputError) {
            while let scalar = current {
                if scalar.properties.isWhitespace { advance(); continue }
                guard scalar == "/", position + 1 < scalars.count else { return }
                if scalars[position + 1] == "/" {
                    while let next = current, next != "\n" { advance() }
                } else if scalars[position + 1] == "*" {
                    let start = here
                    advance(); advance()
                    while !(current == "*" && position + 1 < scalars.count && scalars[position + 1] == "/") {
                        guard current != nil else {
                            throw InputError.catalog(.stringsSyntax(.endsInsideComment, at: start))
                        }
                        advance()
                    }
                    advance(); advance()
                } else {
                    return
                }
            }
        }
    }
}

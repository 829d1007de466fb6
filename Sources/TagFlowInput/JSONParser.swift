import TagFlowLayout

/// A strict JSON parser (RFC 8259) with positions, a nesting limit, and no tolerance for lone surrogates.
///
/// Foundation's parser reports neither line nor column reliably, and people edit these files by hand.
public struct JSONParser {
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private let file: String
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// How far along the current line columns have been counted, and the column reached there. `here` counts on
    /// from it rather than from the line's start, so a document on one line is counted once in all, not once a value.
    private var countedTo = 0
    private var countedColumn = 1

    /// Parses one JSON document from UTF-8 `bytes` (a leading BOM is skipped).
    ///
    /// - Complexity: O(*n*) in the length of `bytes`, however long its lines.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> Located<JSONValue> {
        var parser = JSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error(.textAfterValue)
        }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Where `position` is. Positions only move forward, so each byte of a line is counted at most once.
    private var here: SourceSpan {
        mutating get {
            let end = min(position, bytes.count)
            if countedTo < lineStart || countedTo > end { countedTo = lineStart; countedColumn = 1 }
            // Columns count characters, not bytes: skip UTF-8 continuation bytes.
            var column = countedColumn
            for index in countedTo..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
            countedTo = end
            countedColumn = column
            return SourceSpan(file: file, line: line, column: column)
        }
    }

    private mutating func error(_ syntax: JSONSyntaxError, at span: SourceSpan? = nil) -> InputError {
        .json(syntax, at: span ?? here)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A: position += 1; line += 1; lineStart = position
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(InputError) -> Located<JSONValue> {
        let start = here
        guard position < bytes.count else { throw error(.endsBeforeValue) }
        if depth > JSONParser.maxDepth {
            throw error(.nestedTooDeep(limit: JSONParser.maxDepth))
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return Located(value: try parseObject(depth: depth), location: start)
        case UInt8(ascii: "["): return Located(value: try parseArray(depth: depth), location: start)
        case UInt8(ascii: "\""): return Located(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"): try expectWord("true"); return Located(value: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectWord("false"); return Located(value: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectWord("null"); return Located(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Located(value: .number(try parseNumber()), location: start)
        default:
            throw error(.expectedValue(found: describeByte()))
        }
    }

    private func describeByte() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex(byte, digits: 1))"
    }

    private mutating func expectWord(_ word: String) throws(InputError) {
        let utf8 = Array(word.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw error(.expectedWord(word))
        }
        position += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(InputError) -> JSONValue {
        position += 1
        var members = [(key: Located<String>, value: Located<JSONValue>)]()
        var seen = Set<String>()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            let keyStart = here
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                // Only a comma leads here with a brace next: an empty object returned above.
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    throw error(.trailingComma(closer: "}"))
                }
                throw error(.expectedKey(found: describeByte()))
            }
            let key = try parseString()
            if !seen.insert(key).inserted { throw error(.duplicateKey(key), at: keyStart) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error(.expectedColon(afterKey: key))
            }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append((Located(value: key, location: keyStart), value))
            skipWhitespace()
            guard position < bytes.count else { throw error(.endsInsideObject) }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw error(.expectedCommaOrBrace(found: describeByte()))
        }
    }

    private mutating func parseArray(depth: Int) throws(InputError) -> JSONValue {
        position += 1
        var elements = [Located<JSONValue>]()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            // Only a comma leads here with a bracket next: an empty array returned above.
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { throw error(.trailingComma(closer: "]")) }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error(.endsInsideArray) }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
            throw error(.expectedCommaOrBracket(found: describeByte()))
        }
    }

    private mutating func parseNumber() throws(InputError) -> Double {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        if integerDigits == 0 { throw error(.expectedDigits) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error(.leadingZero, at: SourceSpan(file: file, line: line, column: here.column - integerDigits))
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if digits() == 0 { throw error(.expectedFractionDigits) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            if digits() == 0 { throw error(.expectedExponentDigits) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(.numberTooLarge(text), at: SourceSpan(file: file, line: line, column: here.column - text.count))
        }
        return value
    }

    private mutating func parseString() throws(InputError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ bytes: ArraySlice<UInt8>) throws(InputError) {
            guard let text = String(validating: bytes, as: UTF8.self) else { throw error(.invalidUTF8InString) }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw error(.endsInsideString) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(bytes[runStart..<position])
                position += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(.controlCharacterInString(byte))
            }
            if byte != UInt8(ascii: "\\") { position += 1; continue }
            try flush(bytes[runStart..<position])
            let escapeStart = here
            position += 1
            guard position < bytes.count else { throw error(.endsInsideEscape) }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try parseHex4()
                if (0xD800...0xDBFF).contains(unit) {
                    guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                          bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error(.unpairedHighSurrogate(unit), at: escapeStart)
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error(.unpairedHighSurrogate(unit), at: escapeStart)
                    }
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw error(.unpairedLowSurrogate(unit), at: escapeStart)
                } else {
                    scalars.append(Unicode.Scalar(unit)!)
                }
            default:
                throw error(.unknownEscape(Character(Unicode.Scalar(escaped))), at: escapeStart)
            }
            runStart = position
        }
    }

    private mutating func parseHex4() throws(InputError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error(.expectedHexDigits) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error(.expectedHexDigits)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}

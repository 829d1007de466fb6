import TagFlowLayout

/// JSON to print, with keys in the order written so output is stable and diffs read well.
public indirect enum JSONOutput: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }

    public static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

    public static func rect(_ rect: Rect?) -> JSONOutput {
        guard let rect else { return .null }
        return .object([("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)), ("height", .number(rect.height))])
    }

    private var isFlat: Bool {
        switch self {
        case let .array(values): values.allSatisfy(\.isScalar)
        case let .object(members): members.allSatisfy { $0.1.isScalar || $0.1.isFlatRect }
        default: true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private var isFlatRect: Bool {
        if case let .object(members) = self { return members.allSatisfy(\.1.isScalar) }
        if case let .array(values) = self { return values.allSatisfy(\.isScalar) }
        return false
    }

    /// Pretty-printed, except that objects and arrays of scalars stay on one line: one tag per line.
    public func rendered(indent: String = "") -> String {
        switch self {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return formatPoints(number)
        case let .integer(number): return String(number)
        case let .string(text): return JSONOutput.quote(text)
        case let .array(values):
            if values.isEmpty { return "[]" }
            if isFlat { return "[" + values.map { $0.rendered() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + values.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            if isFlat {
                return "{" + members.map { JSONOutput.quote($0.0) + ": " + $0.1.rendered() }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            return "{\n" + members.map { inner + JSONOutput.quote($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u" + hex(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

import TagFlowLayout

/// JSON to print, with keys in the order written so output is stable and diffs read well.
public indirect enum JSONOutput: Sendable, Equatable {
    case null
    case bool(Bool)
    /// Written without a trailing `.0`, as ``formatPoints(_:)`` does.
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONOutput])
    /// An array made one element at a time while it is rendered, so a million items are never held at once.
    case generatedArray(count: Int, element: @Sendable (Int) -> JSONOutput)
    case object([(String, JSONOutput)])

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }

    /// A string, or null for `nil`.
    public static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

    /// `{"x", "y", "width", "height"}` on one line, or null for `nil`.
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
        case .array, .object, .generatedArray: false
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
        var output = ""
        render(into: &output, indent: indent)
        return output
    }

    /// Appends the rendering to `output`, so a large document is built in one buffer.
    public func render(into output: inout String, indent: String = "") {
        switch self {
        case .null: output += "null"
        case let .bool(flag): output += flag ? "true" : "false"
        case let .number(number): output += formatPoints(number)
        case let .integer(number): output += String(number)
        case let .string(text): JSONOutput.quote(text, into: &output)
        case let .array(values):
            if values.isEmpty { output += "[]"; return }
            let inline = isFlat
            let inner = indent + "  "
            output += inline ? "[" : "[\n"
            for (index, value) in values.enumerated() {
                if index > 0 { output += inline ? ", " : ",\n" }
                if !inline { output += inner }
                value.render(into: &output, indent: inner)
            }
            output += inline ? "]" : "\n" + indent + "]"
        case let .generatedArray(count, element):
            if count == 0 { output += "[]"; return }
            let inner = indent + "  "
            output += "[\n"
            for index in 0..<count {
                if index > 0 { output += ",\n" }
                output += inner
                element(index).render(into: &output, indent: inner)
            }
            output += "\n" + indent + "]"
        case let .object(members):
            if members.isEmpty { output += "{}"; return }
            let inline = isFlat
            let inner = indent + "  "
            output += inline ? "{" : "{\n"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += inline ? ", " : ",\n" }
                if !inline { output += inner }
                JSONOutput.quote(key, into: &output)
                output += ": "
                value.render(into: &output, indent: inner)
            }
            output += inline ? "}" : "\n" + indent + "}"
        }
    }

    /// `text` as a JSON string literal, with quotes and control characters escaped.
    public static func quote(_ text: String) -> String {
        var output = ""
        quote(text, into: &output)
        return output
    }

    /// Appends `text` as a JSON string literal to `output`.
    public static func quote(_ text: String, into output: inout String) {
        output += "\""
        // Most strings need no escape: append them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += "\\u" + hex(scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

import TagFlowImage
import TagFlowLayout
import TagFlowRender

/// JSON to print, with keys in the order written so output is stable and diffs read well.
public enum JSONOutput: Sendable, Equatable {
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
    /// An array of objects of scalars, one a line, each written member by member while it is rendered, so a million
    /// items are never built as values. Renders as a `generatedArray` of `.object`s of the same members would.
    case generatedRows(count: Int, row: @Sendable (Int, inout JSONRow) -> Void)

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }

    /// A string, or null for `nil`.
    public static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

    /// `{"x", "y", "width", "height"}` on one line, or null for `nil`.
    public static func rect(_ rect: Rect?) -> JSONOutput {
        guard let rect else { return .null }
        return .object([("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
                        ("height", .number(rect.height))])
    }

    fileprivate var isFlat: Bool {
        switch self {
        case let .array(values): values.allSatisfy(\.isScalar)
        case let .object(members): members.allSatisfy { $0.1.isScalar || $0.1.isFlatRect }
        default: true
        }
    }

    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object, .generatedArray, .generatedRows: false
        default: true
        }
    }

    fileprivate var isFlatRect: Bool {
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
        var target = StringTarget(text: output)
        output = ""
        write(to: &target, indent: indent)
        output = target.text
    }

    /// Appends the rendering to `output` as UTF-8, the same bytes as ``rendered(indent:)``, letting the buffer hand
    /// them on after each element of an array. A generated array's elements are rendered in blocks on every core.
    public func render(into output: inout OutputBuffer, indent: String = "") {
        write(to: &output, indent: indent)
    }

    /// `[`, the lines `body` writes one indent in, and `]`; `[]` when there are none.
    private static func writeLines<Target: JSONTarget & ~Copyable>(count: Int, to output: inout Target, indent: String,
                                                                   _ body: (inout Target, String) -> Void) {
        if count == 0 { output.append("[]"); return }
        output.append("[\n")
        body(&output, indent + "  ")
        output.append("\n")
        output.append(indent)
        output.append("]")
    }

    /// The one renderer: every layout and spacing rule is here, whatever the output is.
    func write<Target: JSONTarget & ~Copyable>(to output: inout Target, indent: String) {
        switch self {
        case .null: output.append("null")
        case let .bool(flag): output.append(flag ? "true" : "false")
        case let .number(number): output.appendNumber(number)
        case let .integer(number): output.appendInteger(number)
        case let .string(text): output.appendQuoted(text)
        case let .array(values):
            if values.isEmpty { output.append("[]"); return }
            let inline = isFlat
            let inner = indent + "  "
            output.append(inline ? "[" : "[\n")
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(inline ? ", " : ",\n") }
                if !inline { output.append(inner) }
                value.write(to: &output, indent: inner)
                if !inline { output.elementDone() }
            }
            if !inline { output.append("\n"); output.append(indent) }
            output.append("]")
        case let .generatedArray(count, element):
            Self.writeLines(count: count, to: &output, indent: indent) { output, inner in
                output.appendElements(count: count, indent: inner, element)
            }
        case let .generatedRows(count, row):
            Self.writeLines(count: count, to: &output, indent: indent) { output, inner in
                output.appendRows(count: count, indent: inner, row)
            }
        case let .object(members):
            if members.isEmpty { output.append("{}"); return }
            let inline = isFlat
            let inner = indent + "  "
            output.append(inline ? "{" : "{\n")
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(inline ? ", " : ",\n") }
                if !inline { output.append(inner) }
                output.appendQuoted(key)
                output.append(": ")
                value.write(to: &output, indent: inner)
            }
            if !inline { output.append("\n"); output.append(indent) }
            output.append("}")
        }
    }

    /// Element `index` of a generated array as it stands in the array: after the separator, indented.
    static func renderElement<Target: JSONTarget & ~Copyable>(
        _ index: Int, of element: (Int) -> JSONOutput, into output: inout Target, indent: String
    ) {
        if index > 0 { output.append(",\n") }
        output.append(indent)
        element(index).write(to: &output, indent: indent)
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

/// Where the renderer writes: a `String`, or an ``OutputBuffer`` of bytes.
protocol JSONTarget: ~Copyable {
    mutating func append(_ text: String)
    /// As ``formatPoints(_:)`` writes it.
    mutating func appendNumber(_ value: Double)
    mutating func appendInteger(_ value: Int)
    /// As ``JSONOutput/quote(_:into:)`` writes it.
    mutating func appendQuoted(_ text: String)
    /// Between the elements of a multi-line array.
    mutating func elementDone()
    /// A generated array's elements, each after its separator and indent, one after the other.
    mutating func appendElements(count: Int, indent: String, _ element: @Sendable (Int) -> JSONOutput)
    /// Generated rows, each after its separator and indent, one after the other.
    mutating func appendRows(count: Int, indent: String, _ row: @Sendable (Int, inout JSONRow) -> Void)
}

extension JSONTarget where Self: ~Copyable {
    mutating func elementDone() {}

    mutating func appendElements(count: Int, indent: String, _ element: @Sendable (Int) -> JSONOutput) {
        for index in 0..<count {
            JSONOutput.renderElement(index, of: element, into: &self, indent: indent)
            elementDone()
        }
    }

    /// Each row as the `.object` of its members.
    mutating func appendRows(count: Int, indent: String, _ row: @Sendable (Int, inout JSONRow) -> Void) {
        appendElements(count: count, indent: indent) { index in
            var members = JSONRow(collecting: true)
            row(index, &members)
            return .object(members.members)
        }
    }
}

/// The reference rendering: into a `String`, numbers through ``formatPoints(_:)``.
struct StringTarget: JSONTarget {
    var text: String

    mutating func append(_ text: String) { self.text += text }
    mutating func appendNumber(_ value: Double) { text += formatPoints(value) }
    mutating func appendInteger(_ value: Int) { text += String(value) }
    mutating func appendQuoted(_ text: String) { JSONOutput.quote(text, into: &self.text) }
}

extension OutputBuffer: JSONTarget {
    /// Elements rendered at once, in blocks of this many: enough to keep every core busy, few enough to keep memory
    /// flat.
    static let elementBlock = 2048
    /// Room a block's buffer starts with: a layout row is about 300 bytes, so a block seldom grows it.
    static let blockCapacity = 1 << 20

    mutating func appendNumber(_ value: Double) { appendPoints(value) }

    mutating func appendQuoted(_ text: String) {
        // Most strings need no escape: their bytes go in whole.
        var text = text
        let plain: Bool = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else { return false }
            append(UInt8(ascii: "\""))
            append(utf8)
            append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONOutput.quote(text)) }
    }

    mutating func elementDone() { flushIfFull() }

    mutating func appendElements(count: Int, indent: String, _ element: @Sendable (Int) -> JSONOutput) {
        appendInBlocks(count: count,
                       indent: indent) { index, output in element(index).write(to: &output, indent: indent) }
    }

    /// Each row's members straight into the bytes, with no value built for the row: one ``JSONRow`` writes a
    /// whole block's rows into the block's buffer.
    mutating func appendRows(count: Int, indent: String, _ row: @Sendable (Int, inout JSONRow) -> Void) {
        appendInBlocks(count: count, indent: indent) { indices, part in
            var members = JSONRow(collecting: false)
            swap(&members.output, &part)
            for index in indices {
                members.output.appendElementStart(index, indent: indent)
                members.begin()
                row(index, &members)
                members.end()
            }
            swap(&members.output, &part)
        }
    }

    /// Elements `0..<count`, each after its separator and indent, written by `write` in blocks on every core.
    private mutating func appendInBlocks(count: Int, indent: String,
                                         _ write: @Sendable (Int, inout OutputBuffer) -> Void) {
        appendInBlocks(count: count, indent: indent) { indices, part in
            for index in indices {
                part.appendElementStart(index, indent: indent)
                write(index, &part)
            }
        }
    }

    /// What goes before element `index` of an array laid out one element a line.
    private mutating func appendElementStart(_ index: Int, indent: String) {
        if index > 0 { append(",\n") }
        append(indent)
    }

    /// Blocks of `0..<count` written by `writeBlock` on every core, each into its own buffer, and handed on in order
    /// while the next are written.
    private mutating func appendInBlocks(count: Int, indent: String,
                                         blocks writeBlock: @Sendable (Range<Int>, inout OutputBuffer) -> Void) {
        OrderedPipeline.forEachBlock(of: 0..<count, size: Self.elementBlock, make: { indices in
            var part = OutputBuffer(capacity: Self.blockCapacity)
            writeBlock(indices, &part)
            return part.bytes
        }, consume: { part in part.withUnsafeBufferPointer { appendWhole($0) } })
    }
}

/// The members of one row of a ``JSONOutput/generatedRows(count:row:)`` array: an object of scalars (or arrays of
/// them), written on one line as the renderer writes such an object.
public struct JSONRow: ~Copyable {
    fileprivate var output = OutputBuffer()
    /// The members, when the row is collected as an `.object` rather than written.
    fileprivate private(set) var members: [(String, JSONOutput)] = []
    private let collecting: Bool
    private var count = 0

    fileprivate init(collecting: Bool) {
        self.collecting = collecting
    }

    /// Adds `"key": value`; `value` is a scalar, or an array or object of scalars. The key is plain text that
    /// needs no escape, such as `"width"`.
    public mutating func member(_ key: StaticString, _ value: JSONOutput) {
        precondition(value.isScalar || value.isFlatRect, "a row's members are scalars, or arrays or objects of scalars")
        if collecting {
            members.append((key.description, value))
            return
        }
        appendKey(key)
        value.write(to: &output, indent: "")
    }

    /// Adds `"key": number`, as `member(key, .number(number))` does, without making the value.
    public mutating func member(_ key: StaticString, number: Double) {
        guard !collecting else { return member(key, .number(number)) }
        appendKey(key)
        output.appendNumber(number)
    }

    /// Adds `"key": integer`, as `member(key, .integer(integer))` does, without making the value.
    public mutating func member(_ key: StaticString, integer: Int) {
        guard !collecting else { return member(key, .integer(integer)) }
        appendKey(key)
        output.appendInteger(integer)
    }

    /// Adds `"key": true` or `false`, as `member(key, .bool(flag))` does, without making the value.
    public mutating func member(_ key: StaticString, bool flag: Bool) {
        guard !collecting else { return member(key, .bool(flag)) }
        appendKey(key)
        output.append(flag ? "true" : "false")
    }

    /// Adds `"key": "text"`, as `member(key, .string(text))` does, without making the value.
    public mutating func member(_ key: StaticString, string text: String) {
        guard !collecting else { return member(key, .string(text)) }
        appendKey(key)
        output.appendQuoted(text)
    }

    /// Adds `"key": ["a", "b"]`, as `member(key, .array(strings.map(JSONOutput.string)))` would, without building
    /// the array.
    public mutating func member(_ key: StaticString, strings: [String]) {
        if collecting {
            members.append((key.description, .array(strings.map(JSONOutput.string))))
            return
        }
        appendKey(key)
        output.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")); output.append(UInt8(ascii: " ")) }
            output.appendQuoted(string)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// The separator before a member, and `"key": `.
    private mutating func appendKey(_ key: StaticString) {
        assert(key.hasPointerRepresentation && JSONOutput.quote(key.description) == "\"\(key)\"",
               "a row's keys need no escape")
        output.appendJSONKey(key, first: count == 0)
        count += 1
    }

    /// Starts the next row written with this one.
    fileprivate mutating func begin() {
        count = 0
    }

    fileprivate mutating func end() {
        output.append(count == 0 ? "{}" : "}")
    }
}

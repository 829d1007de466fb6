
/// A parsed JSON value that remembers where it was written, so errors can point at it.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Located<JSONValue>])
    /// Members in the order written; keys are unique.
    case object([(key: Located<String>, value: Located<JSONValue>)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a.map(\.value) == b.map(\.value)
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a,
                                      b).allSatisfy { $0.key.value == $1.key.value && $0.value.value == $1.value.value }
        default: false
        }
    }

    /// `object`, `string`…: how errors name what they found.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Reads typed values out of parsed JSON, with errors that point at the value and name what was expected.
struct JSONObjectReader {
    let members: [(key: Located<String>, value: Located<JSONValue>)]
    let location: SourceSpan
    /// What the object is, for messages: "the config", "section 2".
    let context: String

    init(_ value: Located<JSONValue>, context: String) throws(InputError) {
        guard case let .object(members) = value.value else {
            throw InputError("expected \(context) to be a JSON object, found \(value.value.kindName)", at: value.location)
        }
        self.members = members
        self.location = value.location
        self.context = context
    }

    /// Fails on the first key not in `allowed`, suggesting the closest allowed one.
    func rejectUnknownKeys(allowed: [String]) throws(InputError) {
        for (key, _) in members where !allowed.contains(key.value) {
            let hint = closestMatch(to: key.value, in: allowed).map { "did you mean \"\($0)\"?" }
                ?? "the keys are \(allowed.joined(separator: ", "))"
            throw InputError("unknown key \"\(key.value)\" in \(context)", at: key.location, hint: hint)
        }
    }

    subscript(key: String) -> Located<JSONValue>? {
        members.first { $0.key.value == key }?.value
    }
}

extension Located where Value == JSONValue {
    func string(_ what: String) throws(InputError) -> String {
        guard case let .string(text) = value else { throw mismatch(what, expected: "a string") }
        return text
    }

    /// A string, or `nil` for JSON null.
    func optionalString(_ what: String) throws(InputError) -> String? {
        if case .null = value { return nil }
        return try string(what)
    }

    func bool(_ what: String) throws(InputError) -> Bool {
        guard case let .bool(flag) = value else { throw mismatch(what, expected: "true or false") }
        return flag
    }

    func number(_ what: String) throws(InputError) -> Double {
        guard case let .number(number) = value else { throw mismatch(what, expected: "a number") }
        return number
    }

    func array(_ what: String) throws(InputError) -> [Located<JSONValue>] {
        guard case let .array(elements) = value else { throw mismatch(what, expected: "an array") }
        return elements
    }

    func mismatch(_ what: String, expected: String) -> InputError {
        InputError("expected \(what) to be \(expected), found \(value.kindName)", at: location)
    }
}

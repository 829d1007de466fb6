/// Reads typed values out of parsed JSON, with errors that point at the value and name what was expected.
package struct JSONObjectReader {
    package let members: [(key: Located<String>, value: Located<JSONValue>)]
    package let location: SourceSpan
    /// What the object is, for messages: "the config", "section 2".
    package let context: String

    package init(_ value: Located<JSONValue>, context: String) throws(InputError) {
        guard case let .object(members) = value.value else { throw value.mismatch(context, expected: "a JSON object") }
        self.members = members
        self.location = value.location
        self.context = context
    }

    /// Fails on the first key not in `allowed`, suggesting the closest allowed one.
    package func rejectUnknownKeys(allowed: [String]) throws(InputError) {
        if let (key, _) = members.first(where: { !allowed.contains($0.key.value) }) {
            throw .unknownKey(key.value, in: context, allowed: allowed, at: key.location)
        }
    }

    /// The value of `key`, which a file of `kind` must have.
    package func required(_ key: String, kind: JSONFileKind) throws(InputError) -> Located<JSONValue> {
        guard let value = self[key] else { throw .missingKey(key, in: context, kind: kind, at: location) }
        return value
    }

    package subscript(key: String) -> Located<JSONValue>? {
        members.first { $0.key.value == key }?.value
    }
}

extension Located where Value == JSONValue {
    package func string(_ what: String) throws(InputError) -> String {
        guard case let .string(text) = value else { throw mismatch(what, expected: "a string") }
        return text
    }

    /// A string, or `nil` for JSON null.
    package func optionalString(_ what: String) throws(InputError) -> String? {
        if case .null = value { return nil }
        return try string(what)
    }

    package func bool(_ what: String) throws(InputError) -> Bool {
        guard case let .bool(flag) = value else { throw mismatch(what, expected: "true or false") }
        return flag
    }

    package func number(_ what: String) throws(InputError) -> Double {
        guard case let .number(number) = value else { throw mismatch(what, expected: "a number") }
        return number
    }

    package func array(_ what: String) throws(InputError) -> [Located<JSONValue>] {
        guard case let .array(elements) = value else { throw mismatch(what, expected: "an array") }
        return elements
    }

    package func mismatch(_ what: String, expected: String) -> InputError {
        // A number or a truth written in quotes is the commonest slip, and its fix is plain.
        var found = value.kindName
        if case let .string(text) = value, (expected == "a number" && Double(text)?.isFinite == true)
            || (expected == "true or false" && ["true", "false"].contains(text)) {
            found = "a string, \"\(text)\""
        }
        return .expectedType(what: what, expected: expected, found: found, at: location)
    }
}

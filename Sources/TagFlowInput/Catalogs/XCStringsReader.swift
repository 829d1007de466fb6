import TagFlowLayout

/// Reads an Xcode String Catalog: `sourceLanguage`, and `strings` → key → `localizations` → language →
/// `stringUnit` {`state`, `value`} or `variations` (`plural`, `device`), with `substitutions` and
/// `shouldTranslate`. Keys Xcode adds for itself (`comment`, `extractionState`, `version`) are skipped.
public enum XCStringsReader {
    package static let states = ["translated", "new", "needs_review", "stale"]
    package static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> StringCatalog {
        let root = try JSONParser.parse(bytes, file: file)
        let members = try object(root, path: [])
        let source = try members["sourceLanguage"].map { value throws(InputError) in
            try string(value, path: ["sourceLanguage"])
        } ?? "en"
        var catalog = StringCatalog(sourceLanguage: source, name: file)
        guard let strings = members["strings"] else { return catalog }
        let entries = try objectMembers(strings, path: ["strings"])
        for (key, value) in entries {
            catalog.keys.append(key.value)
            catalog.entries[key.value] = try entry(value, path: ["strings", key.value], at: key.location)
        }
        return catalog
    }

    private static func entry(_ value: Located<JSONValue>, path: [String],
                              at location: SourceSpan) throws(InputError) -> StringCatalog.Entry {
        let members = try object(value, path: path)
        var entry = StringCatalog.Entry(location: location)
        if let flag = members["shouldTranslate"] {
            guard case let .bool(shouldTranslate) = flag.value else {
                throw mismatch(flag, path: path + ["shouldTranslate"], expected: "true or false")
            }
            entry.shouldTranslate = shouldTranslate
        }
        if let localizations = members["localizations"] {
            for (language, localization) in try objectMembers(localizations, path: path + ["localizations"]) {
                entry.localizations[language.value] = try self.localization(
                    localization, path: path + ["localizations", language.value])
            }
        }
        return entry
    }

    private static func localization(_ value: Located<JSONValue>,
                                     path: [String]) throws(InputError) -> StringCatalog.Localization {
        let members = try object(value, path: path)
        var localization = StringCatalog.Localization()
        if let unit = members["stringUnit"] { localization.unit = try stringUnit(unit, path: path + ["stringUnit"]) }
        if let variations = members["variations"] {
            let kinds = try object(variations, path: path + ["variations"])
            if let plural = kinds["plural"] {
                localization.plural = try self.plural(plural, path: path + ["variations", "plural"])
            }
            if let device = kinds["device"] {
                for (name, variant) in try objectMembers(device, path: path + ["variations", "device"]) {
                    localization.device[name.value] = try self.localization(
                        variant, path: path + ["variations", "device", name.value])
                }
            }
        }
        if let substitutions = members["substitutions"] {
            for (name, value) in try objectMembers(substitutions, path: path + ["substitutions"]) {
                localization.substitutions[name.value] = try substitution(
                    value, path: path + ["substitutions", name.value])
            }
        }
        return localization
    }

    private static func plural(_ value: Located<JSONValue>,
                               path: [String]) throws(InputError) -> [String: StringCatalog.Localization] {
        var result = [String: StringCatalog.Localization]()
        for (category, variant) in try objectMembers(value, path: path) {
            guard pluralCategories.contains(category.value) else {
                throw .catalog(.unknownPluralCategory(category.value, path: path, at: category.location))
            }
            result[category.value] = try localization(variant, path: path + [category.value])
        }
        return result
    }

    private static func substitution(_ value: Located<JSONValue>,
                                     path: [String]) throws(InputError) -> StringCatalog.Substitution {
        let members = try object(value, path: path)
        var argument: Int?
        if let number = members["argNum"] {
            guard case let .number(count) = number.value, count >= 1, count == count.rounded(), count < 100 else {
                throw mismatch(number, path: path + ["argNum"], expected: "a whole number from 1")
            }
            argument = Int(count)
        }
        let specifier = try members["formatSpecifier"].map { value throws(InputError) in
            try string(value, path: path + ["formatSpecifier"])
        } ?? "lld"
        var substitution = StringCatalog.Substitution(argumentNumber: argument, formatSpecifier: specifier)
        if let variations = members["variations"] {
            let kinds = try object(variations, path: path + ["variations"])
            if let plural = kinds["plural"] {
                substitution.plural = try self.plural(plural, path: path + ["variations", "plural"])
            }
        }
        return substitution
    }

    private static func stringUnit(_ value: Located<JSONValue>,
                                   path: [String]) throws(InputError) -> StringCatalog.StringUnit {
        let members = try object(value, path: path)
        guard let stateValue = members["state"] else {
            throw mismatch(value, path: path, expected: "an object with \"state\" and \"value\"")
        }
        guard let textValue = members["value"] else {
            throw mismatch(value, path: path, expected: "an object with \"state\" and \"value\"")
        }
        let state = try string(stateValue, path: path + ["state"])
        guard states.contains(state) else {
            throw .catalog(.unknownState(state, path: path + ["state"], at: stateValue.location))
        }
        return StringCatalog.StringUnit(state: state, value: try string(textValue, path: path + ["value"]))
    }

    // MARK: Typed values, with the key path in every error

    private static func object(_ value: Located<JSONValue>,
                               path: [String]) throws(InputError) -> [String: Located<JSONValue>] {
        var result = [String: Located<JSONValue>]()
        for (key, member) in try objectMembers(value, path: path) { result[key.value] = member }
        return result
    }

    private static func objectMembers(_ value: Located<JSONValue>, path: [String])
        throws(InputError) -> [(key: Located<String>, value: Located<JSONValue>)] {
        guard case let .object(members) = value.value else { throw mismatch(value, path: path, expected: "an object") }
        return members
    }

    private static func string(_ value: Located<JSONValue>, path: [String]) throws(InputError) -> String {
        guard case let .string(text) = value.value else { throw mismatch(value, path: path, expected: "a string") }
        return text
    }

    private static func mismatch(_ value: Located<JSONValue>, path: [String], expected: String) -> InputError {
        .catalog(.malformed(path: path, expected: expected, found: value.value.kindName, at: value.location))
    }
}


/// The rule a number must satisfy, shared by flags and config keys.
package enum NumberRule: Sendable {
    case any, positive, nonNegative, count

    /// Checks `number`; the caller says which option or key it belongs to.
    package func check(_ number: Double) throws(ValueError) -> Double {
        guard number.isFinite, abs(number) < 1e9 else { throw .notFinite(number) }
        switch self {
        case .positive where number <= 0: throw .notPositive(number)
        case .nonNegative where number < 0: throw .negative(number)
        case .count where number < 0 || number != number.rounded(): throw .notACount(number)
        default: return number
        }
    }
}

/// The one of `names` that `text` names: itself, or the one it spells in other case (`ax3` for `AX3`); nil if
/// none, or if several differ only in case.
package func chosenName(_ text: String, in names: [String]) -> String? {
    if names.contains(text) { return text }
    let matches = names.filter { $0.lowercased() == text.lowercased() }
    return matches.count == 1 ? matches[0] : nil
}

/// The case of `T` that `text` names, in any case; nil if none.
package func chosenCase<T: RawRepresentable & CaseIterable>(_ text: String) -> T? where T.RawValue == String {
    chosenName(text, in: T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
}

import TagFlowLayout
import TagFlowInput
import TagFlowReview

extension FitRule {
    /// The kinds a rule can name, as written.
    package static var kindNames: [String] { FitFinding.Kind.allCases.map(\.rawValue) }

    /// `truncated`, or `truncated:AX2` for text sizes up to AX2: a rule as `--fail-on` and a manifest's `"failOn"`
    /// write it, kind and size in any case.
    package static func parse(_ text: String) throws(ValueError) -> FitRule {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let kind: FitFinding.Kind = chosenCase(parts[0]) else { throw .notAChoice(parts[0], choices: kindNames) }
        guard parts.count == 2 else { return FitRule(kind: kind) }
        guard let size: ContentSizeCategory = chosenCase(parts[1]) else {
            throw .notAChoice(parts[1], choices: ContentSizeCategory.allCases.map(\.rawValue))
        }
        return FitRule(kind: kind, upTo: size)
    }
}

import TagFlowLayout

/// A rule a fit report is held to: findings of `kind` fail it at text sizes up to `upTo`, or at every size.
public struct FitRule: Hashable, Sendable, CustomStringConvertible {
    public var kind: FitFinding.Kind
    public var upTo: ContentSizeCategory?

    public init(kind: FitFinding.Kind, upTo: ContentSizeCategory? = nil) {
        self.kind = kind
        self.upTo = upTo
    }

    /// `truncated:AX2`, or `missing-glyphs` for every size.
    public var description: String { kind.rawValue + (upTo.map { ":" + $0.rawValue } ?? "") }

    public func isBroken(by finding: FitFinding) -> Bool {
        guard finding.kind == kind else { return false }
        guard let upTo else { return true }
        return finding.variant.contentSize.order <= upTo.order
    }
}

extension ContentSizeCategory {
    /// From 0 for xS to 11 for AX5.
    var order: Int { Self.allCases.firstIndex(of: self)! }
}

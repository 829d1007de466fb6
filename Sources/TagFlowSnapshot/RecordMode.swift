/// Which goldens `snapshot record` writes.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Every golden that is missing or whose pixels changed at all.
    case all
    /// Only goldens that do not exist yet.
    case missing
    /// Goldens that are missing or whose pixels differ beyond the tolerance.
    case failed
    /// None: report what would be written.
    case never

    /// Whether a golden in this state is written. A golden whose pixels are unchanged is never rewritten, so its
    /// bytes and modification time stay as they are.
    func writes(goldenExists: Bool, pixelsEqual: Bool, withinTolerance: Bool) -> Bool {
        switch self {
        case .all: !goldenExists || !pixelsEqual
        case .missing: !goldenExists
        case .failed: !goldenExists || !withinTolerance
        case .never: false
        }
    }
}

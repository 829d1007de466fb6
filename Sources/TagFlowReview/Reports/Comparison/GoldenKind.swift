/// What a snapshot's golden is: a render, a contact sheet, or a scroll sequence's folder of frames.
public enum GoldenKind: String, CaseIterable, Sendable {
    case render, sheet, sequence

    /// What a golden's path adds to its variant's name: a file's extension, or a sequence folder's.
    package var suffix: String {
        switch self {
        case .render: ".png"
        case .sheet: ".sheet.png"
        case .sequence: ".scroll"
        }
    }
}

import Dispatch
import Synchronization
import TagFlowLayout

/// What a `TextEngine` keeps of the texts it shapes.
public enum TextCaching: Sendable {
    /// Whole shaped texts, glyphs and all, so a text that is measured and then drawn is shaped once.
    case shapedTexts
    /// Measurements only, for work that never draws: `measure` shapes without keeping glyphs, and `shape` is
    /// not cached.
    case measurements

    /// How many texts are kept by default. A measurement takes about a microsecond to redo, less than the memory
    /// misses of a table too large for the processor's caches; shaped texts are kept many times over a tag cloud.
    public var defaultLimit: Int {
        switch self {
        case .shapedTexts: 200_000
        case .measurements: 16_384
        }
    }
}

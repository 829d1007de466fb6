import Dispatch
import Synchronization
import TagFlowLayout

/// A `TextMeasuring` for the layout core: one engine, one font.
public struct Measurer: TextMeasuring, Sendable {
    public let engine: TextEngine
    public let font: FontSpec

    /// Measures in `font`, which must come from `engine` (`engine.font(family:size:)`): a font from another
    /// engine stops the program.
    public init(engine: TextEngine, font: FontSpec) {
        self.engine = engine
        self.font = font
    }

    /// Measures a layout's tags as the phone does with `options`: in ``TextEngine/tagFont(for:)``, which follows
    /// Dynamic Type (`contentSize`), Bold Text (`legibilityWeight`), `fontVariations` and `tracking`.
    ///
    /// - Throws: the errors of ``TextEngine/tagFont(for:)``.
    public init(engine: TextEngine, options: LayoutOptions) throws(FontError) {
        self.init(engine: engine, font: try engine.tagFont(for: options))
    }

    public func measure(_ text: String) -> TextMeasurement {
        engine.measure(text, font: font)
    }

    public func measureAll(_ texts: [String]) -> [TextMeasurement] {
        engine.measure(texts, font: font)
    }

    /// The primary face's line height at the font's size.
    public var lineHeight: Double? {
        engine.primaryFace(font: font).lineHeight(at: font.size)
    }
}

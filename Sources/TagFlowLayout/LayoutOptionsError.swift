/// A problem with a set of options that makes a layout impossible. Options are named as ``LayoutOptions`` names
/// them; a program that sets them another way (a command line, a form) says how to change them.
public enum LayoutOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    case notPositive(option: LayoutOptionKey, value: Double)
    /// `side` names the side of an inset option that is negative.
    case negative(option: LayoutOptionKey, side: EdgeInsets.Side? = nil, value: Double)
    case notFinite(option: LayoutOptionKey, side: EdgeInsets.Side? = nil)
    case insetsTooWide(total: Double, width: Double)
    case noRoomForText(lineWidth: Double, padding: Double)
    case tooManySelected(selected: Int, maxSelection: Int)
    /// `rows` set to other than 1 while scrolling vertically, where lines wrap at the width instead.
    case rowsNeedHorizontalScrolling(rows: Int)
    /// `maxLines` set while scrolling horizontally, where every section has exactly `rows` rows.
    case maxLinesNeedVerticalScrolling(maxLines: Int)
    /// A font size past ``LayoutOptions/maxFontSize``, which FreeType cannot draw at every scale.
    case fontSizeTooLarge(fontSize: Double)
    /// Tracking outside ``LayoutOptions/trackingRange(fontSize:)``: so tight that texts would have no width left.
    case trackingOutOfRange(tracking: Double, allowed: ClosedRange<Double>)

    public var description: String {
        switch self {
        case let .notPositive(option, value):
            return "\(option.rawValue) must be greater than 0, got \(format(value))"
        case let .negative(option, side, value):
            return "\(Self.name(option, side)) must not be negative, got \(format(value))"
        case let .notFinite(option, side):
            return "\(Self.name(option, side)) must be a finite number"
        case let .insetsTooWide(total, width):
            return "the insets take \(format(total)) pt of the \(format(width)) pt width, leaving no room for tags"
        case let .noRoomForText(lineWidth, padding):
            return "a line is \(format(lineWidth)) pt wide, which leaves no room for text "
                + "between 2 × \(format(padding)) pt of padding"
        case let .tooManySelected(selected, maxSelection):
            return "\(selected) tags are preselected but maxSelection is \(maxSelection)"
        case let .rowsNeedHorizontalScrolling(rows):
            return "rows is \(rows), but rows apply only to horizontal scrolling; vertical lines wrap at the width"
        case let .maxLinesNeedVerticalScrolling(maxLines):
            return "maxLines is \(maxLines), but a horizontal layout has exactly `rows` rows per section; "
                + "use rows instead"
        case let .fontSizeTooLarge(fontSize):
            return "fontSize must be at most \(format(LayoutOptions.maxFontSize)) pt, got \(format(fontSize))"
        case let .trackingOutOfRange(tracking, allowed):
            return "tracking must be from \(format(allowed.lowerBound)) to \(format(allowed.upperBound)) pt "
                + "at this font size (a quarter of an em tighter to an em looser), got \(format(tracking))"
        }
    }

    private func format(_ value: Double) -> String { formatPoints(value) }

    /// `padding`, or `sectionInset.top` for a side of an inset option.
    private static func name(_ option: LayoutOptionKey, _ side: EdgeInsets.Side?) -> String {
        side.map { "\(option.rawValue).\($0.rawValue)" } ?? option.rawValue
    }
}

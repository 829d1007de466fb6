/// Where one tag landed.
public struct ItemLayout: Hashable, Sendable {
    public var frame: Rect
    // 32 bits each, so a tag's layout is 48 bytes, not 56.
    private var sectionIndex: Int32
    private var lineIndex: Int32
    /// Past `maxLines`: not shown and never returned by a query. Its frame is empty.
    public var isHidden: Bool
    /// Its text was wider than a line allows, so the tag was clamped and its text gets an ellipsis.
    public var isTruncated: Bool

    public var section: Int {
        get { Int(sectionIndex) }
        set { sectionIndex = Int32(newValue) }
    }

    /// The line within its section, from 0.
    public var line: Int {
        get { Int(lineIndex) }
        set { lineIndex = Int32(newValue) }
    }

    init(frame: Rect, section: Int, line: Int, isHidden: Bool, isTruncated: Bool) {
        self.frame = frame
        sectionIndex = Int32(section)
        lineIndex = Int32(line)
        self.isHidden = isHidden
        self.isTruncated = isTruncated
    }
}

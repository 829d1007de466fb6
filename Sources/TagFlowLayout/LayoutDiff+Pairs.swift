extension LayoutDiff {
    /// Every section of both layouts as the diff pairs them, in document order; `nil` on the side a section is
    /// missing from. The same pairing the diff's changes were found with, for pictures that show them.
    public var sectionPairs: [(old: Int?, new: Int?)] {
        Self.pairSections(old.sections, new.sections)
    }

    /// The tags of a pair of sections as the diff pairs them: (old index, new index), unchanged tags included.
    /// A tag in neither list was removed (old) or added (new).
    public func tagPairs(oldSection: Int, newSection: Int) -> [(old: Int, new: Int)] {
        Self.matchTexts(old.sections[oldSection].tags.map(\.text), new.sections[newSection].tags.map(\.text))
            .map { (old: $0.0, new: $0.1) }
    }
}

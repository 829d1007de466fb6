import Testing
@testable import TagFlowLayout

/// Matching: known edits give exactly the expected lists.
@Suite struct LayoutDiffMatchingTests {
    func snapshot(_ sections: [(String?, [String])], options: LayoutOptions = LayoutOptions()) -> LayoutSnapshot {
        let document = TagDocument(sections: sections.map { TagSection(title: $0.0, tags: $0.1.map { Tag($0) }) })
        return LayoutSnapshot(try! TagLayout(document: document, options: options, measurer: FixedAdvanceMeasurer()))
    }

    func diff(_ old: [String], _ new: [String], oldOptions: LayoutOptions = LayoutOptions(), newOptions: LayoutOptions = LayoutOptions()) -> LayoutDiff {
        LayoutDiff(old: snapshot([("A", old)], options: oldOptions), new: snapshot([("A", new)], options: newOptions))
    }

    func texts(_ changes: [LayoutDiff.TagChange]) -> [String] { changes.map(\.text) }

    @Test func insertingATagMovesTheTagsAfterIt() {
        let result = diff(["aa", "bb", "cc", "dd"], ["aa", "xx", "bb", "cc", "dd"])
        #expect(texts(result.added) == ["xx"])
        #expect(texts(result.removed) == [])
        #expect(texts(result.moved) == ["bb", "cc", "dd"])
        #expect(texts(result.resized) == [])
        // xx is 29 wide at x = 10 + 29 + 10; bb moved from there by one tag and one gap.
        #expect(result.added[0].new?.frame == Rect(x: 49, y: 60, width: 29, height: 30))
        #expect(result.moved[0].old?.frame?.x == 49 && result.moved[0].new?.frame?.x == 88)
        #expect(result.added[0].new?.index == 1 && result.moved[0].old?.index == 1 && result.moved[0].new?.index == 2)
        #expect(!result.isIdentical)
        #expect(result.contentHeightChange == 0)
    }

    @Test func renamingATagOfTheSameLengthIsARenameOnly() {
        let result = diff(["aa", "bb", "cc"], ["aa", "bx", "cc"])
        #expect(result.renamed.map { "\($0.oldText ?? "") → \($0.text)" } == ["bb → bx"])
        #expect(result.added.isEmpty && result.removed.isEmpty)
        #expect(texts(result.moved) == [])
        #expect(texts(result.resized) == [])
    }

    @Test func renamingToALongerTextPushesTheRest() {
        let result = diff(["aa", "bb", "cc"], ["aa", "bbbb", "cc"])
        #expect(texts(result.renamed) == ["bbbb"])
        #expect(result.added.isEmpty && result.removed.isEmpty)
        #expect(texts(result.moved) == ["cc"])
        #expect(texts(result.resized) == [])
    }

    @Test func changingThePaddingResizesEveryTagAndMovesAllButTheFirst() {
        var wide = LayoutOptions()
        wide.padding = 10
        let result = diff(["aa", "bb", "cc"], ["aa", "bb", "cc"], newOptions: wide)
        #expect(texts(result.added) == [] && texts(result.removed) == [])
        #expect(texts(result.resized) == ["aa", "bb", "cc"])
        #expect(texts(result.moved) == ["bb", "cc"])
        #expect(result.resized[0].old?.frame?.width == 29 && result.resized[0].new?.frame?.width == 34)
    }

    @Test func paddingThatWrapsLinesChangesLinesAndContentHeight() {
        var narrow = LayoutOptions()
        narrow.width = 120  // a 100-pt line
        var padded = narrow
        padded.padding = 20
        // 29-pt tags fit two to a line (29 + 10 + 29); 54-pt tags only one (54 + 10 + 54 > 100).
        let result = diff(["aa", "bb", "cc", "dd"], ["aa", "bb", "cc", "dd"], oldOptions: narrow, newOptions: padded)
        #expect(texts(result.resized) == ["aa", "bb", "cc", "dd"])
        #expect(texts(result.moved) == ["bb", "cc", "dd"])
        #expect(result.moved.map { $0.old!.line } == [0, 1, 1])
        #expect(result.moved.map { $0.new!.line } == [1, 2, 3])
        // Two more lines of 30 pt and 10 pt of spacing each.
        #expect(result.contentHeightChange == 80)
    }

    @Test func anInsertedDuplicateLeavesItsTwinsInPlace() {
        let result = diff(["a", "b", "a"], ["a", "a", "b", "a"])
        #expect(texts(result.added) == ["a"])
        #expect(result.added[0].new?.index == 1)
        #expect(texts(result.removed) == [])
        #expect(texts(result.moved) == ["b", "a"])
        #expect(result.moved.map { $0.old!.index } == [1, 2])
        #expect(result.moved.map { $0.new!.index } == [2, 3])
    }

    @Test func removingOneOfTwoDuplicates() {
        let result = diff(["x", "dup", "y", "dup"], ["x", "y", "dup"])
        #expect(texts(result.removed) == ["dup"])
        #expect(result.removed[0].old?.index == 1)
        #expect(texts(result.added) == [])
        #expect(texts(result.moved) == ["y", "dup"])
    }

    /// A tag that gives way to another between the same kept tags is renamed; one put in or taken out is not.
    @Test func aTagReplacedInPlaceIsRenamed() {
        func renames(_ diff: LayoutDiff) -> [String] { diff.renamed.map { "\($0.oldText ?? "") → \($0.text)" } }
        let replaced = diff(["aa", "bb", "cc"], ["aa", "xx", "cc"])
        #expect(renames(replaced) == ["bb → xx"])
        #expect(replaced.added.isEmpty && replaced.removed.isEmpty)
        #expect(replaced.renamed.first?.old?.index == 1 && replaced.renamed.first?.new?.index == 1)
        #expect(renames(diff(["aa", "bb"], ["zz", "bb"])) == ["aa → zz"])
        let two = diff(["aa", "bb", "cc", "dd"], ["aa", "xx", "yy", "dd"])
        #expect(renames(two) == ["bb → xx", "cc → yy"])
        // Two gone and three come between the same kept tags: which came for which is anyone's guess.
        let uneven = diff(["aa", "bb", "cc", "dd"], ["aa", "xx", "yy", "zz", "dd"])
        #expect(uneven.renamed.isEmpty && texts(uneven.added) == ["xx", "yy", "zz"] && texts(uneven.removed) == ["bb", "cc"])
        // A section that keeps no tag was replaced.
        let replaced3 = diff(["aa", "bb"], ["xx", "yy"])
        #expect(replaced3.renamed.isEmpty && texts(replaced3.added) == ["xx", "yy"])
        #expect(renames(diff(["aa", "bb", "cc"], ["aa", "bb", "zz"])) == ["cc → zz"])
        let inserted = diff(["aa", "bb"], ["aa", "xx", "bb"])
        #expect(inserted.renamed.isEmpty && texts(inserted.added) == ["xx"])
        let deleted = diff(["aa", "xx", "bb"], ["aa", "bb"])
        #expect(deleted.renamed.isEmpty && texts(deleted.removed) == ["xx"])
        #expect(!replaced.isIdentical)
    }

    @Test func swappedTagsAreMovedNotRemovedAndAdded() {
        let result = diff(["aa", "bb", "cc"], ["cc", "bb", "aa"])
        #expect(texts(result.added) == [] && texts(result.removed) == [])
        #expect(Set(texts(result.moved)) == ["aa", "cc"])
    }

    @Test func aRetitledSectionKeepsItsTags() {
        let result = LayoutDiff(old: snapshot([("Sports", ["aa", "bb"])]), new: snapshot([("Sport", ["aa", "bb"])]))
        #expect(result.sections == [LayoutDiff.SectionChange(kind: .retitled, oldIndex: 0, newIndex: 0, oldText: "Sports", newText: "Sport")])
        #expect(result.added.isEmpty && result.removed.isEmpty && result.moved.isEmpty && result.resized.isEmpty)
        #expect(!result.isIdentical)
    }

    /// The section below moves down as a whole: one shift, not a move of each of its tags.
    @Test func aSectionAddedInFrontAddsItsTagsAndShiftsTheRest() {
        let result = LayoutDiff(old: snapshot([("A", ["aa"])]), new: snapshot([("New", ["nn"]), ("A", ["aa"])]))
        #expect(result.sections.map(\.kind) == [.added])
        #expect(result.sections[0].newIndex == 0)
        #expect(texts(result.added) == ["nn"])
        #expect(result.moved.isEmpty)
        // Header 50, insets 10 + 10, one line of 30.
        #expect(result.shifted == [LayoutDiff.SectionShift(oldSection: 0, newSection: 1, dx: 0, dy: 100, tags: 1)])
        #expect(result.contentHeightChange == 100)
    }

    @Test func sectionsArePairedByTitleWhenReordered() {
        let result = LayoutDiff(old: snapshot([("A", ["aa"]), ("B", ["bb"])]), new: snapshot([("B", ["bb"]), ("A", ["aa"])]))
        #expect(result.sections.isEmpty)
        #expect(result.moved.isEmpty)
        #expect(result.shifted.map(\.newSection) == [0, 1])
        #expect(result.shifted.map(\.dy) == [-100, 100])
    }

    /// A tag that moves within its shifted section is moved: its move differs from the section's.
    @Test func aTagThatMovesWithinAShiftedSectionIsMoved() {
        let result = LayoutDiff(old: snapshot([("A", ["aa"]), ("B", ["bb", "cc"])]),
                                new: snapshot([("A", ["aa", String(repeating: "z", count: 45)]), ("B", ["cc", "bb"])]))
        #expect(result.shifted.map(\.newSection) == [1])
        #expect(Set(texts(result.moved)) == ["bb", "cc"])
    }

    /// Without a header, a section begins at its first line: a tag put in after the first moves the tags after it,
    /// and shifts nothing.
    @Test func anUntitledSectionBeginsAtItsFirstLine() {
        let result = LayoutDiff(old: snapshot([(nil, ["a", "b", "c", "d", "e"])]), new: snapshot([(nil, ["a", "X", "b", "c", "d", "e"])]))
        #expect(result.shifted.isEmpty)
        #expect(texts(result.moved) == ["b", "c", "d", "e"])
        // Below a section that grew a line, an untitled one shifts as a whole.
        let grown = LayoutDiff(old: snapshot([("A", ["aa"]), (nil, ["bb", "cc"])]),
                               new: snapshot([("A", ["aa", String(repeating: "z", count: 45)]), (nil, ["bb", "cc"])]))
        #expect(grown.moved.isEmpty)
        #expect(grown.shifted.map(\.newSection) == [1] && grown.shifted.first?.tags == 2)
    }

    /// A taller header moves its tags down with the place they begin: a shift, not a move of each.
    @Test func aTallerHeaderShiftsItsTags() {
        var tall = LayoutOptions()
        tall.headerHeight += 10
        let result = LayoutDiff(old: snapshot([("A", ["aa", "bb"])]), new: snapshot([("A", ["aa", "bb"])], options: tall))
        #expect(result.moved.isEmpty)
        #expect(result.shifted == [LayoutDiff.SectionShift(oldSection: 0, newSection: 0, dx: 0, dy: 10, tags: 2)])
        #expect(result.sections.map(\.kind) == [.headerResized])
    }

    @Test func untitledSectionsPairByTheirTags() {
        let result = LayoutDiff(old: snapshot([(nil, ["aa", "bb"])]), new: snapshot([(nil, ["zz"]), (nil, ["aa", "bb"])]))
        #expect(result.sections.map(\.kind) == [.added])
        #expect(result.sections[0].newIndex == 0)
        #expect(texts(result.added) == ["zz"])
        #expect(texts(result.removed) == [])
    }

    @Test func aTagPushedPastMaxLinesMovesToHidden() {
        var options = LayoutOptions()
        options.width = 120
        options.maxLines = 1
        let result = diff(["aa", "bb"], ["xx", "aa", "bb"], oldOptions: options, newOptions: options)
        #expect(texts(result.added) == ["xx"])
        #expect(texts(result.moved) == ["aa", "bb"])
        #expect(result.moved[1].new?.frame == nil)
    }

    @Test func identicalLayoutsHaveNoChanges() {
        #expect(diff(["aa", "bb"], ["aa", "bb"]).isIdentical)
    }

    @Test func longSectionsFallBackToPairingInOrder() {
        // Past the LCS table's limit the middle pairs by text in order; the common ends are still trimmed.
        let old = (0..<2500).map { "t\($0)" }
        var new = old
        new.insert("new", at: 1000)
        new.swapAt(10, 2400)
        let matches = LayoutDiff.matchTexts(old, new)
        #expect(matches.count == old.count)
        #expect(Set(matches.map(\.0)).count == old.count)
    }
}

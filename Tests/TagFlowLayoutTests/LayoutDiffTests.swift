import Testing
import TagFlowLayout

@Suite struct LayoutDiffTests {
    /// A snapshot of `sections` laid out 200 pt wide with 7 pt per character.
    static func snapshot(_ sections: [TagSection], width: Double = 200) -> LayoutSnapshot {
        var options = LayoutOptions()
        options.width = width
        return LayoutSnapshot(try! TagLayout(document: TagDocument(sections: sections), options: options, measurer: FixedAdvanceMeasurer()))
    }

    static let fruit = TagSection(title: "Fruit", tags: ["apple", "pear", "quince"].map { Tag($0) })

    @Test("a layout compared with itself is identical")
    func identical() {
        let diff = LayoutDiff(old: Self.snapshot([Self.fruit]), new: Self.snapshot([Self.fruit]))
        #expect(diff.isIdentical)
        #expect(diff.added.isEmpty && diff.removed.isEmpty && diff.moved.isEmpty && diff.resized.isEmpty)
        #expect(diff.contentHeightChange == 0)
    }

    @Test("font files differ by name, version or hash; a hash by another algorithm cannot tell")
    func fontFiles() {
        func font(_ fileName: String, _ version: String = "Version 2.37", hash: String) -> FontFileIdentity {
            FontFileIdentity(family: "DejaVu Sans", style: "Book", fileName: fileName, version: version, contentHash: hash)
        }
        let sans = font("DejaVuSans.ttf", hash: "xxh64:4d02dd455b26637a")
        func changed(_ old: [FontFileIdentity], _ new: [FontFileIdentity]) -> Bool {
            var before = Self.snapshot([Self.fruit]), after = before
            (before.fontFiles, after.fontFiles) = (old, new)
            return LayoutDiff(old: before, new: after).fontFilesChanged
        }
        #expect(!changed([sans], [sans]))
        #expect(changed([sans], [font("DejaVuSans.ttf", hash: "xxh64:0000000000000000")]))
        #expect(changed([sans], [font("Mine.ttf", hash: "xxh64:4d02dd455b26637a")]))
        #expect(changed([sans], [font("DejaVuSans.ttf", "Version 2.38", hash: "xxh64:4d02dd455b26637a")]))
        #expect(changed([sans], [sans, font("Other.ttf", hash: "xxh64:0000000000000001")]))
        // An older layout's record of the same file, hashed with FNV-1a 64.
        #expect(!changed([font("DejaVuSans.ttf", hash: "fnv1a64:adadfef763426946")], [sans]))
        #expect(changed([font("DejaVuSans.ttf", "Version 2.36", hash: "fnv1a64:adadfef763426946")], [sans]))
        // Either side unknown says nothing.
        #expect(!changed([], [sans]) && !changed([sans], []))
    }

    @Test("an appended tag is added and a dropped one removed, naming their texts")
    func addedAndRemoved() {
        var longer = Self.fruit
        longer.tags.append(Tag("fig"))
        let grown = LayoutDiff(old: Self.snapshot([Self.fruit]), new: Self.snapshot([longer]))
        #expect(grown.added.map(\.text) == ["fig"])
        #expect(grown.removed.isEmpty)
        #expect(!grown.isIdentical)
        let shrunk = LayoutDiff(old: Self.snapshot([longer]), new: Self.snapshot([Self.fruit]))
        #expect(shrunk.removed.map(\.text) == ["fig"])
        #expect(shrunk.added.isEmpty)
    }

    @Test("a longer first tag moves the tags after it along")
    func laterTagsMove() {
        var wider = Self.fruit
        wider.tags[0] = Tag("apple pie")
        let diff = LayoutDiff(old: Self.snapshot([Self.fruit]), new: Self.snapshot([wider]))
        #expect(!diff.isIdentical)
        #expect(diff.moved.map(\.text).contains("pear"))
    }

    @Test("selecting a tag is a reselection, not a move")
    func reselected() {
        var selected = Self.fruit
        selected.tags[1] = Tag("pear", isSelected: true)
        let diff = LayoutDiff(old: Self.snapshot([Self.fruit]), new: Self.snapshot([selected]))
        #expect(diff.reselected.map(\.text) == ["pear"])
        #expect(diff.moved.isEmpty && diff.resized.isEmpty)
    }

    @Test("a new section title is a retitled section")
    func retitled() {
        var retitled = Self.fruit
        retitled.title = "Fruits"
        let diff = LayoutDiff(old: Self.snapshot([Self.fruit]), new: Self.snapshot([retitled]))
        #expect(diff.sections.map(\.kind) == [.retitled])
        #expect(diff.sections.first?.oldText == "Fruit" && diff.sections.first?.newText == "Fruits")
    }

    @Test("tags wrapping onto another line change the content height by that line")
    func heightChange() {
        let narrow = LayoutDiff(old: Self.snapshot([Self.fruit], width: 400), new: Self.snapshot([Self.fruit], width: 120))
        #expect(narrow.contentHeightChange > 0)
        #expect(LayoutDiff.differs(narrow.old.contentSize.height, narrow.new.contentSize.height))
    }
}

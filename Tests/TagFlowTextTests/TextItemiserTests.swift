import Testing
@testable import TagFlowText

/// How a text is cut into runs before any font shapes it: by font, script and bidi level, with neutrals joining
/// their neighbours. No font is opened: a rule stands in for the fallback chain.
@Suite struct TextItemiserTests {
    /// Font 1 for digits, 2 for anything outside ASCII but Arabic, 0 for the rest.
    struct DigitsApart: ClusterFontPicking {
        func font(for scalar: UInt32) -> Int { (0x30...0x39).contains(scalar) ? 1 : 0 }
        func font(for cluster: Character) -> Int {
            let first = cluster.unicodeScalars.first!.value
            if first < 0x80 { return font(for: first) }
            return (0x600...0x6FF).contains(first) ? 0 : 2
        }
    }

    func itemised(_ text: String) -> TextItemiser {
        var itemiser = TextItemiser()
        itemiser.itemise(text, fonts: DigitsApart())
        return itemiser
    }

    /// Each run's text, for reading the expectations.
    func texts(_ itemiser: TextItemiser) -> [String] {
        itemiser.runs.map { run in
            String(String.UnicodeScalarView(itemiser.scalars[run.scalars].compactMap(Unicode.Scalar.init)))
        }
    }

    @Test func asciiInOneFontIsOneLatinRun() {
        let itemiser = itemised("Hello world")
        #expect(itemiser.clusters.count == 11)
        let whole = TextItemiser.Run(clusters: 0..<11, scalars: 0..<11, font: 0, script: .latin, level: 0)
        #expect(itemiser.runs == [whole])
        #expect(!itemiser.isBidirectional)
    }

    @Test func anotherFontStartsAnotherRun() {
        let itemiser = itemised("ab12cd")
        #expect(texts(itemiser) == ["ab", "12", "cd"])
        #expect(itemiser.runs.map(\.font) == [0, 1, 0])
    }

    /// Leading digits and spaces take the script of the first letter; those after take the one before them.
    @Test func neutralsTakeTheirNeighboursScript() {
        let itemiser = itemised("\" abc\" xyz")
        #expect(texts(itemiser) == ["\" abc\" xyz"])
        #expect(itemiser.runs.first?.script == .latin)
    }

    /// The space between a right-to-left word and the Latin after it is at the Latin's level, and joins it.
    @Test func aNeutralAtTheLevelAfterItJoinsTheTextAfter() {
        let itemiser = itemised("ab مرحبا cd")
        #expect(itemiser.isBidirectional)
        #expect(texts(itemiser) == ["ab ", "مرحبا", " cd"])
        #expect(itemiser.runs.map(\.level) == [0, 1, 0])
        let scripts = itemiser.runs.map(\.script)
        #expect(scripts[0] == .latin && scripts[2] == .latin && scripts[1] != .latin)
    }

    /// A grapheme cluster is one cluster, however many scalars: an emoji with its skin tone is drawn by one font.
    @Test func aGraphemeClusterStaysWhole() {
        let itemiser = itemised("a👍🏽b")
        #expect(itemiser.clusters.count == 3)
        #expect(itemiser.scalars.count == 4)
        #expect(texts(itemiser) == ["a", "👍🏽", "b"])
        #expect(itemiser.runs.map(\.font) == [0, 2, 0])
    }

    @Test func anEmptyTextHasNoRuns() {
        let itemiser = itemised("")
        #expect(itemiser.clusters.isEmpty && itemiser.runs.isEmpty)
    }

    /// UAX #9, L2: from the highest level down, each stretch at that level or higher is reversed.
    @Test func runsAreReorderedByLevel() {
        var runs: [(name: String, level: UInt8)] = [("a", 0), ("b", 1), ("c", 1), ("d", 0)]
        TextItemiser.reorderVisually(&runs, level: \.level)
        #expect(runs.map(\.name) == ["a", "c", "b", "d"])
        var nested: [(name: String, level: UInt8)] = [("R1", 1), ("L2", 2), ("L2b", 2), ("R1b", 1)]
        TextItemiser.reorderVisually(&nested, level: \.level)
        #expect(nested.map(\.name) == ["R1b", "L2", "L2b", "R1"])
        var flat: [(name: String, level: UInt8)] = [("x", 0), ("y", 0)]
        TextItemiser.reorderVisually(&flat, level: \.level)
        #expect(flat.map(\.name) == ["x", "y"])
    }
}

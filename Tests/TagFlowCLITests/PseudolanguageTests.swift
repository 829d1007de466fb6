import Foundation
import Testing
import TagFlowLayout
@testable import TagFlowInput

/// The pseudolanguages, on strings and on a whole document, and `--pseudo` through the binary.
@Suite struct PseudolanguageTests {
    @Test func eachPseudolanguageChangesTextAsItsModelDoes() {
        #expect(Pseudolanguage.double.apply("Hiking") == "Hiking Hiking")
        #expect(Pseudolanguage.accented.apply("Hello, World!") == "Ĥéļļö, Ŵöŕļð!")
        #expect(Pseudolanguage.bounded.apply("运动") == "[# 运动 #]")
        #expect(Pseudolanguage.rtl.apply("Hiking") == "Hiking")
        #expect(Pseudolanguage.expanded.apply("Pizza") == "[Þîžžå one two]")
        // Letters outside A–Z keep their own shapes: only Latin letters take accents.
        #expect(Pseudolanguage.accented.apply("Städte 篮球 12") == "Šţäðţé 篮球 12")
    }

    /// IBM's table: short strings grow most, by the lower bound of each row.
    @Test func theExpansionFollowsIBMsTableByLength() {
        let rows = [(1, 1), (10, 10), (11, 9), (20, 16), (21, 13), (30, 18), (31, 13), (50, 20), (51, 16), (70, 22),
                    (71, 22), (100, 30)]
        for (length, extra) in rows {
            #expect(Pseudolanguage.expansion(forLength: length) == extra, "\(length)")
        }
        for length in [1, 7, 15, 26, 44, 60, 90] {
            let text = String(repeating: "x", count: length)
            let padded = Pseudolanguage.expanded.apply(text)
            // Brackets, the accented text, and at least the expansion in whole words.
            #expect(padded.count - 2 - length >= Pseudolanguage.expansion(forLength: length))
            #expect(padded.count - 2 - length < Pseudolanguage.expansion(forLength: length) + 6)
            #expect(Pseudolanguage.expanded.apply(text) == padded)
        }
    }

    @Test func aDocumentsTagsTitlesAndFootersAllChange() {
        let document = TagDocument(sections: [TagSection(title: "Sports", footer: "Pick 3",
                                                         tags: [Tag("Yoga", isSelected: true), Tag("Ski")])])
        let doubled = Pseudolanguage.double.apply(to: document)
        #expect(doubled.sections[0].title == "Sports Sports" && doubled.sections[0].footer == "Pick 3 Pick 3")
        #expect(doubled.sections[0].tags.map(\.text) == ["Yoga Yoga", "Ski Ski"])
        #expect(doubled.sections[0].tags.map(\.isSelected) == [true, false])
        #expect(Pseudolanguage.rtl.apply(to: document) == document)
    }

    @Test func rtlMirrorsTheLayoutAndTheOthersKeepItsDirection() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.tags", "Hiking\n")
        func firstX(_ extra: [String]) throws -> Double? {
            let result = try tagflow(["layout", folder.path("t.tags"), "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let items = (json?["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]
            return items?.first?["x"] as? Double
        }
        #expect(try firstX(["--pseudo", "double"]) == 10)
        #expect(try firstX(["--pseudo", "rtl"]) ?? 10 > 300)
        #expect(try firstX(["--pseudo", "rtl", "--direction", "ltr"]) == 10)
    }
}

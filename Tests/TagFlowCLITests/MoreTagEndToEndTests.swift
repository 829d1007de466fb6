import Foundation
import TagFlowImage
import Testing

/// `--max-lines` with `--more-tag`, through the binary: the "+N" tag in the layout JSON and in a picture.
@Suite(.serialized) struct MoreTagEndToEndTests {
    static let demo = ["Examples/demo.tags", "--config", "Examples/demo.json"]

    func layoutJSON(_ arguments: [String]) throws -> [String: Any] {
        let result = try tagflow(["layout"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
    }

    @Test func everyDemoSectionShowsTwoLinesEndingWithTheCountOfItsHiddenTags() throws {
        let json = try layoutJSON(Self.demo + ["--max-lines", "2", "--more-tag", "+%d"])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.count == 3)
        for section in sections {
            let title = section["title"] as? String ?? "?"
            let items = try #require(section["items"] as? [[String: Any]])
            let hidden = items.count { $0["hidden"] as? Bool == true }
            let more = try #require(section["more"] as? [String: Any], "\(title) has no more tag")
            #expect(section["lineCount"] as? Int == 2, "\(title)")
            #expect(section["hiddenCount"] as? Int == hidden, "\(title)")
            #expect(more["count"] as? Int == hidden, "\(title)")
            #expect(more["text"] as? String == "+\(hidden)", "\(title)")
            let x = try #require(more["x"] as? Double), y = try #require(more["y"] as? Double)
            let width = try #require(more["width"] as? Double)
            // On the last shown line, after its tags, inside the 10 pt section insets of the 375 pt viewport.
            let lastLine = items.filter { $0["hidden"] as? Bool == false && $0["line"] as? Int == 1 }
            #expect(!lastLine.isEmpty, "\(title)")
            for item in lastLine {
                #expect(item["y"] as? Double == y)
                #expect((item["x"] as! Double) + (item["width"] as! Double) < x, "\(title): \(item["text"] ?? "") is after the more tag")
            }
            #expect(x + width <= 365, "\(title): the more tag overflows the line")
            #expect(items.allSatisfy { ($0["line"] as? Int ?? 0) <= 2 })
        }
    }

    @Test func theConfigKeySetsItAndSectionsThatHideNothingSayNull() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section A\none\ntwo\n@section B\n" + (1...30).map { "tag \($0)\n" }.joined())
        try folder.write("c.json", #"{"maxLines": 1, "moreTag": "%d more"}"#)
        let json = try layoutJSON([folder.path("a.tags"), "--config", folder.path("c.json")])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections[0]["more"] is NSNull)
        let more = try #require(sections[1]["more"] as? [String: Any])
        #expect(more["text"] as? String == "\(more["count"] as! Int) more")
    }

    @Test func withoutAMoreTagTheJSONHasNoMoreKey() throws {
        let json = try layoutJSON(Self.demo + ["--max-lines", "2"])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.allSatisfy { $0["more"] == nil })
    }

    @Test func theTableListsTheMoreTag() throws {
        let result = try tagflow(["layout"] + Self.demo + ["--max-lines", "2", "--more-tag", "+%d"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("more 0     +16"), "\(result.stdout)")
    }

    @Test func renderDrawsItInTheStylesMoreColours() throws {
        let folder = try TemporaryFolder()
        try folder.write("c.json", ##"{"width": 375, "maxLines": 2, "moreTag": "+%d", "style": {"moreText": "#ff0000", "moreBorder": "#00ff00"}}"##)
        let layout = try layoutJSON(["Examples/demo.tags", "--config", folder.path("c.json")])
        let more = try #require(((layout["sections"] as? [[String: Any]])?[0])?["more"] as? [String: Any])
        let result = try tagflow(["render", "Examples/demo.tags", "--config", folder.path("c.json"), "--scale", "1",
                                  "-o", folder.path("more.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGDecoder().decode(Array(try Data(contentsOf: folder.url.appendingPathComponent("more.png"))))
        let frame = (x: Int(more["x"] as! Double), y: Int(more["y"] as! Double),
                     width: Int(more["width"] as! Double), height: Int(more["height"] as! Double))
        func isRed(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return p.red > 200 && p.green < 80 && p.blue < 80
        }
        func isGreen(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return p.green > 200 && p.red < 80 && p.blue < 80
        }
        var redInside = 0, greenInside = 0, colouredOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inside = x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height
                let coloured = isRed(x, y) || isGreen(x, y)
                if inside { redInside += isRed(x, y) ? 1 : 0; greenInside += isGreen(x, y) ? 1 : 0 }
                else if coloured { colouredOutside += 1 }
            }
        }
        #expect(redInside > 20, "the \"+N\" text is drawn in moreText")
        #expect(greenInside > 20, "the border is drawn in moreBorder")
        // The other sections' more tags are red and green too; nothing else is.
        #expect(colouredOutside > 0)
        let plain = try tagflow(["render", "Examples/demo.tags", "--max-lines", "2", "--scale", "1", "-o", folder.path("plain.png")])
        #expect(plain.status == 0)
        let plainImage = try PNGDecoder().decode(Array(try Data(contentsOf: folder.url.appendingPathComponent("plain.png"))))
        var plainColoured = 0
        for y in 0..<plainImage.height {
            for x in 0..<plainImage.width
            where { let p = plainImage[x, y]; return p.red > 200 && p.green < 80 && p.blue < 80 }() {
                plainColoured += 1
            }
        }
        #expect(plainColoured == 0, "without a more tag nothing is drawn in its colours")
    }

    @Test func diffsOfLayoutJSONAndOfTagsFilesReportTheMoreTag() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "@section A\n" + (1...30).map { "tag \($0)\n" }.joined())
        try folder.write("new.tags", "@section A\n" + (1...31).map { "tag \($0)\n" }.joined())
        let flags = ["--max-lines", "1", "--more-tag", "+%d"]
        for name in ["old", "new"] {
            let layout = try tagflow(["layout", folder.path("\(name).tags"), "--format", "json", "-o", folder.path("\(name).json")] + flags)
            #expect(layout.status == 0, "\(layout.stderr)")
        }
        let fromTags = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "--format", "json"] + flags)
        let fromJSON = try tagflow(["diff", folder.path("old.json"), folder.path("new.json"), "--format", "json"])
        #expect(fromTags.status == 1 && fromJSON.status == 1, "\(fromTags.stderr)\(fromJSON.stderr)")
        #expect(fromTags.stdout == fromJSON.stdout)
        let report = try #require(try JSONSerialization.jsonObject(with: fromJSON.stdoutBytes) as? [String: Any])
        let changes = try #require(report["moreTags"] as? [[String: Any]])
        #expect(changes.count == 1)
        // The summary counts them, as the text's does.
        #expect((report["summary"] as? [String: Any])?["moreTags"] as? Int == 1)
        let old = try #require(changes.first?["old"] as? [String: Any]), new = try #require(changes.first?["new"] as? [String: Any])
        #expect(new["count"] as? Int == (old["count"] as? Int ?? 0) + 1)
        let text = try tagflow(["diff", folder.path("old.json"), folder.path("new.json")])
        #expect(text.stdout.contains("1 more tag(s) changed") && text.stdout.contains("more tag"), "\(text.stdout)")
    }
}

import Foundation
import Testing
import TagFlowLayout
import TagFlowTestSupport
@testable import TagFlowCLI
@testable import TagFlowInput

/// Large JSON documents written on one line, as generators write them, read as fast as pretty ones: the parser once
/// counted each value's column from the start of its line, so 200k tags on one line took minutes. How fast is for
/// `make bench` (its `json` group); these only check that such files read, and that their places stay right.
@Suite struct JSONLinearTimeTests {
    /// Only a hang fails: the bad-input corpus's limit for a run.
    static let hangLimit: TimeLimitTrait = .timeLimit(.minutes(Int(BadInputCorpusTests.hangTimeout / 60)))

    /// The column a parse error or a value gets when `prefix` is everything before it on its line: columns count
    /// characters (Unicode scalars), not bytes.
    func column(after prefix: String) -> Int { prefix.unicodeScalars.count + 1 }

    /// `count` tags as JSON strings joined by commas, every seventh of them Chinese, so columns and bytes differ.
    func tagList(_ count: Int) -> String {
        (0..<count).map { $0 % 7 == 0 ? "\"标签\($0)\"" : "\"t\($0)\"" }.joined(separator: ",")
    }

    func failure(_ text: String) -> InputError? {
        do { _ = try TagsJSON.parse(Array(text.utf8), file: "t.json"); return nil } catch { return error }
    }

    @Test(Self.hangLimit) func readsTwoHundredThousandTagsOnOneLine() throws {
        let count = 200_000
        // Every tenth tag an object, half of them selected, in four sections.
        let sections = (0..<4).map { section in
            let tags = (0..<count / 4).map { index -> String in
                let number = section * count / 4 + index
                let text = number % 7 == 0 ? "标签\(number)" : "t\(number)"
                return number % 10 == 0 ? #"{"text":"\#(text)","selected":\#(number % 20 == 0)}"# : "\"\(text)\""
            }
            return #"{"title":"Section \#(section)","tags":[\#(tags.joined(separator: ","))]}"#
        }
        let text = #"{"sections":[\#(sections.joined(separator: ","))]}"#
        let folder = try TemporaryFolder()
        let file = try folder.write("tags.json", text)
        #expect(!text.contains("\n"))

        let document = try TagsInputFormat.document(at: file.path, format: .auto)
        let tags = document.sections.flatMap(\.tags)
        #expect(document.sections.count == 4)
        #expect(tags.count == count)
        #expect(tags.filter(\.isSelected).count == count / 20)
        #expect(tags.last?.text == "t\(count - 1)")
        // The last tag's place, counted by hand from the text before it.
        let lastTag = try #require(text.range(of: "\"t\(count - 1)\"", options: .backwards))
        let before = String(text[..<lastTag.lowerBound])
        #expect(tags.last?.location == SourceLocation(line: 1, column: column(after: before)))
    }

    @Test(Self.hangLimit) func readsATwentySixMegabyteConfigOnOneLine() throws {
        // Absolute paths, kept as they are: a config's fonts are not opened until something draws.
        let paths = (0..<960_000).map { $0 % 5 == 0 ? "/fonts/字体-\($0).ttf" : "/fonts/family-\($0).otf" }
        let pathList = paths.map { "\"\($0)\"" }.joined(separator: ",")
        let text = ##"{"width":375,"alignment":"left","fontFiles":[\##(pathList)],"##
            + ##""style":{"selectedBorder":"#ffb400"}}"##
        let folder = try TemporaryFolder()
        let file = try folder.write("config.json", text)
        #expect(text.utf8.count > 25_000_000)

        let config = try ConfigFile.load(file.path)
        #expect(config.fontFiles == paths)
        #expect(config.layout.map(\.setting.key) == [.width, .alignment])
        let style = try #require(text.range(of: #"{"selectedBorder""#))
        #expect(config.settingLocations["style"]
                == SourceSpan(file: file.path, line: 1, column: column(after: String(text[..<style.lowerBound]))))
    }

    /// Errors far along one long line, each of a different kind, point where they did before the parser counted on.
    @Test func errorsFarAlongOneLineKeepTheirPlaces() throws {
        let head = #"{"sections":[{"title":"运动","tags":["# + tagList(100_000) + ","
        // What follows the 100,000 tags, and the text before the error's place within it.
        let cases: [(rest: String, before: String, message: String)] = [
            (#"]}]}"#, "", "a comma before ']'"),
            (#"01]}]}"#, "", "a number cannot start with 0"),
            (#"1e999]}]}"#, "", "the number 1e999 is too large"),
            (#"42]}]}"#, "", #"expected a tag to be a string or an object with "text", found a number"#),
            (#""ok","a\q"]}]}"#, #""ok","a"#, #"unknown escape '\q' in a string"#),
            (#""\uD800x"]}]}"#, #"""#, #"a lone surrogate \uD800 in a string"#),
            (#"{"text":"a","text":"b"}]}]}"#, #"{"text":"a","#, #"the key "text" appears twice"#),
            (#""no end]}]}"#, #""no end]}]}"#, "the JSON ends inside a string"),
        ]
        for (rest, before, message) in cases {
            let error = try #require(failure(head + rest), "no error for …\(rest)")
            #expect(error.location == SourceSpan(file: "t.json", line: 1, column: column(after: head + before)),
                    "\(error.message)")
            #expect(error.message == message)
        }
    }

    /// A long first line and an error on the next: columns start again at the line's start.
    @Test func errorOnTheLineAfterALongOneCountsFromThatLine() throws {
        let text = #"{"sections":[{"tags":["# + tagList(50_000) + ",\r\n  \t\"x\",01]}]}"
        let error = try #require(failure(text))
        #expect(error.location == SourceSpan(file: "t.json", line: 2, column: 8))
        // After a byte order mark, which no column counts.
        let list = "[" + tagList(50_000) + ","
        let marked = try #require(failure("\u{FEFF}" + list + "]"))
        #expect(marked.location == SourceSpan(file: "t.json", line: 1, column: column(after: list)))
    }
}

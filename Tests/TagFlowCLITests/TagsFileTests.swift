import Testing
import TagFlowLayout
@testable import TagFlowCLI
@testable import TagFlowInput

@Suite struct TagsFileTests {
    func parse(_ text: String) throws -> TagDocument { try TagsFile.parse(Array(text.utf8), file: "t.tags") }

    func failure(_ text: String) -> InputError? {
        do { _ = try TagsFile.parse(Array(text.utf8), file: "t.tags"); return nil } catch { return error }
    }

    @Test func plainLinesAreOneUntitledSection() throws {
        let document = try parse("篮球\n  足球  \n\n排球\n")
        #expect(document.sections == [TagSection(tags: [Tag("篮球"), Tag("足球"), Tag("排球")])].map { section in
            var section = section
            section.tags = zip(section.tags, [(1, 1), (2, 3), (4, 1)]).map { tag, place in
                Tag(tag.text, location: SourceLocation(line: place.0, column: place.1))
            }
            return section
        })
    }

    @Test func markersMakeSectionsFootersAndSelections() throws {
        let document = try parse("""
            # comment
            loose
            @section 运动
            * 篮球
            足球
            @footer 最多 8 个
            @section
            \\#hashtag
            \\@section
            \\* star
            \\\\
            *\\# selected hash
            """)
        #expect(document.sections.map(\.title) == [nil, "运动", nil])
        #expect(document.sections.map(\.footer) == [nil, "最多 8 个", nil])
        #expect(document.sections[1].tags.map(\.text) == ["篮球", "足球"])
        #expect(document.sections[1].tags.map(\.isSelected) == [true, false])
        #expect(document.sections[2].tags.map(\.text) == ["#hashtag", "@section", "* star", "\\", "# selected hash"])
        #expect(document.sections[2].tags.last?.isSelected == true)
    }

    @Test func surroundingWhitespaceOfAnyKindIsTrimmedAndInnerSpacesKept() throws {
        let document = try parse("\tt 1\t\n\u{3000}全角\u{3000}\n\u{A0}nbsp\u{A0}\n*  a  b \ne\u{301}\n  x\n")
        let tags = document.sections[0].tags
        #expect(tags.map(\.text) == ["t 1", "全角", "nbsp", "a  b", "e\u{301}", "x"])
        #expect(tags.map(\.location?.column) == [2, 2, 2, 1, 1, 3])
        #expect(tags.map(\.isSelected) == [false, false, false, true, false, false])
    }

    @Test func bomAndCRLFAreAccepted() throws {
        let document = try TagsFile.parse([0xEF, 0xBB, 0xBF] + Array("@section A\r\nx\r\ny\r\n".utf8), file: "t.tags")
        #expect(document.sections.map(\.title) == ["A"])
        #expect(document.sections[0].tags.map(\.text) == ["x", "y"])
    }

    @Test func anEmptyFileOrOnlyCommentsHasNoSections() throws {
        #expect(try parse("").sections.isEmpty)
        #expect(try parse("# a\n\n# b\n").sections.isEmpty)
    }

    @Test func unknownMarkerNamesTheLineAndSuggests() throws {
        let error = try #require(failure("a\n  @sectoin 运动\n"))
        #expect(error.location == SourceSpan(file: "t.tags", line: 2, column: 3))
        #expect(error.message == "unknown marker '@sectoin'")
        #expect(error.hint?.contains("did you mean '@section'?") == true)
        #expect(error.hint?.contains("\\@sectoin 运动") == true)
    }

    @Test func invalidUTF8NamesTheColumn() throws {
        let bytes = Array("ok\nab".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        do {
            _ = try TagsFile.parse(bytes, file: "t.tags")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == SourceSpan(file: "t.tags", line: 2, column: 3))
            #expect(error.message.contains("invalid UTF-8"))
        }
    }

    @Test func rejectsNULSecondFooterAndEmptyEscapes() throws {
        #expect(failure("a\u{0}b")?.message == "a NUL byte in the tags file")
        #expect(failure("a\u{0}b")?.location?.column == 2)
        #expect(failure("@footer a\n@footer b")?.message == "this section already has a footer (line 1)")
        #expect(failure("\\")?.message.contains("no tag text") == true)
        #expect(failure("*")?.message.contains("preselected") == true)
        #expect(failure("@footer")?.message == "@footer needs text")
        #expect(failure(String(repeating: "x", count: 1001))?.message.contains("at most 1000") == true)
        // The limit counts characters, not bytes: a thousand 3-byte characters is still a tag.
        #expect(try parse(String(repeating: "长", count: 1000)).sections[0].tags[0].text.count == 1000)
        #expect(failure(String(repeating: "长", count: 1001))?.message == "a tag of more than 1000 characters (3003 bytes); tags are at most 1000")
        #expect(failure("a\tb")?.message == "a tab inside a tag")
        // Where the tab is, in characters: after "* 篮球" it is the fifth.
        #expect(failure("ok\n* 篮球\tx")?.location == SourceSpan(file: "t.tags", line: 2, column: 5))
        #expect(try parse("\tindented\t\n").sections[0].tags.map(\.text) == ["indented"])
    }
}

@Suite struct JSONInputTests {
    func failure(_ text: String) -> InputError? {
        do { _ = try JSONParser.parse(Array(text.utf8), file: "c.json"); return nil } catch { return error }
    }

    @Test func parsesTagsJSON() throws {
        let document = try TagsJSON.parse(Array(#"{"sections":[{"title":"运动","tags":["篮球",{"text":"足球","selected":true}]},{"footer":"f","tags":[]}]}"#.utf8), file: "t.json")
        #expect(document.sections.map(\.title) == ["运动", nil])
        #expect(document.sections[0].tags.map(\.text) == ["篮球", "足球"])
        #expect(document.sections[0].tags.map(\.isSelected) == [false, true])
        #expect(document.sections[1].footer == "f")
    }

    @Test func errorsCarryLineAndColumn() throws {
        let error = try #require(failure("{\n  \"a\": [1, 2,, 3]\n}"))
        #expect(error.location == SourceSpan(file: "c.json", line: 2, column: 14))
    }

    @Test func rejectsLoneSurrogatesDeepNestingAndDuplicates() throws {
        #expect(failure(#"["\uD800"]"#)?.message.contains("lone surrogate") == true)
        #expect(failure(#"["\uDC00x"]"#)?.message.contains("lone surrogate") == true)
        #expect(failure(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))?.message.contains("nested deeper") == true)
        #expect(failure(#"{"a":1,"a":2}"#)?.message.contains("appears twice") == true)
        #expect(failure("1e999")?.message.contains("too large") == true)
        #expect(failure("[01]")?.message.contains("cannot start with 0") == true)
        #expect(try JSONParser.parse(Array(#"["\uD83D\uDE00"]"#.utf8), file: "c.json").value == .array([Located(value: .string("😀"), location: SourceSpan(file: "c.json", line: 1, column: 2))]))
    }

    @Test func tagsJSONRejectsUnknownKeysWithSuggestion() throws {
        do {
            _ = try TagsJSON.parse(Array(#"{"sections":[{"titel":"x"}]}"#.utf8), file: "t.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "unknown key \"titel\" in section 0")
            #expect(error.hint == "did you mean \"title\"?")
            #expect(error.location?.column == 15)
        }
    }
}

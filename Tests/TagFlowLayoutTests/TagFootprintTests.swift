import Foundation
import Testing
import TagFlowLayout

/// A tags file of a million lines is held as a million tags: each stays 40 bytes, however it was written.
@Suite struct TagFootprintTests {
    @Test func aTagIsFortyBytesWithItsLocationAndCatalogReference() {
        #expect(MemoryLayout<TagFlowLayout.Tag>.stride == 40)
        #expect(MemoryLayout<TagFlowLayout.SourceLocation?>.size <= 9)
        #expect(MemoryLayout<CatalogReference?>.size == 8)
    }

    @Test func aLocationReadsAndWritesItsLineAndColumnAsJSONNumbers() throws {
        var location = TagFlowLayout.SourceLocation(line: 1_234_567, column: 89)
        #expect(location.line == 1_234_567 && location.column == 89)
        location.column += 1
        let json = String(decoding: try JSONEncoder().encode(location), as: UTF8.self)
        #expect(json.contains("\"line\":1234567") && json.contains("\"column\":90"))
        #expect(try JSONDecoder().decode(TagFlowLayout.SourceLocation.self, from: Data(json.utf8)) == location)
        // A count past 32 bits stops at the largest, rather than trapping.
        #expect(TagFlowLayout.SourceLocation(line: Int(Int32.max) + 5, column: 1).line == Int(Int32.max))
    }
}

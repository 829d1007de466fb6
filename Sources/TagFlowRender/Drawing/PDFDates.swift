import Foundation
import TagFlowLayout
import TagFlowImage

/// Cairo 1.16 writes `/CreationDate (20231114221320Z)`; PDF (ISO 32000-1, 7.9.4) wants `(D:20231114221320Z)`.
/// Inserting the prefix moves every later object, so the cross-reference offsets are moved with it.
enum PDFDates {
    static func addPrefix(_ bytes: [UInt8]) -> [UInt8] {
        let insertions = ["/CreationDate (", "/ModDate ("].compactMap { key -> Int? in
            guard let range = find(Array(key.utf8), in: bytes) else { return nil }
            return bytes[range.upperBound...].starts(with: Array("D:".utf8)) ? nil : range.upperBound
        }.sorted()
        guard !insertions.isEmpty,
              let xref = find(Array("\nxref\n".utf8), in: bytes, last: true),
              let startxref = find(Array("startxref\n".utf8), in: bytes, last: true)
        else { return bytes }
        func shifted(_ offset: Int) -> Int { offset + 2 * insertions.count { $0 < offset } }

        var output = bytes
        // Entries are fixed-width, "0000012345 00000 n\r\n", so each is rewritten in place.
        var position = xref.upperBound
        while position < startxref.lowerBound, let lineEnd = output[position...].firstIndex(of: 0x0A) {
            let line = String(decoding: output[position..<lineEnd], as: UTF8.self)
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[2].hasPrefix("n"), fields[0].count == 10, let offset = Int(fields[0]) {
                let replacement = Array(String(format: "%010d", shifted(offset)).utf8)
                output.replaceSubrange(position..<position + 10, with: replacement)
            }
            position = lineEnd + 1
        }
        let numberStart = startxref.upperBound
        let numberEnd = output[numberStart...].firstIndex { !(0x30...0x39).contains($0) } ?? output.endIndex
        if let offset = Int(String(decoding: output[numberStart..<numberEnd], as: UTF8.self)) {
            output.replaceSubrange(numberStart..<numberEnd, with: Array(String(shifted(offset)).utf8))
        }
        for insertion in insertions.reversed() { output.insert(contentsOf: Array("D:".utf8), at: insertion) }
        return output
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], last: Bool = false) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        let final = haystack.count - needle.count
        let starts = last ? stride(from: final, through: 0, by: -1) : stride(from: 0, through: final, by: 1)
        let start = starts.first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
        return start.map { $0..<$0 + needle.count }
    }
}

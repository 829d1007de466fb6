import Foundation
import TagFlowLayout
import TagFlowImage

/// Cairo names SVG elements from a process-wide counter (`surface17`, `glyph3-2`), so the same drawing
/// gets different ids in different runs. Renumbering them in order of first appearance makes them stable.
enum SVGIdentifiers {
    static func renumber(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        var renamed = [Substring: String]()
        var counters = [Substring: Int]()
        // Definitions: id="name".
        var searchFrom = text.startIndex
        while let marker = text.range(of: "id=\"", range: searchFrom..<text.endIndex) {
            let name = identifier(in: text, from: marker.upperBound)
            searchFrom = name.endIndex
            guard !name.isEmpty, renamed[name] == nil else { continue }
            let prefix = name.prefix { $0.isLetter }
            let number = counters[prefix, default: 0]
            counters[prefix] = number + 1
            renamed[name] = "\(prefix)\(number)"
        }
        guard !renamed.isEmpty else { return bytes }
        // Rewrite definitions and references (#name) in one pass.
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isDefinition = text[index...].hasPrefix("id=\"")
            if isDefinition || character == "#" {
                let start = isDefinition ? text.index(index, offsetBy: 4) : text.index(after: index)
                let name = identifier(in: text, from: start)
                if let replacement = renamed[name] {
                    output += text[index..<start] + replacement
                    index = name.endIndex
                    continue
                }
            }
            output.append(character)
            index = text.index(after: index)
        }
        return Array(output.utf8)
    }

    private static func identifier(in text: String, from start: String.Index) -> Substring {
        let end = text[start...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ?? text.endIndex
        return text[start..<end]
    }
}

import Foundation
import Testing
import TagFlowLayout

/// Each element's zIndex, alpha and hidden flag, in the layout core and in `tagflow layout`'s JSON.
@Suite struct LayoutAttributesTests {
    static func layout(pinHeaders: Bool, maxLines: Int = 0) -> FlowLayout {
        var options = LayoutOptions()
        options.pinHeaders = pinHeaders
        options.maxLines = maxLines
        options.footerHeight = 20
        let section = SectionMetrics(hasHeader: true, hasFooter: true, textWidths: Array(repeating: 120, count: 12))
        return FlowLayout.prepare([section, section], options: options)
    }

    @Test func pinnedHeadersAreAboveEverythingElse() throws {
        let pinned = Self.layout(pinHeaders: true)
        for id in pinned.allElements.map(\.id) {
            let attributes = try #require(pinned.attributes(for: id))
            #expect(attributes.zIndex == (id.kind == .header ? 1 : 0), "\(id)")
            #expect(attributes.frame == pinned.element(at: id)?.frame)
        }
        #expect(pinned.zIndex(of: .header) > pinned.zIndex(of: .item))
        #expect(pinned.zIndex(of: .header) > pinned.zIndex(of: .footer))
        // Unpinned, nothing overlaps and every element is at UIKit's default.
        let plain = Self.layout(pinHeaders: false)
        #expect(plain.allElements.allSatisfy { plain.attributes(for: $0.id)?.zIndex == 0 })
    }

    @Test func tagsHiddenByMaxLinesHaveAlphaZero() throws {
        let layout = Self.layout(pinHeaders: false, maxLines: 1)
        var hidden = 0
        for section in layout.sections.indices {
            for item in 0..<layout.sections[section].items.count {
                let attributes = try #require(layout.attributes(for: .item(section, item)))
                let isHidden = layout.items[layout.sections[section].items.lowerBound + item].isHidden
                #expect(attributes.isHidden == isHidden)
                #expect(attributes.alpha == (isHidden ? 0 : 1))
                if isHidden {
                    hidden += 1
                    #expect(attributes.frame.width == 0 && attributes.frame.height == 0)
                }
            }
        }
        #expect(hidden == layout.sections.map(\.hiddenCount).reduce(0, +) && hidden > 0)
        #expect(layout.attributes(for: .header(0))?.alpha == 1)
        #expect(layout.attributes(for: .item(0, 99)) == nil)
        #expect(layout.attributes(for: .header(7)) == nil)
    }

    @Test func theLayoutJSONCarriesEachElementsAttributes() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("a.tags", "@section A\n" + (0..<30).map { "tag \($0)\n" }.joined() + "@footer end\n")
        let result = try tagflow(["layout", folder.path("a.tags"), "--format", "json", "--pin-headers", "--max-lines", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let section = try #require((json["sections"] as? [[String: Any]])?.first)
        let header = try #require(section["header"] as? [String: Any])
        let footer = try #require(section["footerFrame"] as? [String: Any])
        let items = try #require(section["items"] as? [[String: Any]])
        #expect(header["zIndex"] as? Int == 1 && header["alpha"] as? Double == 1)
        #expect(footer["zIndex"] as? Int == 0 && footer["alpha"] as? Double == 1)
        for item in items {
            let hidden = try #require(item["hidden"] as? Bool)
            #expect(item["zIndex"] as? Int == 0)
            #expect(item["alpha"] as? Double == (hidden ? 0 : 1))
            #expect((header["zIndex"] as! Int) > (item["zIndex"] as! Int))
        }
        #expect(items.contains { $0["hidden"] as? Bool == true })
        // New keys come after the ones consumers already read.
        let text = String(decoding: result.stdoutBytes, as: UTF8.self)
        let firstItem = try #require(text.split(separator: "\n").first { $0.contains("\"index\": 0, \"text\"") })
        #expect(firstItem.hasSuffix("\"missingGlyphs\": 0, \"zIndex\": 0, \"alpha\": 1},") || firstItem.hasSuffix("\"missingGlyphs\": 0, \"zIndex\": 0, \"alpha\": 1}"))
        #expect(text.contains("\"header\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 50, \"zIndex\": 1, \"alpha\": 1}"))
        // And `tagflow diff` still reads the layout JSON.
        _ = try folder.write("a.json", text)
        let diff = try tagflow(["diff", folder.path("a.json"), folder.path("a.json")])
        #expect(diff.status == 0, "\(diff.stderr)")
    }
}

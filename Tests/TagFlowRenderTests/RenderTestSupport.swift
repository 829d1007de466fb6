import Foundation
import TagFlowInput
import TagFlowLayout
import TagFlowImage
import TagFlowText
@testable import TagFlowRender
import TagFlowTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Helpers for the drawing tests, in one namespace so they cannot clash with other test files.
enum RenderFixtures {
    // MARK: Documents and scenes

    /// A tags file's text read by the tags file reader tagflow uses.
    static func parseTags(_ text: String, file: String = "test.tags") throws -> TagDocument {
        try TagsFile.parse(Array(text.utf8), file: file)
    }

    /// Examples/demo.tags, the YLTagsChooser demo data.
    static func demoDocument() throws -> TagDocument {
        let text = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("Examples/demo.tags"), encoding: .utf8)
        return try parseTags(text, file: "Examples/demo.tags")
    }

    /// Examples/demo.json's options: the defaults with maxSelection 8.
    static var demoOptions: LayoutOptions {
        var options = LayoutOptions()
        options.maxSelection = 8
        return options
    }

    /// Measures, lays out and wraps `document` in a scene with a fresh text engine.
    static func scene(_ document: TagDocument, options: LayoutOptions = LayoutOptions(), style: Style = .light) throws -> Scene {
        let engine = try TextEngine()
        let layout = try TagLayout(document: document, options: options, measurer: try Measurer(engine: engine, options: options))
        return try Scene(layout: layout, engine: engine, style: style)
    }

    // MARK: Pixels

    /// The largest difference of any channel between a pixel and a colour (alpha ignored; pictures are opaque).
    static func distance(_ pixel: Colour, _ colour: Colour) -> Int {
        max(abs(Int(pixel.red) - Int(colour.red)), abs(Int(pixel.green) - Int(colour.green)),
            abs(Int(pixel.blue) - Int(colour.blue)))
    }

    /// Mean absolute difference per channel (RGB), and the share of pixels where some channel differs by more than
    /// `threshold`.
    static func compare(_ a: RGBAImage, _ b: RGBAImage, threshold: Int) -> (meanDifference: Double, shareOver: Double) {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        var over = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    let dr = abs(Int(p[i]) - Int(q[i])), dg = abs(Int(p[i + 1]) - Int(q[i + 1])), db = abs(Int(p[i + 2]) - Int(q[i + 2]))
                    total += dr + dg + db
                    if max(dr, dg, db) > threshold { over += 1 }
                    i += 4
                }
            }
        }
        let count = a.width * a.height
        return (Double(total) / Double(3 * count), Double(over) / Double(count))
    }

    // MARK: SVG

    /// What cairo drew into an SVG, in drawing order, outside `<defs>`.
    enum SVGMark: Equatable {
        /// A stroked `<path>`: its control-point bounding box, stroke width and stroke colour (0…1 channels).
        case strokedPath(bounds: Rect, strokeWidth: Double, stroke: [Double])
        /// A `<use>` of a glyph symbol.
        case glyph(x: Double, y: Double)
        /// A filled `<path>` with no stroke: its control-point bounding box and fill colour (0…1 channels).
        case filledPath(bounds: Rect, fill: [Double])
    }

    struct SVGDocument {
        var width: String
        var height: String
        var viewBox: String
        var marks: [SVGMark]
    }

    static func parseSVG(_ bytes: [UInt8]) throws -> SVGDocument {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        guard parser.parse() else { throw SVGReader.Failure.parse(parser.parserError.map { "\($0)" } ?? "unknown") }
        if let failure = reader.failure { throw failure }
        return SVGDocument(width: reader.rootAttributes["width"] ?? "", height: reader.rootAttributes["height"] ?? "",
                           viewBox: reader.rootAttributes["viewBox"] ?? "", marks: reader.marks)
    }

    /// Every coordinate pair of path data made of M, L, C and Z commands, as cairo writes it.
    static func pathPoints(_ data: String) throws -> [Point] {
        var numbers = [Double]()
        for token in data.split(separator: " ") {
            if ["M", "L", "C", "Z"].contains(token) { continue }
            guard let value = Double(token) else { throw SVGReader.Failure.pathData(data) }
            numbers.append(value)
        }
        guard numbers.count >= 2, numbers.count.isMultiple(of: 2) else { throw SVGReader.Failure.pathData(data) }
        return stride(from: 0, to: numbers.count, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    }

    static func bounds(of points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    private final class SVGReader: NSObject, XMLParserDelegate {
        enum Failure: Error { case parse(String), pathData(String), style(String) }

        var marks = [SVGMark]()
        var rootAttributes = [String: String]()
        var failure: Failure?
        private var defsDepth = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "svg": rootAttributes = attributes
            case "defs": defsDepth += 1
            case "path" where defsDepth == 0:
                let style = Self.style(attributes["style"] ?? "")
                guard let stroke = style["stroke"], stroke != "none" else {
                    // A filled path (synthetic bold's outlines), in the picture's coordinates.
                    guard let fill = style["fill"].flatMap(Self.rgb) else { return }
                    do {
                        marks.append(.filledPath(bounds: RenderFixtures.bounds(of: try RenderFixtures.pathPoints(attributes["d"] ?? "")), fill: fill))
                    } catch {
                        failure = error as? Failure
                    }
                    return
                }
                do {
                    // Cairo writes a stroked path in user space, with the user-to-device matrix as its transform.
                    let matrix = try attributes["transform"].map(Self.matrix) ?? [1, 0, 0, 1, 0, 0]
                    let points = try RenderFixtures.pathPoints(attributes["d"] ?? "").map { point in
                        Point(x: matrix[0] * point.x + matrix[2] * point.y + matrix[4], y: matrix[1] * point.x + matrix[3] * point.y + matrix[5])
                    }
                    guard let width = style["stroke-width"].flatMap(Double.init), let colour = Self.rgb(stroke) else {
                        throw Failure.style(attributes["style"] ?? "")
                    }
                    marks.append(.strokedPath(bounds: RenderFixtures.bounds(of: points),
                                              strokeWidth: width * abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]).squareRoot(),
                                              stroke: colour))
                } catch {
                    failure = error as? Failure
                }
            case "use" where defsDepth == 0:
                guard let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init) else {
                    failure = .style("a <use> without x and y")
                    return
                }
                marks.append(.glyph(x: x, y: y))
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "defs" { defsDepth -= 1 }
        }

        static func style(_ text: String) -> [String: String] {
            var result = [String: String]()
            for declaration in text.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { result[parts[0]] = parts[1] }
            }
            return result
        }

        /// `matrix(a,b,c,d,e,f)` as its six numbers.
        static func matrix(_ text: String) throws -> [Double] {
            guard text.hasPrefix("matrix("), text.hasSuffix(")") else { throw Failure.style("transform \(text)") }
            let values = text.dropFirst(7).dropLast().split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 6 else { throw Failure.style("transform \(text)") }
            return values
        }

        /// `rgb(100%,70.588235%,0%)` as three fractions.
        static func rgb(_ text: String) -> [Double]? {
            guard text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
            let values = text.dropFirst(4).dropLast().split(separator: ",").compactMap { part -> Double? in
                part.hasSuffix("%") ? Double(part.dropLast()).map { $0 / 100 } : Double(part).map { $0 / 255 }
            }
            return values.count == 3 ? values : nil
        }
    }
}

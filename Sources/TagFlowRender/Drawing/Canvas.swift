import Foundation
import TagFlowLayout
import TagFlowImage

/// What went wrong while drawing.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo's image surfaces stop at 32,767 pixels a side.
    case surfaceTooLarge(widthPixels: Int, heightPixels: Int, limit: Int)
    case tooManyPixels(pixels: Int, limit: Int)
    /// A picture drawn smaller to fit cairo's limits would still not fit at `smallestScale` pixels a point.
    case tooLargeToShrink(width: Double, height: Double, smallestScale: Double, limit: Int)
    /// The content has no area: a tags file with no sections, and no content inset around them.
    case emptyContent(width: Double, height: Double)
    case cairo(CairoError)

    public var description: String {
        switch self {
        case let .surfaceTooLarge(width, height, limit):
            return "the picture would be \(width)×\(height) px, over cairo's limit of \(limit) px a side"
        case let .tooManyPixels(pixels, limit):
            return "the picture would have \(pixels) pixels, over tagflow's cap of \(limit) pixels"
        case let .tooLargeToShrink(width, height, smallestScale, limit):
            return "the picture would be \(formatPoints(width))×\(formatPoints(height)) pt, "
                + "too large even at \(formatPoints(smallestScale)) px a point "
                + "for cairo's limit of \(limit) px a side"
        case let .emptyContent(width, height):
            return "the content is \(formatPoints(width))×\(formatPoints(height)) pt: there is nothing to draw"
        case let .cairo(error):
            return "cairo failed: \(error)"
        }
    }
}

/// A cairo surface and its context, sized in points, that ends as an image or as SVG or PDF bytes.
package final class Canvas {
    package enum Kind: Equatable {
        /// Pixels at `scale` device pixels a point.
        case image(scale: Double)
        case svg
        case pdf
    }

    /// Cairo's largest image surface side.
    package static let maxSide = 32_767
    /// The most pixels one picture may have, as many as the PNG reader reads back.
    package static let maxPixels = PNGDecoder.Limits.largestPicture

    let kind: Kind
    package let context: CairoContext
    let widthPixels: Int
    let heightPixels: Int

    /// The pixel size a picture of `width`×`height` points has at `scale`, checked against cairo's limits.
    static func pixelSize(width: Double, height: Double,
                          scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        let pixelWidth = Int((width * scale).rounded(.up))
        let pixelHeight = Int((height * scale).rounded(.up))
        guard pixelWidth <= maxSide, pixelHeight <= maxSide else {
            throw .surfaceTooLarge(widthPixels: pixelWidth, heightPixels: pixelHeight, limit: maxSide)
        }
        guard pixelWidth * pixelHeight <= maxPixels else {
            throw .tooManyPixels(pixels: pixelWidth * pixelHeight, limit: maxPixels)
        }
        return (max(1, pixelWidth), max(1, pixelHeight))
    }

    /// Where the surface goes back when the canvas goes; nil when it is freed.
    private let pool: ImageSurfacePool?

    /// A picture of `width`×`height` points at `scale` pixels a point, drawn on a surface from `pool`, which gets it
    /// back when the canvas goes. `firstFill` is the colour the first drawing fills the whole picture with, if it
    /// does: opaque, on whole pixels, it covers whatever a reused surface held, which then need not be cleared.
    package convenience init(width: Double, height: Double, scale: Double, pool: ImageSurfacePool,
                             firstFill: Colour?) throws(RenderError) {
        let covers = firstFill.map {
            $0.alpha == 255 && Self.isWholePixels(width: width, height: height, scale: scale)
        } ?? false
        try self.init(width: width, height: height, kind: .image(scale: scale), pool: (pool, covers))
    }

    /// A picture of `kind`; a PDF is dated `creationDate`, by default ``documentDate(environment:)``.
    package convenience init(width: Double, height: Double, kind: Kind,
                             creationDate: String? = nil) throws(RenderError) {
        try self.init(width: width, height: height, kind: kind, creationDate: creationDate, pool: nil)
    }

    private init(width: Double, height: Double, kind: Kind, creationDate: String? = nil,
                 pool: (ImageSurfacePool, willBeCovered: Bool)?) throws(RenderError) {
        self.kind = kind
        self.pool = pool?.0
        switch kind {
        case let .image(scale):
            (widthPixels, heightPixels) = try Canvas.pixelSize(width: width, height: height, scale: scale)
        case .svg, .pdf:
            _ = try Canvas.pixelSize(width: width, height: height, scale: 1)
            (widthPixels, heightPixels) = (Int(width.rounded(.up)), Int(height.rounded(.up)))
        }
        do throws(CairoError) {
            let surface = switch kind {
            case .image:
                if let (pool, willBeCovered) = pool {
                    try pool.surface(width: widthPixels, height: heightPixels, willBeCovered: willBeCovered)
                } else {
                    try CairoSurface.image(width: widthPixels, height: heightPixels)
                }
            case .svg: try CairoSurface.svg(width: width, height: height)
            case .pdf: try CairoSurface.pdf(width: width, height: height,
                                            creationDate: creationDate ?? Canvas.documentDate())
            }
            context = try CairoContext(surface: surface)
        } catch {
            throw .cairo(error)
        }
        if case let .image(scale) = kind { context.scale(x: scale, y: scale) }
    }

    // The context lets go of the surface just after; it only drops its reference, which cairo counts atomically,
    // so another canvas may already be drawing on the surface by then.
    deinit { pool?.recycle(context.surface) }

    /// Whether a picture of `width`×`height` points at `scale` is whole pixels, so that filling it fills every pixel
    /// entirely.
    private static func isWholePixels(width: Double, height: Double, scale: Double) -> Bool {
        (width * scale).rounded() == width * scale && (height * scale).rounded() == height * scale
    }

    /// The drawn pixels, straight RGBA. Only for `.image`.
    package func image() throws(RenderError) -> RGBAImage {
        try withPixels { RGBAImage($0) }
    }

    /// The finished picture as cairo holds it, kept alive by this canvas, which must not be drawn to any more.
    /// Only for `.image`.
    package func finishedFrame() throws(RenderError) -> PremultipliedFrame {
        try withPixels { PremultipliedFrame($0, owner: self) }
    }

    /// Lends the drawn pixels, as cairo holds them, to `body`. Only for `.image`.
    package func withPixels<R>(_ body: (PremultipliedARGB32) -> R) throws(RenderError) -> R {
        let (widthPixels, heightPixels) = (widthPixels, heightPixels)
        let lent: Result<R, ImageError>
        do {
            try context.check()
            lent = try context.surface.withPixels { data, stride in
                Result { () throws(ImageError) -> R in
                    body(try PremultipliedARGB32(data: data, width: widthPixels, height: heightPixels, stride: stride))
                }
            }
        } catch {
            throw .cairo(error)
        }
        do {
            return try lent.get()
        } catch {
            throw .cairo(.unreadablePixels(reason: "\(error)"))
        }
    }

    /// The finished document's bytes. Only for `.svg` and `.pdf`; SVG ids are renumbered so equal drawings give equal
    /// bytes.
    func documentBytes() throws(RenderError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            try context.check()
            bytes = try context.surface.finishDocument()
        } catch {
            throw .cairo(error)
        }
        switch kind {
        case .svg: return SVGIdentifiers.renumber(bytes)
        case .pdf: return PDFDates.addPrefix(bytes)
        case .image: return bytes
        }
    }

    /// The date written into PDFs: `SOURCE_DATE_EPOCH` when set, as reproducible builds expect, else a fixed one.
    static func documentDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) } ?? 0
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

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

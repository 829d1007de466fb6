import CCairo
import Foundation
import TagFlowImage

/// What went wrong while drawing.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo's image surfaces stop at 32,767 pixels a side.
    case surfaceTooLarge(widthPixels: Int, heightPixels: Int, limit: Int)
    case tooManyPixels(pixels: Int, limit: Int)
    case cairo(String)

    public var description: String {
        switch self {
        case let .surfaceTooLarge(width, height, limit):
            return "the picture would be \(width)×\(height) px, over cairo's limit of \(limit) px a side"
        case let .tooManyPixels(pixels, limit):
            return "the picture would have \(pixels) pixels, over tagflow's cap of \(limit) pixels"
        case let .cairo(status):
            return "cairo failed: \(status)"
        }
    }
}

/// A cairo surface and its context, sized in points, that ends as an image or as SVG or PDF bytes.
final class Canvas {
    enum Kind: Equatable {
        /// Pixels at `scale` device pixels a point.
        case image(scale: Double)
        case svg
        case pdf
    }

    /// Cairo's largest image surface side.
    static let maxSide = 32_767
    /// The most pixels one picture may have: 100 M pixels is 400 MB of RGBA.
    static let maxPixels = 100_000_000

    let kind: Kind
    let context: OpaquePointer
    private let surface: OpaquePointer
    private let sink: ByteSink?
    let widthPixels: Int
    let heightPixels: Int

    /// The pixel size a picture of `width`×`height` points has at `scale`, checked against cairo's limits.
    static func pixelSize(width: Double, height: Double, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        let pixelWidth = Int((width * scale).rounded(.up))
        let pixelHeight = Int((height * scale).rounded(.up))
        guard pixelWidth <= maxSide, pixelHeight <= maxSide else {
            throw .surfaceTooLarge(widthPixels: pixelWidth, heightPixels: pixelHeight, limit: maxSide)
        }
        guard pixelWidth * pixelHeight <= maxPixels else { throw .tooManyPixels(pixels: pixelWidth * pixelHeight, limit: maxPixels) }
        return (max(1, pixelWidth), max(1, pixelHeight))
    }

    init(width: Double, height: Double, kind: Kind, creationDate: String = Canvas.documentDate()) throws(RenderError) {
        self.kind = kind
        switch kind {
        case let .image(scale):
            let size = try Canvas.pixelSize(width: width, height: height, scale: scale)
            (widthPixels, heightPixels) = size
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
            sink = nil
        case .svg, .pdf:
            _ = try Canvas.pixelSize(width: width, height: height, scale: 1)
            (widthPixels, heightPixels) = (Int(width.rounded(.up)), Int(height.rounded(.up)))
            let sink = ByteSink()
            self.sink = sink
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            if kind == .svg {
                surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, width, height)
                cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            } else {
                surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width, height)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, creationDate)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "tagflow")
            }
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        context = cairo_create(surface)
        if case let .image(scale) = kind { cairo_scale(context, scale, scale) }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The drawn pixels, straight RGBA. Only for `.image`.
    func image() throws(RenderError) -> RGBAImage {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("no image data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        do {
            return try RGBAImage.fromPremultipliedARGB32(
                data: UnsafeRawBufferPointer(start: data, count: stride * heightPixels),
                width: widthPixels, height: heightPixels, stride: stride)
        } catch {
            throw .cairo("\(error)")
        }
    }

    /// Writes the drawn pixels as straight RGBA into `output`. Only for `.image`.
    func copyPixels(into output: UnsafeMutableRawBufferPointer) throws(RenderError) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface), output.count >= widthPixels * heightPixels * 4 else {
            throw .cairo("no image data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        RGBAImage.unpremultiply(argb32: UnsafeRawBufferPointer(start: data, count: stride * heightPixels), stride: stride,
                                into: output, width: widthPixels, height: heightPixels)
    }

    /// The finished document's bytes. Only for `.svg` and `.pdf`; SVG ids are renumbered so equal drawings give equal bytes.
    func documentBytes() throws(RenderError) -> [UInt8] {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let sink else {
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        switch kind {
        case .svg: return SVGIdentifiers.renumber(sink.bytes)
        case .pdf: return PDFDates.addPrefix(sink.bytes)
        case .image: return sink.bytes
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

/// Collects what a cairo stream surface writes.
private final class ByteSink {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
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

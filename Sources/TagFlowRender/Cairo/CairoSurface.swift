import CCairo

/// A cairo surface: pixels in memory, or an SVG or PDF document collected in memory.
///
/// Owns its `cairo_surface_t`; `init` checks cairo's status and throws, so a surface that exists is usable.
package final class CairoSurface: @unchecked Sendable {
    // @unchecked: cairo lets many threads read a finished image surface as a source; nothing draws on a
    // shared surface once it is shared (see OverviewBackdrop).

    /// What the surface ends as.
    package enum Kind: Equatable, Sendable {
        /// Premultiplied ARGB32 pixels.
        case image
        case svg
        case pdf

        var name: String {
            switch self {
            case .image: "image"
            case .svg: "SVG"
            case .pdf: "PDF"
            }
        }
    }

    package let kind: Kind
    let pointer: OpaquePointer
    /// Where a document surface writes its bytes; nil for images.
    private let sink: ByteSink?

    private init(kind: Kind, pointer: OpaquePointer, sink: ByteSink?, width: Double,
                 height: Double) throws(CairoError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw .surface(kind: kind.name, width: width, height: height, status: CairoError.text(status))
        }
        self.kind = kind
        self.pointer = pointer
        self.sink = sink
    }

    deinit { cairo_surface_destroy(pointer) }

    /// An ARGB32 image of `width`×`height` pixels, transparent.
    package static func image(width: Int, height: Int) throws(CairoError) -> CairoSurface {
        let pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        return try CairoSurface(kind: .image, pointer: pointer, sink: nil, width: Double(width), height: Double(height))
    }

    /// An SVG 1.1 document of `width`×`height` points.
    package static func svg(width: Double, height: Double) throws(CairoError) -> CairoSurface {
        let sink = ByteSink()
        let pointer = cairo_svg_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(),
                                                          width, height)!
        cairo_svg_surface_restrict_to_version(pointer, CAIRO_SVG_VERSION_1_1)
        return try CairoSurface(kind: .svg, pointer: pointer, sink: sink, width: width, height: height)
    }

    /// A one-page PDF of `width`×`height` points, dated `creationDate` and made by tagflow.
    package static func pdf(width: Double, height: Double, creationDate: String) throws(CairoError) -> CairoSurface {
        let sink = ByteSink()
        let pointer = cairo_pdf_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(),
                                                          width, height)!
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_MOD_DATE, creationDate)
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "tagflow")
        return try CairoSurface(kind: .pdf, pointer: pointer, sink: sink, width: width, height: height)
    }

    /// Finishes pending drawing, then lends the pixels (premultiplied ARGB32, `stride` bytes a row) to `body`.
    /// The buffer is valid only inside `body`.
    package func withPixels<R>(_ body: (_ pixels: UnsafeRawBufferPointer, _ stride: Int) -> R) throws(CairoError) -> R {
        guard kind == .image else { throw .noPixels(kind: kind.name) }
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { throw .noPixels(kind: kind.name) }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        return body(UnsafeRawBufferPointer(start: data, count: stride * height), stride)
    }

    /// An image's width in pixels; 0 for a document.
    package var pixelWidth: Int { kind == .image ? Int(cairo_image_surface_get_width(pointer)) : 0 }
    /// An image's height in pixels; 0 for a document.
    package var pixelHeight: Int { kind == .image ? Int(cairo_image_surface_get_height(pointer)) : 0 }

    /// Finishes pending drawing, so that the surface may be read as a source.
    package func flush() {
        cairo_surface_flush(pointer)
    }

    /// Finishes a document surface and returns every byte it wrote.
    package func finishDocument() throws(CairoError) -> [UInt8] {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .finish(kind: kind.name, status: CairoError.text(status)) }
        guard let sink else { throw .finish(kind: kind.name, status: "not a document surface") }
        return sink.bytes
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

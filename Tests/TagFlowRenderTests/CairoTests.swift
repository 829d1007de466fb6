import CCairo
import Testing
import TagFlowImage

@Suite("Cairo")
struct CairoTests {
    @Test("a real Cairo surface converts with the channels in the right places")
    func fromCairo() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 5, 3)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 1, 0, 0, 1)  // red, opaque
        cairo_rectangle(cr, 0, 0, 1, 3)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0, 0, 1, 0.5)  // blue, half transparent
        cairo_rectangle(cr, 1, 0, 1, 3)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0.2, 0.4, 0.6, 1)
        cairo_rectangle(cr, 2, 0, 3, 3)
        cairo_fill(cr)
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * 3)
        let image = try RGBAImage.fromPremultipliedARGB32(data: data, width: 5, height: 3, stride: stride)
        #expect(image[0, 2] == .init(r: 255, g: 0, b: 0, a: 255))
        let blue = image[1, 1]
        #expect(blue.r == 0 && blue.g == 0 && blue.b == 255)
        #expect(blue.a == 127 || blue.a == 128)
        #expect(image[4, 0] == .init(r: 51, g: 102, b: 153, a: 255))
    }
}

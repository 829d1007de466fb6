import Testing
import TagFlowImage
import TagFlowRender

@Suite("Cairo")
struct CairoTests {
    @Test("a real Cairo surface converts with the channels in the right places")
    func fromCairo() throws {
        let surface = try CairoSurface.image(width: 5, height: 3)
        let context = try CairoContext(surface: surface)
        context.setOperator(.source)
        context.setSource(red: 1, green: 0, blue: 0, alpha: 1)  // red, opaque
        context.rectangle(x: 0, y: 0, width: 1, height: 3)
        context.fill()
        context.setSource(red: 0, green: 0, blue: 1, alpha: 0.5)  // blue, half transparent
        context.rectangle(x: 1, y: 0, width: 1, height: 3)
        context.fill()
        context.setSource(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        context.rectangle(x: 2, y: 0, width: 3, height: 3)
        context.fill()
        try context.check()

        let image = try surface.withPixels { data, stride in
            Result { try RGBAImage.fromPremultipliedARGB32(data: data, width: 5, height: 3, stride: stride) }
        }.get()
        #expect(image[0, 2] == .init(red: 255, green: 0, blue: 0, alpha: 255))
        let blue = image[1, 1]
        #expect(blue.red == 0 && blue.green == 0 && blue.blue == 255)
        #expect(blue.alpha == 127 || blue.alpha == 128)
        #expect(image[4, 0] == .init(red: 51, green: 102, blue: 153, alpha: 255))
    }
}

// Lays out a few tags measured with real fonts, asks which lie in a rect, and renders them as a PNG.
//
// usage: Consumer OUTPUT.png
import TagFlowImage
import TagFlowLayout
import TagFlowRender
import TagFlowText

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: Consumer OUTPUT.png")
    exit(2)
}

let document = TagDocument(sections: [
    TagSection(title: "Fruit", tags: [Tag("apple"), Tag("pear", isSelected: true), Tag("quince")]),
    TagSection(title: "Colours", footer: "pick any", tags: ["red", "green", "blue", "ultramarine"].map { Tag($0) }),
])
var options = LayoutOptions()
options.width = 320

let engine = try TextEngine()
// The tags' font as the phone picks it, following Dynamic Type and Bold Text: the font the scene draws them in.
let measurer = try Measurer(engine: engine, options: options)
let layout = try TagLayout(document: document, options: options, measurer: measurer)

let top = Rect(x: 0, y: 0, width: options.width, height: 100)
print("content: \(layout.flow.contentSize.width)×\(layout.flow.contentSize.height) pt")
print("elements in the top 100 pt: \(layout.flow.elements(in: top).count)")

let scene = try Scene(layout: layout, engine: engine, style: .light)
let png = try ContentRenderer(scene: scene).render(.png, scale: 2)
try AtomicFile.write(png, to: arguments[1])
print("wrote \(arguments[1])")

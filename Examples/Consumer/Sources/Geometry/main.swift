// Lays out tags with the geometry alone: no fonts, no C libraries, widths from a measurer of its own.
//
// usage: Geometry
import TagFlowLayout

/// Every character as wide as `advance`: a monospaced font, or any widths you already know.
struct Monospaced: TextMeasuring {
    var advance = 8.0
    func measure(_ text: String) -> TextMeasurement { TextMeasurement(width: Double(text.count) * advance) }
}

let document = TagDocument(sections: [
    TagSection(title: "Sports", tags: ["football", "basketball", "tennis", "table tennis", "badminton"].map { Tag($0) }),
])
var options = LayoutOptions()
options.width = 240
options.sectionInset = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
let layout = try TagLayout(document: document, options: options, measurer: Monospaced())

for element in layout.flow.allElements {
    let frame = element.frame
    print("\(element.id): x \(frame.x.rounded()) y \(frame.y.rounded()) width \(frame.width.rounded()) height \(frame.height.rounded())")
}
let top = layout.flow.elements(in: Rect(x: 0, y: 0, width: options.width, height: 60))
print("content: \(layout.flow.contentSize.width)×\(layout.flow.contentSize.height) pt; \(top.count) elements in the top 60 pt")

import TagFlowPipeline
import TagFlowRender
import TagFlowSnapshot

/// One variant as last drawn.
struct PreviewDrawing {
    /// Names the picture's route; never reused, so a page's old address is never a new picture.
    var key: String
    var screen: Int
    var settings: SnapshotVariant.Settings
    var name: String
    var generation = 0
    var redraws = 0
    var png: [UInt8] = []
    var pixelWidth = 0
    var pixelHeight = 0
    /// Points per pixel, so the page shows the picture at the device's size.
    var scale = 1.0
    var scene: Scene?
    var verdict = ""
    var passed = true
    var warnings: [String] = []
    var error: ErrorReport?

    var picturePath: String { "/picture/\(key)-\(generation).png" }
    var playerPath: String { "/player/\(key)-\(generation).html" }
}

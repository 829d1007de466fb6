import TagFlowLayout
import TagFlowRender
import TagFlowText

/// Turning loaded input into a scene to draw, shared by the commands that draw.
enum SceneSetup {
    static func scene(_ loaded: LayoutInput.Loaded, style: Style, console: Console) throws(RunError) -> Scene {
        try scene(loaded, style: style, engine: LayoutInput.engine(fonts: loaded.fonts, caching: .shapedTexts), console: console)
    }

    /// The scene on an engine already made: variants of one screen share its engine, and so its shapes.
    static func scene(_ loaded: LayoutInput.Loaded, style: Style, engine: TextEngine, console: Console) throws(RunError) -> Scene {
        let (scene, warnings) = try sceneAndTextWarnings(loaded, style: style, engine: engine, console: console)
        for warning in warnings.all { console.warn(warning) }
        return scene
    }

    /// The scene, and what its text warns of, for a caller that says it its own way.
    static func sceneAndTextWarnings(_ loaded: LayoutInput.Loaded, style: Style, engine: TextEngine,
                                     console: Console) throws(RunError) -> (Scene, TextWarnings) {
        let measurer = try LayoutInput.measurer(for: loaded.options, engine: engine, console: console, places: loaded.fontPlaces)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        let warnings = TextWarnings(layout: layout, measurer: measurer)
        do {
            return (try Scene(layout: layout, engine: engine, style: style), warnings)
        } catch {
            throw .drawingFontsUnloadable(reason: "\(error)")
        }
    }
}

import TagFlowLayout
import TagFlowRender
import TagFlowText
import TagFlowInput

/// Loaded input made into a measured layout, and a scene to draw: the one path `layout`, `check`, `render`,
/// `scroll`, `diff` and `snapshot` all take. The options are checked once, by the layout, and its errors are
/// wrapped once, here.
package enum SceneLoader {
    /// A layout measured in its fonts, and what its text warns of (missing characters, clipped text).
    package struct Measured {
        package let layout: TagLayout
        package let engine: TextEngine
        let measurer: Measurer
        package let warnings: TextWarnings
    }

    /// Lays `loaded` out on a new engine with its fonts, keeping what `caching` says. With a console, font
    /// stand-ins are said there.
    package static func layout(_ loaded: LayoutInput.Loaded, caching: TextCaching,
                               console: Console?) throws(RunError) -> Measured {
        try layout(loaded, engine: LayoutInput.engine(fonts: loaded.fonts, caching: caching), console: console)
    }

    /// Lays `loaded` out on an engine already made: sides and variants with the same fonts share one, and so their
    /// shapes.
    package static func layout(_ loaded: LayoutInput.Loaded, engine: TextEngine,
                               console: Console?) throws(RunError) -> Measured {
        let measurer = try LayoutInput.measurer(for: loaded.options, engine: engine, console: console,
                                                places: loaded.fontPlaces)
        let layout: TagLayout
        do {
            layout = try TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        } catch {
            throw .layoutOptions(error)
        }
        var warnings = TextWarnings(layout: layout, measurer: measurer)
        warnings.untranslated = loaded.catalogWarning
        return Measured(layout: layout, engine: engine, measurer: measurer, warnings: warnings)
    }

    /// The scene of a measured layout in `style`.
    package static func scene(_ measured: Measured, style: Style) throws(RunError) -> Scene {
        do {
            return try Scene(layout: measured.layout, engine: measured.engine, style: style)
        } catch {
            throw .drawingFontsUnloadable(reason: "\(error)")
        }
    }

    /// The scene of `loaded` in `style`, its text's warnings said on `console`.
    package static func scene(_ loaded: LayoutInput.Loaded, style: Style, console: Console) throws(RunError) -> Scene {
        let measured = try layout(loaded, caching: .shapedTexts, console: console)
        measured.warn(console)
        return try scene(measured, style: style)
    }
}

extension SceneLoader.Measured {
    /// Says the text's warnings on `console`, each once.
    package func warn(_ console: Console) {
        for warning in warnings.all { console.warn(warning) }
    }
}

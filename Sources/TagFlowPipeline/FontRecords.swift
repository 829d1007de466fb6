import TagFlowLayout
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput

/// The font files a layout's text was drawn with, as the layout JSON, `frames.json` and snapshot goldens record
/// them.
package enum FontRecords {
    /// The files of every family that draws a tag, title or footer of `layout` in `style`, sorted by family and file.
    package static func identities(engine: TextEngine, layout: TagLayout, style: Style) -> [FontFileIdentity] {
        identities(engine: engine, families: families(of: layout, engine: engine, style: style))
    }

    /// The same for what `scene` draws, in its own fonts.
    package static func identities(of scene: Scene) -> [FontFileIdentity] {
        identities(engine: scene.engine, families: families(of: scene))
    }

    /// The files of the faces that draw `scene`'s tags, titles and footers, sorted by family and file.
    package static func files(of scene: Scene) -> [FontFileRecord] {
        scene.engine.fontFiles(families: families(of: scene))
    }

    /// The families that draw a tag, a section title or a footer of `layout` in `style`.
    package static func families(of layout: TagLayout, engine: TextEngine, style: Style) -> Set<String> {
        families(of: layout, engine: engine,
                 fonts: { try? FontSet(engine: engine, options: layout.options, style: style) })
    }

    /// The same for `scene`, in the fonts it draws with.
    package static func families(of scene: Scene) -> Set<String> {
        families(of: scene.layout, engine: scene.engine, fonts: { scene.fontSet })
    }

    /// The families of `layout`'s tags, and of its titles and footers shaped in `fonts` (titles bold), so that their
    /// faces are loaded and recorded whether or not anything was drawn: a layout's JSON names the same files as its
    /// scroll's `frames.json`. `fonts` is asked only for a document with titles or footers, as a picture loads the
    /// title's font only to draw them.
    private static func families(of layout: TagLayout, engine: TextEngine, fonts: () -> FontSet?) -> Set<String> {
        var families = Set<String>()
        // Neighbouring tags mostly share one list, which compares equal at once.
        var previous: [String] = []
        for section in layout.tags {
            for tag in section where tag.measurement.fonts != previous {
                families.formUnion(tag.measurement.fonts)
                previous = tag.measurement.fonts
            }
        }
        // A title in a script no tag has brings its own font.
        let hasTexts = layout.document.sections.contains { $0.title != nil || $0.footer != nil }
        if hasTexts, let fonts = fonts() {
            for section in layout.document.sections {
                if let title = section.title { families.formUnion(engine.shape(title, font: fonts.headerFont).fonts) }
                if let footer = section.footer {
                    families.formUnion(engine.shape(footer, font: fonts.footerFont).fonts)
                }
            }
        }
        return families
    }

    /// Whether a colour font (emoji) draws some of `scene`'s text.
    package static func drawsColourGlyphs(_ scene: Scene) -> Bool {
        files(of: scene).contains(where: \.isColor)
    }

    /// The files of `families` that `engine` drew with, sorted by family and file. Each file is hashed once per
    /// process.
    package static func identities(engine: TextEngine, families: Set<String>) -> [FontFileIdentity] {
        engine.fontFiles(families: families).map { identity($0) }
    }

    /// What the JSON records of `record`: the same without the path, face index, revision and colour.
    package static func identity(_ record: FontFileRecord) -> FontFileIdentity {
        FontFileIdentity(family: record.family, style: record.style, fileName: record.fileName, version: record.version,
                         contentHash: record.contentHash)
    }

    /// `record`'s identity; or, when `recorded` names its file with a hash by another algorithm (goldens recorded
    /// before the current one), that identity, if the file still hashes the same by that algorithm.
    package static func identity(_ record: FontFileRecord, matching recorded: [FontFileIdentity]) -> FontFileIdentity {
        let identity = identity(record)
        guard !recorded.contains(identity) else { return identity }
        for other in recorded where other.namesSameFile(as: identity) && other.hashAlgorithm != identity.hashAlgorithm {
            if let algorithm = ContentHashAlgorithm(of: other.contentHash),
               record.contentHash(as: algorithm) == other.contentHash {
                return other
            }
        }
        return identity
    }

    package static func json(_ identities: [FontFileIdentity]) -> JSONOutput {
        .array(identities.map { font in
            .object([("family", .string(font.family)), ("style", .string(font.style)),
                     ("fileName", .string(font.fileName)),
                     ("version", .string(font.version)), ("contentHash", .string(font.contentHash))])
        })
    }
}

import TagFlowPipeline
import TagFlowSnapshot
import TagFlowLayout
import TagFlowRender
import TagFlowText
import TagFlowInput

/// A screen the preview shows: a tags file laid out with a config and flags, in one or more variants.
struct PreviewScreen {
    var name: String
    var tagsPath: String
    /// The config and the flags; each variant's settings go on top.
    var input: LayoutInput
    /// The variants a manifest lists; a tags file's grow as the page's switches ask for them.
    var variants: [SnapshotVariant.Settings]

    /// The last tags and config that read; kept while a file being edited does not.
    var document: TagDocument?
    var config: ConfigFile?
    var engine: TextEngine?
    /// Why the files do not read now, as the terminal says it: `FILE:LINE:COL: error: …`.
    var error: ErrorReport?

    init(name: String, tagsPath: String, input: LayoutInput, variants: [SnapshotVariant.Settings]) {
        self.name = name
        self.tagsPath = tagsPath
        self.input = input
        self.variants = variants
    }

    /// The files whose change redraws this screen: its tags, its config, and the font files the config and flags
    /// name; font folders are in ``fontFolders``.
    var inputFiles: Set<String> {
        var files: Set<String> = [tagsPath]
        if let path = input.config { files.insert(path) }
        files.formUnion(fonts.files)
        return files
    }

    var fontFolders: Set<String> { Set(fonts.directories) }

    var fonts: FontSources { input.fonts(config: config ?? ConfigFile()) }

    func isAffected(by changed: Set<String>) -> Bool {
        !changed.isDisjoint(with: inputFiles) || !changed.isDisjoint(with: fontFolders)
    }

    /// Reads the tags and config again; the fonts' engine is made again only when `fontsChanged`. On failure the
    /// last good reading stays, and the error is kept.
    mutating func read(fontsChanged: Bool) -> Bool {
        do {
            let config = try ConfigFile.load(input.config)
            let document = try TagsInputFormat.document(at: tagsPath, format: input.inputFormat)
            _ = try input.options(config: config)
            let fonts = input.fonts(config: config)
            if engine == nil || fontsChanged || fonts != self.fonts {
                engine = try LayoutInput.engine(fonts: fonts, caching: .shapedTexts)
            }
            (self.config, self.document, error) = (config, document, nil)
            return true
        } catch {
            self.error = ErrorReport(error)
            return false
        }
    }
}

/// Where an engine finds its fonts: fontconfig's configuration, plus font files and folders of its own.
///
/// Files and folders are added to the engine's own fontconfig configuration as application fonts, so they are
/// usable by family name like installed fonts, and for that engine only. A family given by file wins over an
/// installed family of the same name. OpenType (`.otf`, `.ttf`), collections (`.ttc`, every face) and web fonts
/// (`.woff`, `.woff2`, which Debian's FreeType unpacks) all work.
public struct FontSources: Sendable, Hashable {
    /// Font files to add (every face of a collection).
    public var files: [String]
    /// Folders whose font files are added, recursively.
    public var directories: [String]
    /// A fontconfig configuration file to load instead of the default one (`FONTCONFIG_FILE`, else
    /// /etc/fonts/fonts.conf); e.g. one that lists only the folders a test relies on.
    public var configurationFile: String?

    public init(files: [String] = [], directories: [String] = [], configurationFile: String? = nil) {
        self.files = files
        self.directories = directories
        self.configurationFile = configurationFile
    }

    /// The installed fonts, through the default configuration.
    public static let system = FontSources()
}

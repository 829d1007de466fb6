

/// Everything that calls into FreeType, fontconfig or HarfBuzz. Only ever used inside the engine's mutex.
final class EngineState {
    let freeType: FreeTypeLibrary
    let fontconfig: FontconfigConfig
    let hasApplicationFonts: Bool
    var chains: [FallbackChain] = []
    var chainIDs: [ChainKey: Int32] = [:]
    /// The chains' requests in id order, so another state can resolve the same chains under the same ids.
    var chainKeys: [ChainKey] = []
    var faces: [FaceKey: LoadedFace] = [:]
    let shaper = HarfBuzzShaper()
    var familyNames: [String]?
    var preferredFamilyNames: [String]?
    var defaultFamilyName: String?
    var colorPatterns: [FontconfigPattern]?
    // Reused by every shape, so a text's scalars and clusters (and a measured text's runs) need no allocation of their
    // own.
    var scratchItemiser = TextItemiser()
    var scratchRuns: [PendingRun] = []

    /// Loads fontconfig's configuration and adds `sources`' files and folders as application fonts.
    init(sources: FontSources = .system) throws(FontError) {
        freeType = try FreeTypeLibrary()
        // Checked first, so a missing file is reported once, as a typed error, and not also on stderr; and so that
        // fontconfig, which opens it itself, is never handed a FIFO to wait on.
        if let file = sources.configurationFile {
            switch pathStatus(file) {
            case .file: break
            case let .special(kind): throw .notARegularFile(path: file, kind: kind, folder: nil)
            default: throw .configurationFileFailed(path: file)
            }
        }
        fontconfig = try FontconfigConfig(configurationFile: sources.configurationFile)
        for file in sources.files {
            if let error = pathStatus(file).fontFileError(path: file) { throw error }
            let before = fontconfig.applicationFontCount
            guard fontconfig.addApplicationFontFile(file), fontconfig.applicationFontCount > before else {
                throw .notAFont(path: file)
            }
        }
        for directory in sources.directories {
            switch pathStatus(directory) {
            case .missing: throw .fontDirectoryNotFound(path: directory)
            case .file, .special: throw .fontDirectoryIsAFile(path: directory)
            case .unreadable: throw .fontFileUnreadable(path: directory)
            case .directory: break
            }
            let before = fontconfig.applicationFontCount
            try fontconfig.addApplicationFontDirectory(directory)
            // An empty folder, or one of the wrong files, would fall back to the system's fonts in silence.
            guard fontconfig.applicationFontCount > before else { throw .noFontsInDirectory(path: directory) }
        }
        hasApplicationFonts = fontconfig.applicationFontCount > 0
    }
}

/// The index of the first element of the sorted `values` that is not less than `value`.
///
/// - Complexity: O(log *n*).
func lowerBound(_ values: [Int], _ value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
        let middle = (low + high) / 2
        if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Case-insensitive order, ties broken by the exact string, so the listing is stable without Foundation.
    func caseInsensitivelyPrecedes(_ other: String) -> Bool {
        let (a, b) = (lowercased(), other.lowercased())
        return a == b ? self < other : a < b
    }
}

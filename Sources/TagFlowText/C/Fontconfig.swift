import CFontconfig

// Every fontconfig call TagFlowText makes. Each handle is owned by one final class whose deinit releases it;
// patterns and charsets taken from a font set are referenced, so none outlives what it points into.

/// Owns an FcConfig: the system configuration, or one read from a file, plus the engine's application fonts.
final class FontconfigConfig {
    private let config: OpaquePointer

    /// Loads the configuration fontconfig would use by default (`FONTCONFIG_FILE` or /etc/fonts/fonts.conf)
    /// or, given `file`, that configuration file alone; then scans its fonts.
    init(configurationFile file: String?) throws(FontError) {
        guard let file else {
            guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigInitFailed }
            self.config = config
            return
        }
        guard let config = FcConfigCreate() else { throw .fontconfigInitFailed }
        self.config = config  // destroyed by deinit if a step below throws
        let parsed = file.withFcString { FcConfigParseAndLoad(config, $0, FcBool(FcTrue)) }
        guard parsed != 0 else { throw .configurationFileFailed(path: file) }
        guard FcConfigBuildFonts(config) != 0 else { throw .configurationFileFailed(path: file) }
    }

    deinit { FcConfigDestroy(config) }

    /// Adds the font file at `path` (every face of a collection) as an application font; false when fontconfig
    /// found no face in it. Fontconfig opens the path itself: check first that it is a regular file.
    func addApplicationFontFile(_ path: String) -> Bool {
        path.withFcString { FcConfigAppFontAddFile(config, $0) } != 0
    }

    /// Adds every font file under the folder at `path`, recursively.
    ///
    /// Fontconfig opens each file it scans, and would wait forever on a FIFO, so a folder holding a FIFO, socket or
    /// device is refused, naming it, before fontconfig sees the folder.
    func addApplicationFontDirectory(_ path: String) throws(FontError) {
        if let entry = firstSpecialEntry(under: path) {
            throw .notARegularFile(path: entry.path, kind: entry.kind, folder: path)
        }
        guard path.withFcString({ FcConfigAppFontAddDir(config, $0) }) != 0 else {
            throw .fontFileUnreadable(path: path)
        }
    }

    /// The fonts fontconfig sorts for `family` (nil: the configured default), primary first, without fonts that add
    /// no coverage; only the application fonts when `applicationOnly`. Nil when nothing matches.
    ///
    /// - Complexity: O(*n* log *n*) in the number of fonts fontconfig knows.
    func sortedFonts(family: String?, weight: FontWeight = .regular, language: String? = nil,
                     applicationOnly: Bool = false) -> [FontconfigPattern]? {
        guard let raw = FcPatternCreate() else { return nil }
        let pattern = FontconfigPattern(owning: raw)
        if weight != .regular {
            guard FcPatternAddInteger(raw, FC_WEIGHT, weight.fontconfigWeight) != 0 else { return nil }
        }
        if let family {
            guard family.withFcString({ FcPatternAddString(raw, FC_FAMILY, $0) }) != 0 else { return nil }
        }
        if let language {
            guard language.withFcString({ FcPatternAddString(raw, FC_LANG, $0) }) != 0 else { return nil }
        }
        guard FcConfigSubstitute(config, raw, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(raw)
        var result = FcResultNoMatch
        let set: UnsafeMutablePointer<FcFontSet>?
        if applicationOnly {
            var fonts: UnsafeMutablePointer<FcFontSet>? = FcConfigGetFonts(config, FcSetApplication)  // borrowed
            guard fonts != nil else { return nil }
            set = FcFontSetSort(config, &fonts, 1, pattern.pattern, FcBool(FcTrue), nil, &result)
        } else {
            set = FcFontSort(config, pattern.pattern, FcBool(FcTrue), nil, &result)
        }
        guard let set else { return nil }
        let patterns = FontconfigPattern.taking(set)
        return patterns.isEmpty ? nil : patterns
    }

    /// Every font fontconfig knows with colour glyphs, application fonts first, each group in file order.
    func colorFonts() -> [FontconfigPattern] {
        guard let raw = FcPatternCreate() else { return [] }
        let pattern = FontconfigPattern(owning: raw)
        guard FcPatternAddBool(raw, FC_COLOR, FcBool(FcTrue)) != 0 else { return [] }
        guard let objects = FontconfigObjectSet([FC_FAMILY, FC_FAMILYLANG, FC_FILE, FC_INDEX, FC_CHARSET, FC_COLOR]),
              let list = FcFontList(config, pattern.pattern, objects.set)
        else { return [] }
        let applicationFiles = Set(applicationFonts().compactMap(\.file))
        let fonts = FontconfigPattern.taking(list)
            .sorted { ($0.file ?? "", $0.index ?? 0) < ($1.file ?? "", $1.index ?? 0) }
        return fonts.filter { applicationFiles.contains($0.file ?? "") }
            + fonts.filter { !applicationFiles.contains($0.file ?? "") }
    }

    /// How many faces the application fonts hold.
    var applicationFontCount: Int {
        FcConfigGetFonts(config, FcSetApplication).map { Int($0.pointee.nfont) } ?? 0  // borrowed
    }

    /// The application fonts, in the order they were added.
    func applicationFonts() -> [FontconfigPattern] {
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return [] }  // borrowed
        return FontconfigPattern.referencing(borrowed: fonts)
    }

    /// Every family name of every font (all languages), deduplicated, in no particular order.
    func allFamilyNames(preferredOnly: Bool) -> [String] {
        guard let raw = FcPatternCreate() else { return [] }
        let empty = FontconfigPattern(owning: raw)
        guard let objects = FontconfigObjectSet([FC_FAMILY, FC_FAMILYLANG]),
              let list = FcFontList(config, empty.pattern, objects.set)
        else { return [] }
        var seen = Set<String>()
        var names: [String] = []
        for pattern in FontconfigPattern.taking(list) {
            let candidates = preferredOnly ? [pattern.preferredFamilyName].compactMap { $0 } : pattern.familyNames
            for name in candidates where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}

/// Owns a reference to an FcPattern, and reads its values.
final class FontconfigPattern {
    fileprivate let pattern: OpaquePointer

    fileprivate init(owning pattern: OpaquePointer) { self.pattern = pattern }

    deinit { FcPatternDestroy(pattern) }

    /// References every pattern of `set`, then destroys the set.
    fileprivate static func taking(_ set: UnsafeMutablePointer<FcFontSet>) -> [FontconfigPattern] {
        defer { FcFontSetDestroy(set) }
        return referencing(borrowed: set)
    }

    /// References every pattern of a set someone else owns.
    fileprivate static func referencing(borrowed set: UnsafeMutablePointer<FcFontSet>) -> [FontconfigPattern] {
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return [] }
        return (0..<count).compactMap { i in
            guard let pattern = fonts[i] else { return nil }
            FcPatternReference(pattern)
            return FontconfigPattern(owning: pattern)
        }
    }

    var file: String? { string(FC_FILE) }
    var index: Int? { integer(FC_INDEX) }
    var style: String? { string(FC_STYLE) }
    /// All family names, in fontconfig's order (the typographic family first).
    var familyNames: [String] { strings(FC_FAMILY) }

    /// The family name to show: the most specific English name (fontconfig lists the typographic family
    /// "DejaVu Sans" before the legacy "DejaVu Sans Condensed"), else the first name.
    var preferredFamilyName: String? {
        let names = familyNames
        let langs = strings(FC_FAMILYLANG)
        let english = zip(names, langs).filter { $0.1 == "en" || $0.1.hasPrefix("en-") }.map(\.0)
        return english.max { $0.count < $1.count } ?? names.first
    }

    /// The face's weight on fontconfig's scale (regular 80, medium 100, bold 200); nil for a variable face,
    /// whose weight is a range.
    var weight: Int? { integer(FC_WEIGHT) }

    /// Whether the font has outlines (not only bitmaps); fontconfig says so of every font it scans.
    var hasOutlines: Bool {
        var value: FcBool = 1
        return FcPatternGetBool(pattern, FC_OUTLINE, 0, &value) != FcResultMatch || value != 0
    }

    /// Whether fontconfig says the font has colour glyphs.
    var isColor: Bool {
        var value: FcBool = 0
        return FcPatternGetBool(pattern, FC_COLOR, 0, &value) == FcResultMatch && value != 0
    }

    /// The characters the font covers.
    var charset: FontconfigCharSet? {
        var value: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &value) == FcResultMatch, let value else { return nil }
        return FontconfigCharSet(referencing: value)
    }

    private func string(_ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private func strings(_ object: String) -> [String] {
        var result: [String] = []
        while let s = string(object, Int32(result.count)) { result.append(s) }
        return result
    }

    private func integer(_ object: String) -> Int? {
        var value: Int32 = 0
        guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return Int(value)
    }
}

/// Owns a reference to an FcCharSet.
final class FontconfigCharSet {
    private let charset: OpaquePointer

    fileprivate init?(referencing charset: OpaquePointer) {
        guard let copy = FcCharSetCopy(charset) else { return nil }
        self.charset = copy
    }

    deinit { FcCharSetDestroy(charset) }

    func contains(_ scalar: UInt32) -> Bool { FcCharSetHasChar(charset, scalar) != 0 }
}

/// Owns an FcObjectSet.
private final class FontconfigObjectSet {
    let set: UnsafeMutablePointer<FcObjectSet>

    init?(_ objects: [String]) {
        guard let set = FcObjectSetCreate() else { return nil }
        self.set = set
        for object in objects where FcObjectSetAdd(set, object) == 0 { return nil }
    }

    deinit { FcObjectSetDestroy(set) }
}

extension String {
    /// Calls `body` with the string as fontconfig's NUL-terminated UTF-8.
    fileprivate func withFcString<R>(_ body: (UnsafePointer<FcChar8>) -> R) -> R {
        withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: utf8.count + 1, body) }
    }
}

import Dispatch
import TagFlowLayout

/// A face as the engine uses it: the public handle plus the HarfBuzz face and fonts that shape with it.
final class LoadedFace {
    let face: FontFace
    let harfBuzzFace: HarfBuzzFace
    /// `[face.family]`, made once: the font list of every text this face draws alone.
    let families: [String]
    /// The font at the face's defaults with no point size, for a static face without `trak`: its shaping is the
    /// same at every size, so one font serves them all.
    private let plainFont: HarfBuzzFont?
    /// Fonts at a size or variation, for faces with axes or a `trak` table; a crude bound keeps it small.
    private var instances: [InstanceKey: (font: HarfBuzzFont, coordinates: [FontVariation])] = [:]

    private struct InstanceKey: Hashable {
        let coordinates: [FontVariation]
        let pointSize: Double
    }

    /// Synthetic-bold outlines, each made once.
    private var emboldenedOutlines: [OutlineKey: GlyphOutline] = [:]

    private struct OutlineKey: Hashable {
        let coordinates: [FontVariation]
        let glyph: UInt32
    }

    init(face: FontFace, harfBuzzFace: HarfBuzzFace) {
        self.face = face
        self.harfBuzzFace = harfBuzzFace
        families = [face.family]
        let sizeFree = harfBuzzFace.axes.isEmpty && !harfBuzzFace.hasTrackingTable
        plainFont = sizeFree ? HarfBuzzFont(face: harfBuzzFace) : nil
    }

    /// The font to shape with at `size` points under `variations`, and the axis values it uses.
    ///
    /// As CoreText does, an `opsz` axis follows the point size unless a variation sets it, and HarfBuzz is given
    /// the point size for `trak` tracking. Values are clamped to each axis's range, as HarfBuzz clamps them.
    func font(variations: [FontVariation], size: Double) -> (font: HarfBuzzFont, coordinates: [FontVariation]) {
        if let plainFont { return (plainFont, []) }
        var coordinates: [FontVariation] = []
        for axis in harfBuzzFace.axes {
            let asked = variations.last { $0.tagCode == axis.tag }
            guard let value = asked?.value ?? (axis.tag == opticalSizeTag ? size : nil) else { continue }
            let clamped = min(max(value, axis.minimum), axis.maximum)
            coordinates.append(FontVariation(axis: axis.tag, value: clamped))
        }
        let key = InstanceKey(coordinates: coordinates, pointSize: size)
        if let instance = instances[key] { return instance }
        if instances.count >= 256 { instances.removeAll(keepingCapacity: true) }
        let font = HarfBuzzFont(
            face: harfBuzzFace, coordinates: coordinates.map { ($0.tagCode, $0.value) }, pointSize: size)
        instances[key] = (font, coordinates)
        return (font, coordinates)
    }

    /// What synthetic bold adds to each glyph with an advance, in font units; 0 when the face is not emboldened.
    func syntheticBoldWidening(if isEmboldened: Bool) -> Int {
        isEmboldened ? SyntheticBold.widening(unitsPerEm: harfBuzzFace.unitsPerEm) : 0
    }

    /// `glyph`'s outline as the font at `size` under `variations` draws it, thickened for synthetic bold.
    func emboldenedOutline(of glyph: UInt32, variations: [FontVariation], size: Double) -> GlyphOutline {
        let (font, coordinates) = font(variations: variations, size: size)
        let key = OutlineKey(coordinates: coordinates, glyph: glyph)
        if let outline = emboldenedOutlines[key] { return outline }
        let outline = font.outline(of: glyph)
            .emboldened(by: Double(syntheticBoldWidening(if: true)))
            .outline(unitsPerEm: harfBuzzFace.unitsPerEm)
        emboldenedOutlines[key] = outline
        return outline
    }
}

/// `opsz`.
let opticalSizeTag: UInt32 = 0x6F70_737A
/// `wght`: a variable face's weight axis, which a requested weight sets (see ``FallbackChain/variations``).
let weightTag: UInt32 = 0x7767_6874

/// Identifies a fallback chain: one per request of families, weight, variations and tracking.
struct ChainKey: Hashable {
    let family: String
    let weight: FontWeight
    var variations: [FontVariation] = []
    var tracking: Double = 0
}

/// Identifies a face across fallback chains, so each (file, index) is loaded once.
struct FaceKey: Hashable {
    let path: String
    let index: Int
}

/// Everything that calls into FreeType, fontconfig or HarfBuzz. Only ever used inside the engine's mutex.
final class EngineState {
    let freeType: FreeTypeLibrary
    let fontconfig: FontconfigConfig
    private let hasApplicationFonts: Bool
    private(set) var chains: [FallbackChain] = []
    private var chainIDs: [ChainKey: Int32] = [:]
    /// The chains' requests in id order, so another state can resolve the same chains under the same ids.
    private(set) var chainKeys: [ChainKey] = []
    private var faces: [FaceKey: LoadedFace] = [:]
    private let shaper = HarfBuzzShaper()
    private var familyNames: [String]?
    private var preferredFamilyNames: [String]?
    private var defaultFamilyName: String?
    private var colorPatterns: [FontconfigPattern]?
    // Reused by every shape, so a text's scalars and clusters (and a measured text's runs) need no allocation of their
    // own.
    private var scratchItemiser = TextItemiser()
    private var scratchRuns: [PendingRun] = []

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

    // MARK: Fonts

    /// The fallback chain for a request, resolving and validating it on first use.
    ///
    /// `key.family` is a family, a comma-separated list of families tried in order, or a named chain such as
    /// `system-ios`. Families of a list that are not installed are skipped (and reported); the request fails only
    /// when none is.
    func chainID(for key: ChainKey) throws(FontError) -> Int32 {
        if let id = chainIDs[key] { return id }
        let family = key.family
        let request = FamilyRequest(family)
        var own: [FontconfigPattern] = []
        var fallback: [FontconfigPattern]?
        var resolved: [String] = []
        var skipped: [String] = []
        var substitutions: [StandInRecord.Substitution] = []
        var firstError: FontError?
        for member in request.members {
            var found: (own: [FontconfigPattern], sorted: [FontconfigPattern])?
            for name in member.names where found == nil {
                do throws(FontError) {
                    found = try resolveFamily(name, weight: key.weight)
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            if found == nil, request.chainName != nil {
                var used: String?
                for name in member.standIns where found == nil {
                    found = try? resolveFamily(name, weight: key.weight)
                    if found != nil { used = found?.own.first?.preferredFamilyName ?? name }
                }
                substitutions.append(.init(wanted: member.label, used: used))
            } else if found == nil {
                skipped.append(member.label)
            }
            guard let found else { continue }
            own += found.own
            if fallback == nil { fallback = found.sorted }
            if let name = found.own.first?.preferredFamilyName, !resolved.contains(name) { resolved.append(name) }
        }
        guard let fallback else {
            let trimmed = family.trimmingWhitespace
            if request.members.count == 1, request.chainName == nil,
               case let .familyNotFound(_, suggestions)? = firstError {
                throw .familyNotFound(family, suggestions: suggestions)
            }
            if let firstError, request.members.count == 1, request.chainName == nil { throw firstError }
            let first = request.members.first?.names.first ?? trimmed
            if request.members.count > 1, request.chainName == nil {
                throw .noFamilyOfListFound(trimmed, families: request.members.map(\.label),
                                           suggestions: suggestions(for: first))
            }
            throw .familyNotFound(family, suggestions: suggestions(for: first))
        }

        var seen = Set<FaceKey>()
        var fonts: [FallbackFont] = []
        for pattern in own + fallback + colorFonts() {
            // The lists overlap by design: a face already taken is skipped before its names and charset are read.
            guard let path = pattern.file, seen.insert(FaceKey(path: path, index: pattern.index ?? 0)).inserted,
                  let font = FallbackFont(pattern, fallbackFamily: family.trimmingWhitespace, weight: key.weight)
            else { continue }
            fonts.append(font)
        }
        guard !fonts.isEmpty else {
            throw .familyNotFound(family, suggestions: suggestions(for: family.trimmingWhitespace))
        }
        // The primary must load: every character without a better font falls back to it.
        let primary = try loadFace(fonts[0])
        let axes = primary.harfBuzzFace.axes
        var clamped = [ClampedVariation]()
        for variation in key.variations {
            guard let axis = axes.first(where: { $0.tag == variation.tagCode }) else {
                throw .unknownAxis(variation.tag, family: primary.face.family,
                                   available: axes.map { tagString($0.tag) })
            }
            if !(axis.minimum...axis.maximum).contains(variation.value) {
                clamped.append(ClampedVariation(tag: variation.tag, requested: variation.value, minimum: axis.minimum,
                                                maximum: axis.maximum))
            }
        }
        var report = FontChainReport(
            requested: family, families: resolved, skipped: skipped,
            standIn: substitutions.isEmpty
                ? nil : StandInRecord(chain: request.chainName ?? family, substitutions: substitutions))
        report.clampedVariations = clamped
        // A variable face draws a requested weight on its weight axis, as CoreText does, unless a variation sets it.
        let weightVariation = key.weight == .regular || key.variations.contains { $0.tagCode == weightTag } ? []
            : [FontVariation(axis: weightTag, value: key.weight.openTypeWeight)]
        let chain = FallbackChain(fonts: fonts, variations: key.variations + weightVariation, tracking: key.tracking,
                                  report: report)
        chain.faces[0] = primary
        let id = Int32(chains.count)
        chains.append(chain)
        chainIDs[key] = id
        chainKeys.append(key)
        return id
    }

    /// The fonts fontconfig sorts for one family, and those of them that are that family (application fonts
    /// first, so a family given by file wins over an installed one of the same name).
    private func resolveFamily(
        _ name: String, weight: FontWeight
    ) throws(FontError) -> (own: [FontconfigPattern], sorted: [FontconfigPattern]) {
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty, let sorted = fontconfig.sortedFonts(family: trimmed, weight: weight) else {
            throw .familyNotFound(name, suggestions: suggestions(for: trimmed))
        }
        // Fontconfig always substitutes something, so a real match must carry the requested name.
        let requested = normalizedFamily(trimmed)
        if genericFamilies.contains(requested) {
            // "sans-serif" names whatever family fontconfig picks; a font of that family given by file wins too.
            guard hasApplicationFonts, let picked = sorted[0].familyNames.first else { return ([sorted[0]], sorted) }
            let pickedName = normalizedFamily(picked)
            let isPicked = { (pattern: FontconfigPattern) in
                pattern.familyNames.map(normalizedFamily).contains(pickedName)
            }
            let application = (fontconfig.sortedFonts(family: picked, weight: weight, applicationOnly: true) ?? [])
                .prefix(while: isPicked)
            return (application.isEmpty ? [sorted[0]] : Array(application.prefix(1)), sorted)
        }
        let isRequested = { (pattern: FontconfigPattern) in
            pattern.familyNames.map(normalizedFamily).contains(requested)
        }
        let application = hasApplicationFonts
            ? (fontconfig.sortedFonts(family: trimmed, weight: weight, applicationOnly: true) ?? [])
                .prefix(while: isRequested)
            : []
        guard !application.isEmpty || isRequested(sorted[0]) else {
            throw .familyNotFound(name, suggestions: suggestions(for: trimmed, substitute: sorted[0]))
        }
        return (Array(application) + sorted.prefix(while: isRequested), sorted)
    }

    /// Every colour font, for emoji that a chain's own fonts lack.
    private func colorFonts() -> [FontconfigPattern] {
        if let colorPatterns { return colorPatterns }
        let patterns = fontconfig.colorFonts()
        colorPatterns = patterns
        return patterns
    }

    /// Resolves the requests of `keys` this state has not made yet, in order, so that its chain ids match those of
    /// the state `keys` come from.
    func resolveChains(_ keys: [ChainKey]) throws(FontError) {
        for key in keys.dropFirst(chains.count) { _ = try chainID(for: key) }
    }

    /// Every family under its preferred (English) name, sorted.
    func availableFamilies() -> [String] {
        if let names = preferredFamilyNames { return names }
        let names = fontconfig.allFamilyNames(preferredOnly: true)
            .sorted { $0.caseInsensitivelyPrecedes($1) }
        preferredFamilyNames = names
        return names
    }

    /// The families closest to `family`, led by fontconfig's substitute when a rule (e.g. a metric alias such as
    /// Bitstream Vera Serif → DejaVu Serif) picked it rather than the default fallback.
    private func suggestions(for family: String, substitute: FontconfigPattern? = nil) -> [String] {
        if familyNames == nil { familyNames = fontconfig.allFamilyNames(preferredOnly: false) }
        var result = closestFamilies(to: family, among: familyNames ?? [])
        if let substitute, let name = substitute.preferredFamilyName, name != defaultFamily() {
            result.removeAll { $0 == name }
            result = Array(([name] + result).prefix(5))
        }
        return result
    }

    private func defaultFamily() -> String? {
        if defaultFamilyName == nil {
            defaultFamilyName = fontconfig.sortedFonts(family: nil)?.first?.preferredFamilyName ?? ""
        }
        return defaultFamilyName
    }

    private func loadFace(_ font: FallbackFont) throws(FontError) -> LoadedFace {
        if let loaded = faces[font.key] { return loaded }
        let freeTypeFace = try freeType.openFace(path: font.path, index: font.index)
        let loaded = LoadedFace(
            face: FontFace(freeType: freeTypeFace, family: font.family),
            harfBuzzFace: try harfBuzzFace(freeTypeFace))
        faces[font.key] = loaded
        return loaded
    }

    /// HarfBuzz's face for a face FreeType opened: read from the file, or for WOFF and WOFF2 (which HarfBuzz 6
    /// cannot unpack) rebuilt from the tables FreeType unpacked.
    private func harfBuzzFace(_ face: FreeTypeFace) throws(FontError) -> HarfBuzzFace {
        // The low 16 bits are the face in a collection; the high ones a named instance, which the axes replace.
        let index = face.index & 0xFFFF
        do throws(FontError) {
            return try HarfBuzzFace(path: face.path, index: index)
        } catch {
            return try HarfBuzzFace(tables: face.sfntTables(), path: face.path, index: index)
        }
    }

    /// The face for font `index` of `chain`; the primary when that font cannot be loaded.
    private func face(_ chain: FallbackChain, _ index: Int) -> LoadedFace {
        if let loaded = chain.faces[index] { return loaded }
        let loaded = (try? loadFace(chain.fonts[index])) ?? chain.faces[0]!
        chain.faces[index] = loaded
        return loaded
    }

    func primaryFace(chain id: Int32) -> FontFace {
        chains[Int(id)].faces[0]!.face
    }

    /// What the request of chain `id` resolved to.
    func report(chain id: Int32) -> FontChainReport {
        chains[Int(id)].report
    }

    // MARK: Font files

    /// The faces loaded for `families`.
    func faces(families: Set<String>) -> [FontFace] {
        faces.values.map(\.face).filter { families.contains($0.family) }
    }

    /// Where `face` comes from: file, names, version and a hash of the file's bytes (hashed once per file).
    func fileRecord(for face: FontFace) -> FontFileRecord {
        // A face from another engine is read again from its file (not through its FreeType face, which cairo may be
        // using); a web font's names then stay unknown.
        let harfBuzz = faces[FaceKey(path: face.path, index: face.index)]?.harfBuzzFace
            ?? (try? HarfBuzzFace(path: face.path, index: face.index & 0xFFFF))
        let hash = FileHashes.process.contentHash(ofFileAt: face.path)
        return FontFileRecord(
            family: face.family,
            style: harfBuzz?.name(17) ?? harfBuzz?.name(2) ?? "",
            fileName: String(face.path.split(separator: "/").last ?? ""),
            path: face.path, faceIndex: face.index,
            version: harfBuzz?.name(5) ?? "",
            fontRevision: face.fontRevision,
            contentHash: hash,
            isColor: face.isColor)
    }

    // MARK: Shaping

    /// Shapes `text` for drawing: every run's glyphs and positions, scaled to `size` points.
    func shape(_ text: String, chain id: Int32, size: Double) -> ShapedText {
        var runs: [PendingRun] = []
        let (fonts, missing) = shapeRuns(text, chain: id, size: size, keepingGlyphs: true, into: &runs)
        guard !runs.isEmpty else { return .empty }
        let chain = chains[Int(id)]
        let tracking = chain.tracking
        var shaped: [ShapedRun] = []
        shaped.reserveCapacity(runs.count)
        var width = 0.0
        var missingScalars: [(index: Int, scalar: UInt32)] = []
        for run in runs {
            let scale = run.scale(to: size)
            let advance = run.advance(at: size, tracking: tracking)
            let xPositions = tracking == 0
                ? run.xUnits.map { Double($0) * scale }
                : zip(run.xUnits, run.clustersBefore).map { Double($0) * scale + tracking * Double($1) }
            shaped.append(ShapedRun(
                face: run.face.face, size: size, glyphs: run.glyphs,
                xPositions: xPositions,
                yOffsets: run.yUnits.map { Double($0) * scale },
                origin: width, advance: advance, isRightToLeft: run.rtl, variations: run.coordinates,
                emboldening: Double(run.face.syntheticBoldWidening(if: run.isEmboldened)) * scale,
                emboldenedOutlines: run.isEmboldened
                    ? run.glyphs.map { run.face.emboldenedOutline(of: $0, variations: chain.variations, size: size) }
                    : []))
            width += advance
            missingScalars += run.missingScalars
        }
        // Logical order, each scalar once.
        var seen = Set<UInt32>()
        let missingList = missingScalars.sorted { $0.index < $1.index }
            .filter { seen.insert($0.scalar).inserted }
            .compactMap { Unicode.Scalar($0.scalar) }
        return ShapedText(width: width, runs: shaped, fonts: fonts, missingGlyphs: missing, missingScalars: missingList)
    }

    /// Measures `text` as `shape` would, without keeping any glyphs: the same width, fonts and missing count.
    func measure(_ text: String, chain id: Int32, size: Double) -> TextMeasurement {
        // The runs live only in this call, in an array kept from text to text.
        var runs = scratchRuns
        scratchRuns = []
        defer {
            runs.removeAll(keepingCapacity: true)
            scratchRuns = runs
        }
        let (fonts, missing) = shapeRuns(text, chain: id, size: size, keepingGlyphs: false, into: &runs)
        return measurement(of: runs, fonts: fonts, missing: missing, tracking: chains[Int(id)].tracking, size: size)
    }

    /// The measurement of a text shaped into `runs` (in visual order).
    private func measurement<Runs: Sequence<PendingRun>>(
        of runs: Runs, fonts: [String], missing: Int, tracking: Double, size: Double
    ) -> TextMeasurement {
        // Summed in the same (visual) order as `shape`, so the two widths are the same double.
        let width = runs.reduce(0.0) { $0 + $1.advance(at: size, tracking: tracking) }
        // The tallest face sets the line, as a label's line grows to fit a fallback font.
        var lineHeight: Double?
        for run in runs { lineHeight = max(lineHeight ?? 0, run.face.face.lineHeight(at: size)) }
        return TextMeasurement(width: width, fonts: fonts, missingGlyphs: missing, lineHeight: lineHeight)
    }

    // MARK: Measuring many texts

    /// Texts that may share a buffer are only joined within aligned groups of this many, so which texts shape
    /// together depends on the list alone, never on how it was split among threads.
    static let joinGroupSize = 128
    /// Scalars in one joined buffer at most. Past 256 scalars HarfBuzz's budget of operations is 64 a scalar, so
    /// a joined buffer gets per scalar what any text that long gets alone.
    private static let joinedScalarLimit = 1024
    /// Separates joined texts: a control character, which no joined text contains.
    private static let joinSeparator: UInt32 = 0x1F

    /// Measures `texts[range]` into `results` (uninitialized), each as `measure(_:chain:size:)` would.
    ///
    /// Short printable-ASCII texts that one face draws in one script are shaped many to a buffer, separated by
    /// U+001F, with HarfBuzz marking where the shaping is unsafe to concatenate. A text whose two edges came out safe
    /// has the glyphs it has alone: HarfBuzz's own check of the flag (hb-buffer-verify.cc) shapes the pieces between
    /// safe points apart and asserts the same result. Any other text is shaped alone. Each buffer shapes in one
    /// call what would take dozens, which is most of HarfBuzz's cost for short texts. Returns how many texts were
    /// measured from a shared buffer.
    @discardableResult
    func measure(
        _ texts: [String], _ range: Range<Int>, chain id: Int32, size: Double,
        into results: UnsafeMutablePointer<TextMeasurement>
    ) -> Int {
        let chain = chains[Int(id)]
        var joined = JoinedTexts()
        var alone: [Int] = []
        var checkedFont: (index: Int, isJoinable: Bool)?
        for index in range {
            if index % Self.joinGroupSize == 0 {
                measureJoined(&joined, chain: chain, size: size, into: results, alone: &alone)
            }
            guard let key = joinKey(texts[index], chain: chain) else {
                alone.append(index)
                continue
            }
            if checkedFont?.index != key.font {
                checkedFont = (key.font, !face(chain, key.font).harfBuzzFace.hasStateMachineTables)
            }
            guard checkedFont!.isJoinable else {
                alone.append(index)
                continue
            }
            let length = texts[index].utf8.count
            if key != joined.key || joined.scalars.count + 1 + length > Self.joinedScalarLimit {
                measureJoined(&joined, chain: chain, size: size, into: results, alone: &alone)
                joined.key = key
            }
            joined.append(texts[index], index: index)
        }
        measureJoined(&joined, chain: chain, size: size, into: results, alone: &alone)
        for index in alone { (results + index).initialize(to: measure(texts[index], chain: id, size: size)) }
        return range.count - alone.count
    }

    /// Texts waiting to be shaped in one buffer.
    private struct JoinedTexts {
        struct Key: Equatable {
            let font: Int
            let script: TextScript
        }

        var key: Key?
        var scalars: [UInt32] = []
        /// Each text's index in the list and where its scalars start and end.
        var texts: [(index: Int, start: Int, end: Int)] = []

        mutating func append(_ text: String, index: Int) {
            if !scalars.isEmpty { scalars.append(EngineState.joinSeparator) }
            let start = scalars.count
            if text.utf8.withContiguousStorageIfAvailable({
                scalars.append(contentsOf: $0.lazy.map(UInt32.init))
            }) == nil {
                scalars.append(contentsOf: text.utf8.lazy.map(UInt32.init))
            }
            texts.append((index, start, scalars.count))
        }
    }

    /// The font and script every cluster of `text` would be shaped with, when the text is non-empty printable
    /// ASCII drawn by one font; nil otherwise. Only fonts HarfBuzz shapes with OpenType tables join.
    private func joinKey(_ text: String, chain: FallbackChain) -> JoinedTexts.Key? {
        var font: Int?
        var hasLetter = false
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            let own = chain.font(for: UInt32(byte))
            guard font == nil || font == own else { return nil }
            font = own
            hasLetter = hasLetter || TextScript(ofASCII: byte) == .latin
        }
        guard let font else { return nil }
        // As `shapeRuns` resolves them: a letter makes the whole text Latin, and a text of only neutrals stays Common.
        return JoinedTexts.Key(font: font, script: hasLetter ? .latin : .common)
    }

    /// Shapes the waiting texts in one buffer and measures each whose edges are safe; adds the rest to `alone`.
    private func measureJoined(
        _ joined: inout JoinedTexts, chain: FallbackChain, size: Double,
        into results: UnsafeMutablePointer<TextMeasurement>, alone: inout [Int]
    ) {
        defer {
            joined.scalars.removeAll(keepingCapacity: true)
            joined.texts.removeAll(keepingCapacity: true)
        }
        guard let key = joined.key, joined.texts.count > 1 else {
            alone += joined.texts.map(\.index)
            return
        }
        let loaded = face(chain, key.font)
        let (font, coordinates) = loaded.font(variations: chain.variations, size: size)
        let isEmboldened = chain.isEmboldened(key.font, face: loaded)
        let widening = loaded.syntheticBoldWidening(if: isEmboldened)
        let scalars = joined.scalars
        shaper.shape(scalars, from: 0, to: scalars.count, script: key.script, rightToLeft: false, font: font,
                     markingUnsafeToConcatenate: true) { glyphs in
            var g = 0
            for (index, start, end) in joined.texts {
                while g < glyphs.count, glyphs.cluster(g) < start { g += 1 }
                let first = g
                var advance = 0
                var missing = 0
                while g < glyphs.count, glyphs.cluster(g) < end {
                    if glyphs.glyph(g) == 0 { missing += 1 }
                    advance += SyntheticBold.widened(glyphs.xAdvance(g), by: widening)
                    g += 1
                }
                // Safe at both edges: the text's first glyph starts its first cluster, the separator's glyph after it
                // (none after the last text) starts its own, and neither is unsafe to concatenate.
                let startIsSafe = first < g && glyphs.cluster(first) == start && !glyphs.isUnsafeToConcatenate(first)
                let endIsSafe = g == glyphs.count
                    ? end == scalars.count
                    : glyphs.cluster(g) == end && !glyphs.isUnsafeToConcatenate(g)
                guard startIsSafe, endIsSafe else {
                    alone.append(index)
                    continue
                }
                let run = PendingRun(
                    face: loaded, glyphs: [], xUnits: [], yUnits: [], clustersBefore: [], advanceUnits: advance,
                    clusterCount: end - start, missing: missing, missingScalars: [], level: 0,
                    coordinates: coordinates, isEmboldened: isEmboldened)
                (results + index).initialize(to: measurement(
                    of: CollectionOfOne(run), fonts: loaded.families, missing: missing, tracking: chain.tracking,
                    size: size))
            }
        }
    }

    /// Segments `text` by grapheme cluster into runs of one font, script and bidi level and shapes each with
    /// HarfBuzz, in font units.
    ///
    /// Puts the runs in visual order into the empty `runs`, and returns the families that drew them in order of
    /// first (logical) use and how many glyphs are .notdef. Without `keepingGlyphs` the runs carry only their
    /// advance and missing count.
    private func shapeRuns(
        _ text: String, chain id: Int32, size: Double, keepingGlyphs: Bool, into runs: inout [PendingRun]
    ) -> (fonts: [String], missing: Int) {
        let chain = chains[Int(id)]
        // The itemiser is taken out of `self` while it is filled, so appending never copies its arrays.
        var itemiser = scratchItemiser
        scratchItemiser = TextItemiser()
        defer { scratchItemiser = itemiser }
        itemiser.itemise(text, fonts: chain)
        var fonts: [String] = []
        var missing = 0
        itemiser.forEachRun { run in
            let loaded = face(chain, run.font)
            let shaped = shapeRun(
                itemiser.scalars, from: run.scalars.lowerBound, to: run.scalars.upperBound,
                clusters: itemiser.clusters[run.clusters], script: run.script, level: run.level, with: loaded,
                emboldened: chain.isEmboldened(run.font, face: loaded), chain: chain, size: size,
                keepingGlyphs: keepingGlyphs)
            // The first family shares the face's one-element list, so a single-font text allocates no list.
            if fonts.isEmpty {
                fonts = loaded.families
            } else if !fonts.contains(loaded.face.family) {
                fonts.append(loaded.face.family)
            }
            missing += shaped.missing
            runs.append(shaped)
        }
        if itemiser.isBidirectional { TextItemiser.reorderVisually(&runs, level: \.level) }
        return (fonts, missing)
    }

    /// A run shaped in font units, before scaling to a size.
    private struct PendingRun {
        let face: LoadedFace
        /// Empty unless the run was shaped keeping glyphs.
        let glyphs: [UInt32]
        let xUnits: [Int]
        let yUnits: [Int]
        /// For each glyph, how many grapheme clusters come before its own in visual order (each adds the
        /// tracking once); empty unless glyphs were kept with tracking.
        let clustersBefore: [Int]
        let advanceUnits: Int
        /// Grapheme clusters in the run.
        let clusterCount: Int
        let missing: Int
        /// Scalars no glyph of the face draws, with their index in the text; empty unless glyphs were kept.
        let missingScalars: [(index: Int, scalar: UInt32)]
        /// The bidi level it was shaped at.
        let level: UInt8
        var rtl: Bool { BidiLevels.isRightToLeft(level) }
        /// The axis values the run was shaped at.
        let coordinates: [FontVariation]
        /// Drawn in synthetic bold: `advanceUnits` and `xUnits` include the widening.
        let isEmboldened: Bool

        /// Points per font unit at `size`.
        func scale(to size: Double) -> Double { size / Double(face.harfBuzzFace.unitsPerEm) }

        /// The run's width in points at `size`, with `tracking` points after each grapheme cluster.
        func advance(at size: Double, tracking: Double) -> Double {
            let shaped = Double(advanceUnits) * scale(to: size)
            return tracking == 0 ? shaped : shaped + tracking * Double(clusterCount)
        }
    }

    private func shapeRun(
        _ scalars: [UInt32], from start: Int, to end: Int, clusters: ArraySlice<TextItemiser.Cluster>,
        script: TextScript,
        level: UInt8, with face: LoadedFace, emboldened: Bool, chain: FallbackChain, size: Double, keepingGlyphs: Bool
    ) -> PendingRun {
        let (font, coordinates) = face.font(variations: chain.variations, size: size)
        let widening = face.syntheticBoldWidening(if: emboldened)
        func advance(_ shaped: ShapedGlyphs, _ g: Int) -> Int {
            SyntheticBold.widened(shaped.xAdvance(g), by: widening)
        }
        let tracked = keepingGlyphs && chain.tracking != 0
        let rtl = BidiLevels.isRightToLeft(level)
        return shaper.shape(scalars, from: start, to: end, script: script, rightToLeft: rtl, font: font) { shaped in
            let n = shaped.count
            var pen = 0
            var missing = 0
            guard keepingGlyphs else {
                // Measuring: the advance and the missing count are all that is kept.
                for g in 0..<n {
                    if shaped.glyph(g) == 0 { missing += 1 }
                    pen += advance(shaped, g)
                }
                return PendingRun(
                    face: face, glyphs: [], xUnits: [], yUnits: [], clustersBefore: [], advanceUnits: pen,
                    clusterCount: clusters.count, missing: missing, missingScalars: [], level: level,
                    coordinates: coordinates, isEmboldened: emboldened)
            }
            var glyphs: [UInt32] = []
            var pendingWidening = 0
            var xs: [Int] = []
            var ys: [Int] = []
            var before: [Int] = []
            var missingScalars: [(index: Int, scalar: UInt32)] = []
            glyphs.reserveCapacity(n)
            xs.reserveCapacity(n)
            ys.reserveCapacity(n)
            // The cluster values in logical order: each cluster ends where the next begins (the last at the run's end).
            var clusterStarts: [Int] = []
            if tracked || (0..<n).contains(where: { shaped.glyph($0) == 0 }) {
                clusterStarts = Array(Set((0..<n).map(shaped.cluster))).sorted()
            }
            let starts = tracked ? clusters.map(\.start) : []
            for g in 0..<n {
                let id = shaped.glyph(g)
                glyphs.append(id)
                // A glyph's widening moves the glyphs after it, but left to right not the marks that follow it, which
                // shaping placed over it; right to left its marks come before it.
                if pendingWidening != 0, rtl || shaped.xAdvance(g) != 0 {
                    pen += pendingWidening
                    pendingWidening = 0
                }
                xs.append(pen + shaped.xOffset(g))
                ys.append(shaped.yOffset(g))
                if tracked {
                    let cluster = shaped.cluster(g)
                    // Left to right, the clusters before are those that start earlier; right to left, those that
                    // start after this one ends.
                    before.append(rtl
                        ? starts.count - lowerBound(starts, clusterEnd(cluster, clusterStarts, runEnd: end))
                        : lowerBound(starts, cluster))
                }
                if id == 0 {
                    missing += 1
                    let cluster = shaped.cluster(g)
                    let lacking = (cluster..<clusterEnd(cluster, clusterStarts, runEnd: end)).filter {
                        let scalar = Unicode.Scalar(scalars[$0])
                        return !(scalar?.properties.isDefaultIgnorableCodePoint ?? false)
                            && !font.hasGlyph(for: scalars[$0])
                    }
                    missingScalars += (lacking.isEmpty ? [cluster] : lacking).map { ($0, scalars[$0]) }
                }
                pen += shaped.xAdvance(g)
                pendingWidening += advance(shaped, g) - shaped.xAdvance(g)
            }
            pen += pendingWidening
            return PendingRun(
                face: face, glyphs: glyphs, xUnits: xs, yUnits: ys, clustersBefore: before, advanceUnits: pen,
                clusterCount: clusters.count, missing: missing, missingScalars: missingScalars, level: level,
                coordinates: coordinates, isEmboldened: emboldened)
        }
    }
}

/// Where the cluster starting at `cluster` ends: the next of the sorted `clusterStarts`, else `runEnd`.
private func clusterEnd(_ cluster: Int, _ clusterStarts: [Int], runEnd: Int) -> Int {
    let next = lowerBound(clusterStarts, cluster + 1)
    return next < clusterStarts.count ? clusterStarts[next] : runEnd
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

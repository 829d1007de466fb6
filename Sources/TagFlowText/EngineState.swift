import CFontconfig
import CHarfBuzz
import TagFlowLayout

/// A face as the engine uses it: the public handle plus the HarfBuzz font that shapes with it.
struct LoadedFace {
    let face: FontFace
    let harfBuzz: HarfBuzzFont
    /// `[face.family]`, made once: the font list of every text this face draws alone.
    let families: [String]

    init(face: FontFace, harfBuzz: HarfBuzzFont) {
        self.face = face
        self.harfBuzz = harfBuzz
        families = [face.family]
    }
}

/// Identifies a fallback chain: one per family and weight requested.
struct ChainKey: Hashable {
    let family: String
    let weight: FontWeight
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
    private(set) var chains: [FallbackChain] = []
    private var chainIDs: [ChainKey: Int32] = [:]
    /// The chains' requests in id order, so another state can resolve the same chains under the same ids.
    private(set) var chainKeys: [ChainKey] = []
    private var faces: [FaceKey: LoadedFace] = [:]
    private let buffer = HarfBuzzBuffer()
    private let unicode = hb_unicode_funcs_get_default()
    // A fixed language keeps shaping independent of the process locale (Chromium defaults to its UI locale, en-US).
    private let language = hb_language_from_string("en", -1)
    private var familyNames: [String]?
    private var preferredFamilyNames: [String]?
    private var defaultFamilyName: String?
    // Reused by every shape, so a text's scalars and clusters need no allocation of their own.
    private var scratchScalars: [UInt32] = []
    private var scratchClusters: [Cluster] = []

    init() throws(FontError) {
        freeType = try FreeTypeLibrary()
        fontconfig = try FontconfigConfig()
    }

    // MARK: Fonts

    /// The fallback chain for `family` at `weight`, resolving and validating it on first use.
    func chainID(for family: String, weight: FontWeight) throws(FontError) -> Int32 {
        if let id = chainIDs[ChainKey(family: family, weight: weight)] { return id }
        let trimmed = family.trimmingWhitespace
        guard !trimmed.isEmpty, let set = fontconfig.sortedFonts(family: trimmed, weight: weight) else {
            throw .familyNotFound(family, suggestions: suggestions(for: trimmed))
        }
        let patterns = set.patterns
        // Fontconfig always substitutes something, so a real match must carry the requested name.
        let requested = normalizedFamily(trimmed)
        if !genericFamilies.contains(requested) {
            let matched = TagFlowText.familyNames(patterns[0]).map(normalizedFamily)
            guard matched.contains(requested) else {
                throw .familyNotFound(family, suggestions: suggestions(for: trimmed, substitute: patterns[0]))
            }
        }
        var seen = Set<FaceKey>()
        var fonts: [FallbackFont] = []
        for pattern in patterns {
            guard let path = string(pattern, FC_FILE) else { continue }
            let key = FaceKey(path: path, index: integer(pattern, FC_INDEX) ?? 0)
            guard seen.insert(key).inserted else { continue }
            fonts.append(FallbackFont(
                path: key.path, index: key.index,
                family: preferredFamilyName(pattern) ?? trimmed,
                charset: charset(pattern)))
        }
        guard !fonts.isEmpty else { throw .familyNotFound(family, suggestions: suggestions(for: trimmed)) }
        let chain = FallbackChain(fontSet: set, fonts: fonts)
        // The primary must load: every character without a better font falls back to it.
        chain.faces[0] = try loadFace(fonts[0])
        let id = Int32(chains.count)
        chains.append(chain)
        chainIDs[ChainKey(family: family, weight: weight)] = id
        chainKeys.append(ChainKey(family: family, weight: weight))
        return id
    }

    /// Resolves the requests of `keys` this state has not made yet, in order, so that its chain ids match those of
    /// the state `keys` come from.
    func resolveChains(_ keys: [ChainKey]) throws(FontError) {
        for key in keys.dropFirst(chains.count) { _ = try chainID(for: key.family, weight: key.weight) }
    }

    /// Every installed family under its preferred (English) name, sorted.
    func availableFamilies() -> [String] {
        if let names = preferredFamilyNames { return names }
        let names = fontconfig.allFamilyNames(preferredOnly: true)
            .sorted { $0.caseInsensitivelyPrecedes($1) }
        preferredFamilyNames = names
        return names
    }

    /// The installed families closest to `family`, led by fontconfig's substitute when a rule (e.g. a metric
    /// alias such as Arial → Liberation Sans) picked it rather than the default fallback.
    private func suggestions(for family: String, substitute: OpaquePointer? = nil) -> [String] {
        if familyNames == nil { familyNames = fontconfig.allFamilyNames(preferredOnly: false) }
        var result = closestFamilies(to: family, among: familyNames ?? [])
        if let substitute, let name = preferredFamilyName(substitute), name != defaultFamily() {
            result.removeAll { $0 == name }
            result = Array(([name] + result).prefix(5))
        }
        return result
    }

    private func defaultFamily() -> String? {
        if defaultFamilyName == nil {
            defaultFamilyName = fontconfig.sortedFonts(family: nil).flatMap { $0.patterns.first }
                .flatMap(preferredFamilyName) ?? ""
        }
        return defaultFamilyName
    }

    private func loadFace(_ font: FallbackFont) throws(FontError) -> LoadedFace {
        let key = FaceKey(path: font.path, index: font.index)
        if let loaded = faces[key] { return loaded }
        let face = try FontFace(library: freeType, path: font.path, index: font.index, family: font.family)
        let loaded = LoadedFace(face: face, harfBuzz: try HarfBuzzFont(path: font.path, index: font.index))
        faces[key] = loaded
        return loaded
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

    // MARK: Shaping

    private struct Cluster {
        var start: Int
        var font: Int
        var script: hb_script_t
    }

    /// Shapes `text` for drawing: every run's glyphs and positions, scaled to `size` points.
    func shape(_ text: String, chain id: Int32, size: Double) -> ShapedText {
        let (runs, fonts, missing) = shapeRuns(text, chain: id, keepingGlyphs: true)
        guard !runs.isEmpty else { return .empty }
        var shaped: [ShapedRun] = []
        shaped.reserveCapacity(runs.count)
        var width = 0.0
        for run in runs {
            let scale = run.scale(to: size)
            let advance = run.advance(at: size)
            shaped.append(ShapedRun(
                face: run.face.face, size: size, glyphs: run.glyphs,
                xPositions: run.xUnits.map { Double($0) * scale },
                yOffsets: run.yUnits.map { Double($0) * scale },
                origin: width, advance: advance, isRightToLeft: run.rtl))
            width += advance
        }
        return ShapedText(width: width, runs: shaped, fonts: fonts, missingGlyphs: missing)
    }

    /// Measures `text` as `shape` would, without keeping any glyphs: the same width, fonts and missing count.
    func measure(_ text: String, chain id: Int32, size: Double) -> TextMeasurement {
        let (runs, fonts, missing) = shapeRuns(text, chain: id, keepingGlyphs: false)
        // Summed in the same (visual) order as `shape`, so the two widths are the same double.
        let width = runs.reduce(0.0) { $0 + $1.advance(at: size) }
        return TextMeasurement(width: width, fonts: fonts, missingGlyphs: missing)
    }

    /// Segments `text` by font and script and shapes each run with HarfBuzz, in font units.
    ///
    /// Returns the runs in visual order, the families that drew them in order of first (logical) use, and how many
    /// glyphs are .notdef. Without `keepingGlyphs` the runs carry only their advance and missing count.
    private func shapeRuns(
        _ text: String, chain id: Int32, keepingGlyphs: Bool
    ) -> (runs: [PendingRun], fonts: [String], missing: Int) {
        let chain = chains[Int(id)]
        // The scratch arrays are taken out of `self` while they are filled, so appending never copies them.
        var scalars = scratchScalars
        var clusters = scratchClusters
        scratchScalars = []
        scratchClusters = []
        scalars.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        defer {
            scratchScalars = scalars
            scratchClusters = clusters
        }

        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one cluster per byte (splitting CR LF is harmless), and every letter is Latin.
            for byte in text.utf8 {
                let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
                clusters.append(Cluster(
                    start: scalars.count, font: chain.font(for: UInt32(byte)),
                    script: isLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON))
                scalars.append(UInt32(byte))
            }
        } else {
            // Grapheme clusters keep combining marks, joiners and variation selectors with their base.
            for character in text {
                var script = HB_SCRIPT_COMMON
                let start = scalars.count
                for scalar in character.unicodeScalars {
                    scalars.append(scalar.value)
                    if isNeutral(script) {
                        let own = hb_unicode_script(unicode, scalar.value)
                        if !isNeutral(own) { script = own }
                    }
                }
                clusters.append(Cluster(start: start, font: chain.font(for: character), script: script))
            }
        }
        guard !clusters.isEmpty else { return ([], [], 0) }

        // Common and Inherited clusters join the run before them; leading ones join the first real script.
        var previous: hb_script_t?
        for i in clusters.indices {
            if isNeutral(clusters[i].script) {
                if let previous { clusters[i].script = previous }
            } else {
                previous = clusters[i].script
            }
        }
        if let first = clusters.firstIndex(where: { !isNeutral($0.script) }), first > 0 {
            for i in 0..<first { clusters[i].script = clusters[first].script }
        }

        var runs: [PendingRun] = []
        var fonts: [String] = []
        var missing = 0
        var i = 0
        while i < clusters.count {
            var j = i + 1
            while j < clusters.count, clusters[j].font == clusters[i].font, clusters[j].script == clusters[i].script {
                j += 1
            }
            let end = j < clusters.count ? clusters[j].start : scalars.count
            let loaded = face(chain, clusters[i].font)
            let run = shapeRun(scalars, from: clusters[i].start, to: end, script: clusters[i].script, with: loaded,
                               keepingGlyphs: keepingGlyphs)
            // The first family shares the face's one-element list, so a single-font text allocates no list.
            if fonts.isEmpty {
                fonts = loaded.families
            } else if !fonts.contains(loaded.face.family) {
                fonts.append(loaded.face.family)
            }
            missing += run.missing
            runs.append(run)
            i = j
        }

        // Visual order: logical, except that each stretch of consecutive right-to-left runs is reversed.
        var k = 0
        while k < runs.count {
            var m = k
            while m < runs.count, runs[m].rtl { m += 1 }
            if m > k {
                runs[k..<m].reverse()
                k = m
            } else {
                k += 1
            }
        }
        return (runs, fonts, missing)
    }

    /// A run shaped in font units, before scaling to a size.
    private struct PendingRun {
        let face: LoadedFace
        /// Empty unless the run was shaped keeping glyphs.
        let glyphs: [UInt32]
        let xUnits: [Int]
        let yUnits: [Int]
        let advanceUnits: Int
        let missing: Int
        let rtl: Bool

        /// Points per font unit at `size`.
        func scale(to size: Double) -> Double { size / Double(face.harfBuzz.unitsPerEm) }

        /// The run's width in points at `size`.
        func advance(at size: Double) -> Double { Double(advanceUnits) * scale(to: size) }
    }

    private func shapeRun(
        _ scalars: [UInt32], from start: Int, to end: Int, script: hb_script_t, with face: LoadedFace,
        keepingGlyphs: Bool
    ) -> PendingRun {
        let buf = buffer.buffer
        hb_buffer_clear_contents(buf)
        // The whole text goes in as context so Arabic joining and marks see across run boundaries.
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_codepoints(buf, $0.baseAddress, Int32($0.count), UInt32(start), Int32(end - start))
        }
        let rtl = hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
        hb_buffer_set_direction(buf, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buf, script)
        hb_buffer_set_language(buf, language)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if end == scalars.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buf, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_guess_segment_properties(buf)
        hb_shape(face.harfBuzz.font, buf, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buf, &count)
        let positions = hb_buffer_get_glyph_positions(buf, &count)
        let n = Int(count)
        var glyphs: [UInt32] = []
        var xs: [Int] = []
        var ys: [Int] = []
        if keepingGlyphs {
            glyphs.reserveCapacity(n)
            xs.reserveCapacity(n)
            ys.reserveCapacity(n)
        }
        var pen = 0
        var missing = 0
        if let infos, let positions {
            for g in 0..<n {
                let id = infos[g].codepoint
                if id == 0 { missing += 1 }
                if keepingGlyphs {
                    glyphs.append(id)
                    xs.append(pen + Int(positions[g].x_offset))
                    ys.append(Int(positions[g].y_offset))
                }
                pen += Int(positions[g].x_advance)
            }
        }
        return PendingRun(
            face: face, glyphs: glyphs, xUnits: xs, yUnits: ys, advanceUnits: pen, missing: missing, rtl: rtl)
    }

    private func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            || script == HB_SCRIPT_INVALID
    }
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

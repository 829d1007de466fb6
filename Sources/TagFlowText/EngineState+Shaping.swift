import Dispatch
import TagFlowLayout

/// Shaping: a text cut into runs, each shaped by HarfBuzz in its face, and many texts measured at once.
extension EngineState {
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
    struct PendingRun {
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
        let run = RunShaping(face: face, font: font, coordinates: coordinates, level: level, isEmboldened: emboldened,
                             widening: face.syntheticBoldWidening(if: emboldened), clusters: clusters)
        let tracked = keepingGlyphs && chain.tracking != 0
        return shaper.shape(scalars, from: start, to: end, script: script, rightToLeft: run.rtl, font: font) { shaped in
            keepingGlyphs ? run.keepingGlyphs(shaped, of: scalars, runEnd: end, tracked: tracked) : run.measured(shaped)
        }
    }

    /// What a run is shaped with, from which its shaped glyphs become a ``PendingRun``.
    private struct RunShaping {
        let face: LoadedFace
        let font: HarfBuzzFont
        let coordinates: [FontVariation]
        let level: UInt8
        let isEmboldened: Bool
        /// Synthetic bold's widening of every advance, in font units.
        let widening: Int
        let clusters: ArraySlice<TextItemiser.Cluster>

        var rtl: Bool { BidiLevels.isRightToLeft(level) }

        @inline(__always) func advance(_ shaped: ShapedGlyphs, _ g: Int) -> Int {
            SyntheticBold.widened(shaped.xAdvance(g), by: widening)
        }

        /// Measuring: the advance and the missing count are all that is kept.
        @inline(__always) func measured(_ shaped: ShapedGlyphs) -> PendingRun {
            var pen = 0
            var missing = 0
            for g in 0..<shaped.count {
                if shaped.glyph(g) == 0 { missing += 1 }
                pen += advance(shaped, g)
            }
            return PendingRun(
                face: face, glyphs: [], xUnits: [], yUnits: [], clustersBefore: [], advanceUnits: pen,
                clusterCount: clusters.count, missing: missing, missingScalars: [], level: level,
                coordinates: coordinates, isEmboldened: isEmboldened)
        }

        /// Every glyph with its place, the clusters before it when `tracked`, and the scalars no glyph draws.
        func keepingGlyphs(_ shaped: ShapedGlyphs, of scalars: [UInt32], runEnd end: Int,
                           tracked: Bool) -> PendingRun {
            let n = shaped.count
            var pen = 0
            var missing = 0
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
                    before.append(clustersBefore(shaped.cluster(g), starts: starts, clusterStarts: clusterStarts,
                                                 runEnd: end))
                }
                if id == 0 {
                    missing += 1
                    missingScalars += lacking(in: shaped.cluster(g), of: scalars, clusterStarts: clusterStarts,
                                              runEnd: end)
                }
                pen += shaped.xAdvance(g)
                pendingWidening += advance(shaped, g) - shaped.xAdvance(g)
            }
            pen += pendingWidening
            return PendingRun(
                face: face, glyphs: glyphs, xUnits: xs, yUnits: ys, clustersBefore: before, advanceUnits: pen,
                clusterCount: clusters.count, missing: missing, missingScalars: missingScalars, level: level,
                coordinates: coordinates, isEmboldened: isEmboldened)
        }

        /// How many grapheme clusters come before `cluster` in visual order: left to right, those that start
        /// earlier; right to left, those that start after this one ends.
        private func clustersBefore(_ cluster: Int, starts: [Int], clusterStarts: [Int], runEnd end: Int) -> Int {
            rtl
                ? starts.count - lowerBound(starts, clusterEnd(cluster, clusterStarts, runEnd: end))
                : lowerBound(starts, cluster)
        }

        /// The scalars of the cluster starting at `cluster` that the font has no glyph for, with their index;
        /// the cluster's first scalar when the font lacks none of them by itself.
        private func lacking(in cluster: Int, of scalars: [UInt32], clusterStarts: [Int],
                             runEnd end: Int) -> [(index: Int, scalar: UInt32)] {
            let lacking = (cluster..<clusterEnd(cluster, clusterStarts, runEnd: end)).filter {
                let scalar = Unicode.Scalar(scalars[$0])
                return !(scalar?.properties.isDefaultIgnorableCodePoint ?? false)
                    && !font.hasGlyph(for: scalars[$0])
            }
            return (lacking.isEmpty ? [cluster] : lacking).map { ($0, scalars[$0]) }
        }
    }
}

/// Where the cluster starting at `cluster` ends: the next of the sorted `clusterStarts`, else `runEnd`.
private func clusterEnd(_ cluster: Int, _ clusterStarts: [Int], runEnd: Int) -> Int {
    let next = lowerBound(clusterStarts, cluster + 1)
    return next < clusterStarts.count ? clusterStarts[next] : runEnd
}

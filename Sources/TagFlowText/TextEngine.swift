import Dispatch
import Synchronization
import TagFlowLayout

extension TextEngine {
    /// The font a layout's tags are measured and drawn in: `options.font` at the size Dynamic Type gives it
    /// (``LayoutOptions/textSize``), at the weight Bold Text gives it, with the options' axis values and tracking.
    ///
    /// This is the one place that decides it: ``Measurer/init(engine:options:)`` measures in it and a picture's
    /// scene draws in it, so a layout measured with it is the layout the picture shows.
    ///
    /// - Throws: `FontError.invalidVariations` when `options.fontVariations` does not parse, and the errors of
    ///   ``font(family:size:weight:variations:tracking:)``.
    public func tagFont(for options: LayoutOptions) throws(FontError) -> FontSpec {
        let variations: [FontVariation]
        do {
            variations = try FontVariation.parse(options.fontVariations)
        } catch {
            throw .invalidVariations(options.fontVariations, reason: error)
        }
        return try font(family: options.font, size: options.textSize, weight: options.tagFontWeight,
                        variations: variations, tracking: options.tracking, language: options.language)
    }
}

/// Resolves fonts with fontconfig, shapes text with HarfBuzz and caches the results.
///
/// Safe to share between threads: all FreeType, fontconfig and HarfBuzz work runs inside one mutex, and the
/// cache has its own, so cache hits never wait behind a cold shape on another thread. A batch measurement's extra
/// threads each shape with C objects of their own, behind mutexes of their own.
public final class TextEngine: Sendable {
    // Checked Sendable, not @unchecked: every mutable or C-backed member sits inside a `Locked`, which is where the
    // one unchecked promise (access only under the mutex) is made.
    private let state: Locked<EngineState>
    /// States of their own for the extra threads of a batch measurement, made on first use and kept.
    private let spareStates = Locked<[Locked<EngineState>]>([])
    private let cache: Locked<[ShapeKey: CacheEntry]>
    private let cacheLimit: Int
    private let caching: TextCaching
    private let textsPerThread: Int
    private let sources: FontSources
    private let id: Int

    private static let nextID = Atomic<Int>(1)

    /// Starts FreeType and loads fontconfig's configuration and `fonts`' files and folders; `cacheLimit` bounds
    /// the texts kept (by default `caching.defaultLimit`).
    ///
    /// Fonts given by file are this engine's alone, usable by family name, and win over installed fonts of the
    /// same family. They cost nothing more to measure with than installed fonts.
    ///
    /// - Throws: `FontError.fontFileNotFound`, `.fontFileUnreadable`, `.notAFont` or `.fontDirectoryNotFound`
    ///   naming the path; `.configurationFileFailed` when `fonts.configurationFile` cannot be loaded.
    public convenience init(
        cacheLimit: Int? = nil, caching: TextCaching = .shapedTexts, fonts: FontSources = .system
    ) throws(FontError) {
        // A state costs a few milliseconds to make; a thread is worth it from tens of thousands of texts.
        try self.init(cacheLimit: cacheLimit, caching: caching, textsPerThread: 25_000, fonts: fonts)
    }

    /// `textsPerThread`: how many texts a batch measurement needs per thread before it uses another.
    init(cacheLimit: Int?, caching: TextCaching, textsPerThread: Int, fonts: FontSources = .system) throws(FontError) {
        let state = try EngineState(sources: fonts)
        sources = fonts
        self.state = Locked(state)
        cache = Locked([:])
        self.cacheLimit = max(1, cacheLimit ?? caching.defaultLimit)
        self.caching = caching
        self.textsPerThread = max(1, textsPerThread)
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Resolves `family` at `size` points.
    ///
    /// `family` is one family (`"DejaVu Sans"`), families to try in order for each grapheme cluster before
    /// fontconfig's fallback (`"SF Pro Text, PingFang SC, Apple Color Emoji"`), or the named chain `system-ios`
    /// (SF Pro, PingFang SC, Apple Color Emoji, with stand-ins where they are not installed). Families of a list
    /// that are not installed are skipped; `report(for:)` says which, and what stood in for what.
    ///
    /// Emoji (characters shown as emoji by default, and emoji sequences) are drawn with a colour font first when
    /// one is installed. `variations` set axes of variable fonts (see `FontVariation.parse`); an `opsz` axis follows
    /// the point size unless set, and a `trak` table tracks at the point size, as on Apple's platforms. `tracking`
    /// adds that many points after every grapheme cluster, the last one included, to measurements and glyph
    /// positions alike. `language` (BCP 47: `ja`, `zh-Hans`, `zh-Hant`, `ko`…) puts that language's own faces
    /// before the fallback, so Han characters take its shapes (see ``TextLanguage``).
    ///
    /// - Throws: `FontError.familyNotFound` with the closest installed families when fontconfig has to substitute a
    ///   different family (for a list: when no family of it is installed). Generic names (sans-serif, serif,
    ///   monospace, ...) accept whatever they are configured to. `.unknownAxis` when the primary face lacks a
    ///   variation's axis; `.invalidSize`, `.invalidTracking`.
    public func font(
        family: String = "sans-serif", size: Double, weight: FontWeight = .regular,
        variations: [FontVariation] = [], tracking: Double = 0, language: String = ""
    ) throws(FontError) -> FontSpec {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        guard tracking.isFinite else { throw .invalidTracking(tracking) }
        let key = ChainKey(family: family, weight: weight, variations: variations, tracking: tracking,
                           language: language)
        let (chain, primary) = try state.withLock { state throws(FontError) in
            let chain = try state.chainID(for: key)
            return (chain, state.chains[Int(chain)].family)
        }
        return FontSpec(family: primary, requestedFamily: family, size: size, variations: variations,
                        tracking: tracking, chain: chain, engine: id)
    }

    /// How `font`'s family request was resolved: the families it tries, those skipped as not installed, and for a
    /// named chain one record of what stood in for what (print `report.standIn?.description` as one warning).
    public func report(for font: FontSpec) -> FontChainReport {
        precondition(font.engine == id, "FontSpec comes from another TextEngine")
        return state.withLock { $0.report(chain: font.chain) }
    }

    /// The characters of `text` that no font could draw with `font`, in order of first appearance, each once.
    public func missingScalars(in text: String, font: FontSpec) -> [Unicode.Scalar] {
        shape(text, font: font).missingScalars
    }

    /// The font files that drew `shaped`, in visual order of first use: family, style, file, version and a hash of
    /// the file's bytes (computed once per file).
    public func fontFiles(usedBy shaped: ShapedText) -> [FontFileRecord] {
        Self.fileRecords(of: shaped.faces, in: state)
    }

    /// The font files of the faces this engine drew `families` with, each once, sorted by family and file: what a
    /// layout records of its fonts, found without shaping any text again.
    ///
    /// - Complexity: O(*f*) in the faces loaded; each file's bytes are hashed once per process.
    public func fontFiles(families: Set<String>) -> [FontFileRecord] {
        var records = Set<FontFileRecord>()
        for state in [state] + spareStates.withLock({ $0 }) {
            records.formUnion(Self.fileRecords(of: state.withLock { $0.faces(families: families) }, in: state))
        }
        return records.sorted { ($0.family, $0.path, $0.faceIndex) < ($1.family, $1.path, $1.faceIndex) }
    }

    /// `state`'s records of `faces`. Their files are hashed before the state's lock is taken, so that threads
    /// shaping meanwhile do not wait on a large collection's bytes.
    private static func fileRecords(of faces: [FontFace], in state: Locked<EngineState>) -> [FontFileRecord] {
        for path in Set(faces.map(\.path)) { _ = FileHashes.process.contentHash(ofFileAt: path) }
        return state.withLock { state in faces.map(state.fileRecord) }
    }

    /// The font files that draw `text` with `font`.
    public func fontFiles(usedBy text: String, font: FontSpec) -> [FontFileRecord] {
        fontFiles(usedBy: shape(text, font: font))
    }

    /// Shapes `text`, from the cache when it was shaped before with the same fonts and size.
    public func shape(_ text: String, font: FontSpec) -> ShapedText {
        let key = key(text, font)
        if let hit = cache.withLock({ $0[key]?.shaped }) { return hit }
        return shapeAndStore(key)
    }

    /// The width and font report of `text` (cached like `shape`).
    public func measure(_ text: String, font: FontSpec) -> TextMeasurement {
        measure(key(text, font))
    }

    /// The measurements of `texts`, in order, as `measure` makes each one.
    ///
    /// An engine caching measurements splits a long list into parts, shaped on one thread a processor, each thread
    /// with fonts of its own; a thread that finishes a part takes the next, so a core slowed by other work holds
    /// nobody up. The parts bypass the cache: threads sharing it would queue for its lock, and over texts this many,
    /// shaping a repeat costs about what looking it up would. Within a part, short texts are shaped many to a
    /// HarfBuzz buffer where that gives each the glyphs it has alone (`EngineState.measure(_:_:chain:size:into:)`).
    /// The results are the same as one thread's, in order.
    public func measure(_ texts: [String], font: FontSpec) -> [TextMeasurement] {
        precondition(font.engine == id, "FontSpec comes from another TextEngine")
        guard caching == .measurements, texts.count >= EngineState.joinGroupSize else {
            return texts.map { measure(ShapeKey(chain: font.chain, size: font.size, text: $0)) }
        }
        let states = shapingStates(forTexts: texts.count)
        defer { spareStates.withLock { $0 += states.dropFirst() } }
        let partSize = Self.partSize(count: texts.count, threads: states.count)
        let partCount = (texts.count + partSize - 1) / partSize
        let nextPart = Atomic<Int>(0)
        return [TextMeasurement](unsafeUninitializedCapacity: texts.count) { results, count in
            // Each part initializes its own range of the results, and none reads another's.
            nonisolated(unsafe) let base = results.baseAddress!
            DispatchQueue.concurrentPerform(iterations: states.count) { thread in
                states[thread].withLock { state in
                    while true {
                        let part = nextPart.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard part < partCount else { return }
                        let range = (part * partSize)..<min((part + 1) * partSize, texts.count)
                        state.measure(texts, range, chain: font.chain, size: font.size, into: base)
                    }
                }
            }
            count = texts.count
        }
    }

    /// Texts per part of a batch: about sixteen parts a thread, so the threads end together, in whole groups of
    /// texts that may be shaped together.
    static func partSize(count: Int, threads: Int) -> Int {
        let group = EngineState.joinGroupSize
        let texts = max(1, min(4096, count / (16 * max(1, threads))))
        return (texts + group - 1) / group * group
    }

    /// How many spare states wait for the next batch: one per extra thread the last batches used.
    var spareStateCount: Int { spareStates.withLock { $0.count } }

    /// The main state, plus a spare state for each further processor worth using on `count` texts.
    private func shapingStates(forTexts count: Int) -> [Locked<EngineState>] {
        let wanted = min(onlineProcessorCount(), count / textsPerThread, 8)
        guard wanted > 1 else { return [state] }
        let chains = state.withLock { $0.chainKeys }
        var states = [state]
        while states.count < wanted {
            guard let spare = spareStates.withLock({ $0.popLast() }) ?? (try? Locked(EngineState(sources: sources))),
                  (try? spare.withLock({ state throws(FontError) in try state.resolveChains(chains) })) != nil
            else { break }
            states.append(spare)
        }
        return states
    }

    private func measure(_ key: ShapeKey) -> TextMeasurement {
        if let hit = cache.withLock({ $0[key]?.measurement }) { return hit }
        switch caching {
        case .shapedTexts:
            return shapeAndStore(key).measurement
        case .measurements:
            let measurement = state.withLock { $0.measure(key.text, chain: key.chain, size: key.size) }
            store(CacheEntry(shaped: nil, measurement: measurement), for: key)
            return measurement
        }
    }

    private func key(_ text: String, _ font: FontSpec) -> ShapeKey {
        precondition(font.engine == id, "FontSpec comes from another TextEngine")
        return ShapeKey(chain: font.chain, size: font.size, text: text)
    }

    private func shapeAndStore(_ key: ShapeKey) -> ShapedText {
        let shaped = state.withLock { $0.shape(key.text, chain: key.chain, size: key.size) }
        if caching == .shapedTexts { store(CacheEntry(shaped: shaped, measurement: shaped.measurement), for: key) }
        return shaped
    }

    // Two threads missing on the same text both shape it; the results are identical, so the race is harmless.
    private func store(_ entry: CacheEntry, for key: ShapeKey) {
        let limit = cacheLimit
        cache.withLock { cache in
            // A crude bound: a tag cloud's texts fit many times over, and refilling is cheap.
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[key] = entry
        }
    }

    /// The primary face's ascent and descent at the font's size, both positive, in points.
    public func lineMetrics(font: FontSpec) -> (ascent: Double, descent: Double) {
        let face = primaryFace(font: font)
        return (face.ascent(at: font.size), face.descent(at: font.size))
    }

    /// The face that draws every character it has, before fallback.
    public func primaryFace(font: FontSpec) -> FontFace {
        precondition(font.engine == id, "FontSpec comes from another TextEngine")
        return state.withLock { $0.primaryFace(chain: font.chain) }
    }

    /// Every installed font family, by its English name where it has one, sorted case-insensitively.
    public func availableFamilies() -> [String] {
        state.withLock { $0.availableFamilies() }
    }
}

/// A cached result, with the measurement prebuilt so a warm `measure` copies one array reference.
private struct CacheEntry {
    /// `nil` when the engine caches measurements only.
    let shaped: ShapedText?
    let measurement: TextMeasurement
}

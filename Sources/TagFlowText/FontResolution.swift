import CFontconfig
import TagFlowLayout

/// One font of a fallback list, as fontconfig describes it.
struct FallbackFont {
    let path: String
    let index: Int
    let family: String
    /// Borrowed from the owning chain's font set.
    let charset: OpaquePointer?
}

/// The fonts fontconfig sorts for one family request, with the per-character choice among them cached.
final class FallbackChain {
    /// The primary font's family.
    let family: String
    let fonts: [FallbackFont]
    /// Loaded on first use; index 0 (the primary) is loaded when the chain is made.
    var faces: [LoadedFace?]
    private let fontSet: FontconfigFontSet  // keeps the charsets alive
    private var asciiChoice: [Int16]
    private var choices: [UInt32: Int16] = [:]

    init(fontSet: FontconfigFontSet, fonts: [FallbackFont]) {
        self.family = fonts[0].family
        self.fonts = fonts
        self.fontSet = fontSet
        faces = Array(repeating: nil, count: fonts.count)
        asciiChoice = []
        asciiChoice = (0..<128).map { Int16(firstFont(having: UInt32($0)) ?? 0) }
    }

    /// The index of the font that draws `scalar`: the primary when it has it, else the first sorted font that does,
    /// else the primary (which will draw .notdef).
    func font(for scalar: UInt32) -> Int {
        if scalar < 128 { return Int(asciiChoice[Int(scalar)]) }
        if let cached = choices[scalar] { return Int(cached) }
        let choice = firstFont(having: scalar) ?? 0
        choices[scalar] = Int16(choice)
        return choice
    }

    /// The index of the font that draws a grapheme cluster: the first that has all its visible scalars, else the
    /// first that has its base, else the primary.
    func font(for cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1 { return font(for: scalars.first!.value) }
        // Joiners and variation selectors are optional: HarfBuzz hides them when the font lacks them.
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }.map(\.value)
        guard let base = needed.first else { return font(for: scalars.first!.value) }
        for (i, font) in fonts.enumerated() {
            guard let charset = font.charset else { continue }
            if needed.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 }) { return i }
        }
        return font(for: base)
    }

    private func firstFont(having scalar: UInt32) -> Int? {
        fonts.firstIndex { font in font.charset.map { FcCharSetHasChar($0, scalar) != 0 } ?? false }
    }
}

/// Generic family names fontconfig maps to a configured default; any match is accepted for them.
let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
]

/// Lowercases and drops blanks, the way fontconfig compares family names.
func normalizedFamily(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
}

extension FontconfigConfig {
    /// The fonts fontconfig sorts for `family` (nil: the configured default), primary first, without fonts that
    /// add no coverage.
    func sortedFonts(family: String?, weight: FontWeight = .regular) -> FontconfigFontSet? {
        guard let raw = FcPatternCreate() else { return nil }
        let pattern = FontconfigPattern(raw)
        if weight == .bold { _ = FcPatternAddInteger(pattern.pattern, FC_WEIGHT, FC_WEIGHT_BOLD) }
        if let family {
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern.pattern, FC_FAMILY, $0)
                }
            }
        }
        _ = FcConfigSubstitute(config, pattern.pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern.pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern.pattern, FcBool(FcTrue), nil, &result) else { return nil }
        let owned = FontconfigFontSet(set)
        return owned.patterns.isEmpty ? nil : owned
    }

    /// Every family name of every installed font (all languages), deduplicated, in no particular order.
    func allFamilyNames(preferredOnly: Bool) -> [String] {
        guard let raw = FcPatternCreate() else { return [] }
        let empty = FontconfigPattern(raw)
        let objects = FontconfigObjectSet([FC_FAMILY, FC_FAMILYLANG])
        guard let list = FcFontList(config, empty.pattern, objects.set) else { return [] }
        let set = FontconfigFontSet(list)
        var seen = Set<String>()
        var names: [String] = []
        for pattern in set.patterns {
            let candidates = preferredOnly ? [preferredFamilyName(pattern)].compactMap { $0 } : familyNames(pattern)
            for name in candidates where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}

/// All FC_FAMILY values of a pattern.
func familyNames(_ pattern: OpaquePointer) -> [String] {
    strings(pattern, FC_FAMILY)
}

/// The family name to show for a pattern: its most specific English name (fontconfig lists the typographic
/// family "DejaVu Sans" before the legacy "DejaVu Sans Condensed"), else the first name.
func preferredFamilyName(_ pattern: OpaquePointer) -> String? {
    let names = familyNames(pattern)
    let langs = strings(pattern, FC_FAMILYLANG)
    let english = zip(names, langs).filter { $0.1 == "en" || $0.1.hasPrefix("en-") }.map(\.0)
    return english.max { $0.count < $1.count } ?? names.first
}

func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32 = 0) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
    return String(cString: value)
}

func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
    var result: [String] = []
    while let s = string(pattern, object, Int32(result.count)) { result.append(s) }
    return result
}

func integer(_ pattern: OpaquePointer, _ object: String) -> Int? {
    var value: Int32 = 0
    guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
    return Int(value)
}

func charset(_ pattern: OpaquePointer) -> OpaquePointer? {
    var value: OpaquePointer?
    guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &value) == FcResultMatch else { return nil }
    return value
}

/// Up to `limit` installed families closest to `query`: prefix matches, then substring matches, then names that
/// share a word, then the rest by edit distance relative to length.
func closestFamilies(to query: String, among names: [String], limit: Int = 5) -> [String] {
    let qKey = normalizedFamily(query)
    let qChars = Array(query.lowercased().unicodeScalars)
    let qWords = Set(query.lowercased().split(separator: " ").filter { $0.count >= 3 })
    let ranked = names.map { name -> (tier: Int, distance: Double, name: String) in
        let key = normalizedFamily(name)
        let lower = name.lowercased()
        let tier: Int
        if !qKey.isEmpty, key.hasPrefix(qKey) || qKey.hasPrefix(key) {
            tier = 0
        } else if !qKey.isEmpty, key.contains(qKey) || qKey.contains(key) {
            tier = 1
        } else if !qWords.isDisjoint(with: lower.split(separator: " ")) {
            tier = 2
        } else {
            tier = 3
        }
        let nChars = Array(lower.unicodeScalars)
        let distance = Double(Spelling.editDistance(qChars, nChars)) / Double(max(qChars.count, nChars.count, 1))
        return (tier, distance, name)
    }
    return ranked.sorted { ($0.tier, $0.distance, $0.name) < ($1.tier, $1.distance, $1.name) }
        .prefix(limit).map(\.name)
}

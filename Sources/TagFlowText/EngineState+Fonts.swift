import Dispatch
import TagFlowLayout

/// Fonts: fallback chains resolved with fontconfig, faces loaded once, and the files they come from.
extension EngineState {
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
        let members = resolveMembers(of: request, weight: key.weight)
        guard let fallback = members.fallback else { throw noFamilyFound(family, request: request, members: members) }
        let languageFonts = TextLanguage(key.language).map { self.languageFonts($0, weight: key.weight) } ?? []
        let fonts = fallbackFonts(members.own + languageFonts + fallback + colorFonts(), family: family,
                                  weight: key.weight)
        guard !fonts.isEmpty else {
            throw .familyNotFound(family, suggestions: suggestions(for: family.trimmingWhitespace))
        }
        // The primary must load: every character without a better font falls back to it.
        let primary = try loadFace(fonts[0])
        var report = FontChainReport(
            requested: family, families: members.resolved, skipped: members.skipped,
            standIn: members.substitutions.isEmpty
                ? nil : StandInRecord(chain: request.chainName ?? family, substitutions: members.substitutions))
        report.clampedVariations = try clampedVariations(key.variations, in: primary)
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

    /// What fontconfig has for each family of a request: the faces of the family itself, the first family's
    /// sorted fallbacks, and, for a named chain, the stand-ins used for families not installed.
    private struct MemberResolution {
        var own: [FontconfigPattern] = []
        var fallback: [FontconfigPattern]?
        var resolved: [String] = []
        var skipped: [String] = []
        var substitutions: [StandInRecord.Substitution] = []
        var firstError: FontError?
    }

    private func resolveMembers(of request: FamilyRequest, weight: FontWeight) -> MemberResolution {
        var result = MemberResolution()
        for member in request.members {
            var found: (own: [FontconfigPattern], sorted: [FontconfigPattern])?
            for name in member.names where found == nil {
                do throws(FontError) {
                    found = try resolveFamily(name, weight: weight)
                } catch {
                    if result.firstError == nil { result.firstError = error }
                }
            }
            if found == nil, request.chainName != nil {
                var used: String?
                for name in member.standIns where found == nil {
                    found = try? resolveFamily(name, weight: weight)
                    if found != nil { used = found?.own.first?.preferredFamilyName ?? name }
                }
                result.substitutions.append(.init(wanted: member.label, used: used))
            } else if found == nil {
                result.skipped.append(member.label)
            }
            guard let found else { continue }
            result.own += found.own
            if result.fallback == nil { result.fallback = found.sorted }
            if let name = found.own.first?.preferredFamilyName, !result.resolved.contains(name) {
                result.resolved.append(name)
            }
        }
        return result
    }

    /// Why no family of a request was found: the one family's own error, or what the list named, with close
    /// matches.
    private func noFamilyFound(_ family: String, request: FamilyRequest, members: MemberResolution) -> FontError {
        let trimmed = family.trimmingWhitespace
        let alone = request.members.count == 1 && request.chainName == nil
        if alone, case let .familyNotFound(_, suggestions)? = members.firstError {
            return .familyNotFound(family, suggestions: suggestions)
        }
        if let firstError = members.firstError, alone { return firstError }
        let first = request.members.first?.names.first ?? trimmed
        if request.members.count > 1, request.chainName == nil {
            return .noFamilyOfListFound(trimmed, families: request.members.map(\.label),
                                        suggestions: suggestions(for: first))
        }
        return .familyNotFound(family, suggestions: suggestions(for: first))
    }

    /// The chain's fonts in order, each face once: the lists overlap by design, so a face already taken is skipped
    /// before its names and charset are read.
    private func fallbackFonts(_ patterns: [FontconfigPattern], family: String, weight: FontWeight) -> [FallbackFont] {
        var seen = Set<FaceKey>()
        var fonts: [FallbackFont] = []
        for pattern in patterns {
            guard let path = pattern.file, seen.insert(FaceKey(path: path, index: pattern.index ?? 0)).inserted,
                  let font = FallbackFont(pattern, fallbackFamily: family.trimmingWhitespace, weight: weight)
            else { continue }
            fonts.append(font)
        }
        return fonts
    }

    /// The variations the primary face cannot reach, clamped to its axes; an axis it lacks is an error.
    private func clampedVariations(_ variations: [FontVariation],
                                   in primary: LoadedFace) throws(FontError) -> [ClampedVariation] {
        let axes = primary.harfBuzzFace.axes
        var clamped = [ClampedVariation]()
        for variation in variations {
            guard let axis = axes.first(where: { $0.tag == variation.tagCode }) else {
                throw .unknownAxis(variation.tag, family: primary.face.family,
                                   available: axes.map { tagString($0.tag) })
            }
            if !(axis.minimum...axis.maximum).contains(variation.value) {
                clamped.append(ClampedVariation(tag: variation.tag, requested: variation.value, minimum: axis.minimum,
                                                maximum: axis.maximum))
            }
        }
        return clamped
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

    /// The installed faces of a language's own families, in its order, before a chain's fallback: fontconfig's sort
    /// for the language, keeping only those families. Fontconfig's `lang` rules alone do not decide it, as a generic
    /// family's aliases (WenQuanYi Zen Hei's for sans-serif) outrank them.
    private func languageFonts(_ language: TextLanguage, weight: FontWeight) -> [FontconfigPattern] {
        language.preferredFamilies.flatMap { family -> [FontconfigPattern] in
            let wanted = normalizedFamily(family)
            let sorted = fontconfig.sortedFonts(family: family, weight: weight, language: language.fontconfigName)
            return (sorted ?? []).prefix { $0.familyNames.map(normalizedFamily).contains(wanted) }.prefix(1)
                .map { $0 }
        }
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
    func face(_ chain: FallbackChain, _ index: Int) -> LoadedFace {
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
}

import TagFlowLayout
import TagFlowRender
import TagFlowText
import TagFlowInput

/// Tofu and clipped text should never slip by unseen. Each is said once, not once per tag: missing characters
/// once per kind of font that would draw them (CJK, emoji, other scripts), with the Debian packages to install.
package struct TextWarnings {
    /// A line for each kind of character no installed font can draw.
    package var missingGlyphs: [String] = []
    /// A line for text taller than its cell, which the cell clips.
    package var clippedText: String?
    /// A line for selected tags that `maxLines` hides, which a person can then neither see nor unselect.
    package var hiddenSelection: String?
    /// A line for a more tag set without `maxLines`: no section hides tags, so it never shows.
    package var unusedMoreTag: String?

    /// A line for catalog strings shown in the source language for want of a translation.
    package var untranslated: String?

    package var all: [String] {
        [untranslated].compactMap { $0 } + missingGlyphs
            + [clippedText, hiddenSelection, unusedMoreTag].compactMap { $0 }
    }

    package init(layout: TagLayout, measurer: Measurer) {
        func place(_ id: ElementID) -> String {
            layout.document.sections[id.section].tags[id.item].location.map { "line \($0.line)" } ?? "\(id)"
        }
        // Tags, then the section titles and footers, which the tags' family draws too (bold, for titles).
        let tags = layout.tagsWithMissingGlyphs.map { (text: $0.tag.text, place: place($0.id)) }
        let titles = layout.document.sections.enumerated().flatMap { index, section in
            [section.title, section.footer].compactMap { $0 }.map { (text: $0, place: "section \(index + 1)") }
        }
        missingGlyphs = Self.missingGlyphLines(tags, what: ("tag", "tags"), engine: measurer.engine,
                                               font: measurer.font)
            + Self.missingGlyphLines(titles, what: ("section title or footer", "section titles or footers"),
                                     engine: measurer.engine, font: measurer.font)
        let options = layout.options
        let clipped = layout.tagsWithClippedText
        if let first = clipped.first {
            let tallest = clipped.compactMap(\.tag.measurement.lineHeight).max() ?? 0
            // An automatic height is the tag font's own line; a fallback font's (CJK, emoji) can be taller. The padding
            // is above and below, so half the shortfall on each side fits it, and the cells still grow with the text.
            let padding = options.verticalPadding + ((tallest - options.itemHeight) / 2 * 100).rounded(.up) / 100
            let remedy = options.itemHeightFitsText
                ? "the cells fit the tag font's line, and a fallback font's is taller: set verticalPadding to "
                    + "\(formatDecimal(padding)) "
                    + "(--vertical-padding \(formatDecimal(padding))) to fit it"
                : "set itemHeight to auto (--item-height auto) to grow the cells with the text"
            clippedText = "\(clipped.count) of \(layout.document.tagCount) tags' text is taller than the "
                + "\(formatDecimal(options.itemHeight)) pt cell at content size \(options.contentSize.rawValue) "
                + "(\(formatDecimal(options.textSize)) pt text, lines up to \(formatDecimal(tallest)) pt), "
                + "so the cell clips it, first '\(first.tag.text)' at \(place(first.id)): " + remedy
        }
        // maxLines hides the last tags of a section; selected ones among them are chosen out of sight.
        let hiddenSelected = layout.hiddenSelectedTags
        if let first = hiddenSelected.first {
            let count = hiddenSelected.count
            hiddenSelection = "\(count) selected tag\(count == 1 ? " is" : "s are") past the \(options.maxLines) "
                + "line\(options.maxLines == 1 ? "" : "s") "
                + "maxLines shows (--max-lines), so a person can neither see nor unselect \(count == 1 ? "it" : "them")"
                + (options.showsMoreTag ? ", and the more tag counts \(count == 1 ? "it" : "them") as any hidden "
                + "tag" : "")
                + ": first '\(layout.document.sections[first.section].tags[first.item].text)' at \(place(first))"
        }
        unusedMoreTag = Self.unusedMoreTagLine(options)
    }

    /// What to say of a more tag that no section shows, because nothing sets how many lines it keeps.
    static func unusedMoreTagLine(_ options: LayoutOptions) -> String? {
        guard !options.moreTag.isEmpty, options.maxLines == 0 else { return nil }
        return "the more tag '\(options.moreTag)' (--more-tag) shows nothing without maxLines, as no section hides "
            + "tags: " + (options.isHorizontal
                ? "a horizontal scroll shows every tag in its rows; leave --more-tag out"
                : "set --max-lines N (\"maxLines\") to show N lines of each section and count the rest")
    }
}

extension TextWarnings {
    /// A line for each kind of character (CJK, emoji, other scripts) in `texts` that no installed font can draw,
    /// with the Debian packages to install, a line for each choice of packages; `what` names one text and several.
    package static func missingGlyphLines(_ texts: [(text: String, place: String)], what: (one: String, many: String),
                                          engine: TextEngine, font: FontSpec) -> [String] {
        struct Kind: Hashable { var bucket: ScriptBucket, packages: [String] }
        var missing: [Kind: (count: Int, first: (text: String, place: String), scalars: [Unicode.Scalar])] = [:]
        // The kinds in the order they were first met.
        var order = [Kind]()
        for text in texts {
            var seenInText = Set<Kind>()
            for scalar in engine.missingScalars(in: text.text, font: font) {
                let suggestion = missingFontSuggestion(for: scalar)
                let kind = Kind(bucket: suggestion.bucket, packages: suggestion.packages)
                if missing[kind] == nil { order.append(kind) }
                var entry = missing[kind] ?? (0, text, [])
                if seenInText.insert(kind).inserted { entry.count += 1 }
                if !entry.scalars.contains(scalar) { entry.scalars.append(scalar) }
                missing[kind] = entry
            }
        }
        // By bucket (CJK, emoji, other), each bucket's kinds as they were met.
        return ScriptBucket.allCases.flatMap { bucket in order.filter { $0.bucket == bucket } }.map { kind in
            let entry = missing[kind]!
            let words = switch kind.bucket {
            case .cjk: "Chinese, Japanese or Korean"
            case .emoji: "emoji"
            case .other: "some"
            }
            let characters = entry.scalars.prefix(5).map {
                String(Character($0))
            }.joined(separator: " ") + (entry.scalars.count > 5 ? " …" : "")
            return "\(entry.count) \(entry.count == 1 ? what.one + " has" : what.many + " have") \(words) characters "
                + "no installed font can draw "
                + "(\(characters)), first '\(entry.first.text)' at \(entry.first.place); they will show as boxes: "
                + "\(Self.remedy(kind.packages))"
        }
    }

    /// What to do about characters the `packages` would draw.
    package static func remedy(_ packages: [String]) -> String {
        packages.isEmpty ? "no Debian package has a font for them; give one that has with --font-file or fontDirs"
            : "install \(packages.joined(separator: " or "))"
    }
}


/// A layout option by name: the one list of them. Its raw value is the ``LayoutOptions`` property's name, which is
/// also the config file's key; the command line's flag spells the same words (`--interitem-spacing`). Errors, the
/// settings table and every override name options through it, so a misspelt name does not compile.
public enum LayoutOptionKey: String, CaseIterable, Sendable {
    // In the order help lists them.
    case width, height, font, fontSize, fontVariations, tracking, contentSize, legibilityWeight
    /// ``LayoutOptions/textRounding``.
    case textWidth
    case itemHeight, verticalPadding, padding, interitemSpacing, lineSpacing, sectionInset, contentInset
    case headerHeight, footerHeight, alignment, direction, maxLines, moreTag, truncation, maxSelection, pinHeaders
    case scrollDirection, rows
    /// Device pixels per point: a device's, not set by a key or flag of its own.
    case displayScale

    /// `--interitem-spacing` for `interitemSpacing`.
    public var flag: String {
        "--" + rawValue.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }
}

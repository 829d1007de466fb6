import TagFlowLayout

/// A tags input's catalog strings looked up: the document with every key replaced by its text, and a warning for
/// the strings that fell back to the source language.
public struct CatalogResolution: Sendable {
    public var document: TagDocument
    /// The catalog's language used.
    public var language: String
    /// Keys whose text is the source language's, each once, with its state (`new`, `needs_review`, `missing`).
    public var fallbacks: [(key: String, state: String)] = []

    /// One line naming every key that fell back, with its state; `nil` when none did.
    public var fallbackWarning: String? {
        guard !fallbacks.isEmpty else { return nil }
        let listed = fallbacks.prefix(12).map { "\($0.key) (\($0.state))" }.joined(separator: ", ")
            + (fallbacks.count > 12 ? ", … \(fallbacks.count - 12) more" : "")
        return "\(fallbacks.count) string\(fallbacks.count == 1 ? " has" : "s have") no translation in '\(language)', "
            + "so the source language's text is shown: \(listed)"
    }

    /// Looks up every key `document` names in `catalog` in `settings.locale`; `file` is what errors call the tags
    /// input.
    public init(_ document: TagDocument, catalog: StringCatalog, settings: CatalogSettings,
                file: String) throws(InputError) {
        let language: String
        if let locale = settings.locale {
            guard let matched = catalog.language(matching: locale) else {
                throw .catalog(.unknownLocale(locale, catalog: catalog.name, available: catalog.languages))
            }
            language = matched
        } else {
            language = catalog.sourceLanguage
        }
        self.language = language
        var seen = Set<String>()
        var fallbacks = [(key: String, state: String)]()
        func text(_ key: String, at location: SourceLocation?) throws(InputError) -> String {
            guard let found = catalog.lookup(key, language: language, settings: settings) else {
                throw .catalog(.unknownKey(key, catalog: catalog.name,
                                           suggestion: closestMatch(to: key, in: catalog.keys),
                                           at: span(location, file)))
            }
            if let state = found.fallbackState, seen.insert(key).inserted { fallbacks.append((key, state)) }
            return found.text
        }
        var sections = document.sections
        for index in sections.indices {
            var section = sections[index]
            if let title = section.titleKey { section.title = try text(title.key, at: title.location) }
            if let footer = section.footerKey { section.footer = try text(footer.key, at: footer.location) }
            section.titleKey = nil
            section.footerKey = nil
            var tags = [Tag]()
            for tag in section.tags {
                switch tag.reference {
                case nil: tags.append(tag)
                case let .key(key)?:
                    tags.append(Tag(try text(key, at: tag.location), isSelected: tag.isSelected,
                                    location: tag.location))
                case let .pattern(pattern)?:
                    let keys = catalog.keys(matching: pattern)
                    guard !keys.isEmpty else {
                        throw .catalog(.patternMatchesNothing(pattern, catalog: catalog.name,
                                                              at: span(tag.location, file)))
                    }
                    for key in keys {
                        tags.append(Tag(try text(key, at: tag.location), isSelected: tag.isSelected,
                                        location: tag.location))
                    }
                }
            }
            section.tags = tags
            sections[index] = section
        }
        self.document = TagDocument(sections: sections)
        self.fallbacks = fallbacks
    }
}

private func span(_ location: SourceLocation?, _ file: String) -> SourceSpan {
    SourceSpan(file: file, line: location?.line ?? 1, column: location?.column ?? 1)
}

import TagFlowImage

extension ComparisonReport {
    /// The counts: the total, then each status word's.
    public var summaryJSON: JSONOutput { summaryJSON(adding: []) }

    /// The summary with `extra` entries after the counts, such as what a snapshot's goldens folder holds.
    public func summaryJSON(adding extra: [(String, JSONOutput)]) -> JSONOutput {
        .object([("total", .integer(items.count))] + terms.words.map { word in
            (word, .integer(items.count { terms.word($0) == word }))
        } + extra)
    }

    /// Every item, as `report.json`'s `items` give them.
    public var itemsJSON: JSONOutput { .array(items.map(json)) }

    /// An item: its name, screen, kind, status, detail, counts and pictures; then what only some items have.
    func json(_ item: ComparisonItem) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(item.name)), ("screen", .string(item.screen)),
            ("kind", .string(item.kind?.rawValue ?? "")),
            ("status", .string(terms.word(item))), ("detail", .string(item.detail)),
            ("differentPixels", item.differentPixels.map(JSONOutput.integer) ?? .null),
            ("changedSteps", .array(item.changedSteps.map(JSONOutput.integer))),
            ("images", .object(item.images.map { ($0.role.rawValue, .string($0.path)) })),
            ("imageSizes", .object(item.images.compactMap { image in
                image.size.map { (image.role.rawValue, .array([.integer($0.width), .integer($0.height)])) }
            })),
        ]
        if let step = item.imagesStep { members.append(("imagesStep", .integer(step))) }
        if let explanation = item.explanation {
            let words = { (words: [String]) in JSONOutput.array(words.map(JSONOutput.string)) }
            members.append(("explanation", .object([("cause", words(explanation.cause)),
                                                    ("effect", words(explanation.effect))])))
        }
        if item.hasNoLayout { members.append(("layout", .string("not recorded"))) }
        if !item.marks.isEmpty { members.append(("marks", .array(item.marks.map(Self.json)))) }
        if let result = item.pixelDiff {
            members += [("antiAliasedPixels", .integer(result.antiAliasedPixels)),
                        ("ignoredPixels", .integer(result.ignoredPixels)),
                        ("comparedPixels", .integer(result.comparedPixels)),
                        ("percentage", PixelDiffReport.percentageJSON(result.ratio)),
                        ("sizeChanged", .bool(result.sizeChanged))]
        }
        return .object(members)
    }

    /// A mark as `{"kind", "words", "golden": [x, y, width, height], "actual": …}`, null for a side without it.
    static func json(_ mark: ComparisonItem.Mark) -> JSONOutput {
        func region(_ region: PixelRegion?) -> JSONOutput {
            region.map { .array([$0.x, $0.y, $0.width, $0.height].map(JSONOutput.integer)) } ?? .null
        }
        return .object([("kind", .string(mark.kind.rawValue)), ("words", .string(mark.words)),
                        ("golden", region(mark.golden)), ("actual", region(mark.actual))])
    }
}

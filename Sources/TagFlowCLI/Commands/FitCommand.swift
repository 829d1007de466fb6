import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowPipeline
import TagFlowReview
import TagFlowSnapshot

/// `tagflow fit`: every variant of a matrix (devices × text sizes × locales × pseudolanguages × Bold Text) laid
/// out without drawing, and what does not fit in each, with the smallest change that fixes it.
struct FitCommand: ParsableCommand {
    enum Format: String, CaseIterable { case text, json, markdown, junit }
    /// A pseudolanguage, or none, as an axis value.
    enum PseudoValue: String, CaseIterable {
        case none, double, accented, bounded, rtl, expanded
        var pseudolanguage: Pseudolanguage? { Pseudolanguage(rawValue: rawValue) }
    }

    /// A tags file, or a manifest whose every screen is fitted.
    var inputPath = SnapshotSuite.defaultManifest
    var input = LayoutInput()
    var devices: [String]?
    var contentSizes: [ContentSizeCategory]?
    var locales: [String]?
    var pseudos: [PseudoValue]?
    var weights: [LegibilityWeight]?
    var rules: [FitRule] = []
    var format = Format.text
    var maxFindings = 50

    static let configuration = CommandConfiguration(
        name: "fit",
        abstract: "Lay out every device, text size, locale and pseudolanguage, and report what does not fit.",
        discussion: "Lays out each variant of the matrix without drawing: each text is shaped once per font and "
            + "size. Reports truncated tags (by how many points, the full and shown text), text the cell clips, "
            + "sections over maxLines, hidden selected tags, characters no font draws, and tags wider than the line "
            + "with their padding; for each, the width or text size at which it fits. Exits with status 1 when a "
            + "finding breaks a --fail-on rule. Given a manifest (tagflow.json), fits every screen along its "
            + "variants' devices, widths, text sizes, locales, pseudolanguages and weights, the flags replacing an "
            + "axis, and holds them to the manifest's \"fit\": {\"failOn\": [...]} rules as well.",
        failure: "a finding broke a --fail-on rule",
        examples: [
            "tagflow fit Examples/sports.tags --catalog Examples/interests.xcstrings --locales all --devices all "
                + "--content-sizes all",
            "tagflow fit Examples/sports.tags --catalog Examples/interests.xcstrings --locales de "
                + "--content-sizes L,AX3 --fail-on truncated:AX2 --format markdown",
            "tagflow fit Examples/demo.tags --pseudos double,expanded --format json",
            "tagflow fit tagflow.json --content-sizes all",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [
            .positional(\.inputPath, "input",
                        help: "A tags file or tags JSON, '-' for standard input; or a manifest such as tagflow.json.",
                        completion: .files(extensions: ["tags", "json", "txt"]),
                        whenLeftOut: SnapshotSuite.defaultManifest),
        ])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Fit", [
                .option(\.devices, "--devices", help: "Devices to lay out on, or 'all' the built-in ones.",
                        value: ValueParser<String>.text("NAME").commaSeparated(),
                        defaultDescription: "--device, or the width"),
                .option(\.contentSizes, "--content-sizes", help: "Dynamic Type sizes, or 'all'.",
                        value: ValueParser<ContentSizeCategory>.choice.named("SIZE")
                            .commaSeparated(all: ContentSizeCategory.allCases),
                        defaultDescription: "--content-size"),
                .option(\.locales, "--locales", help: "The catalog's languages, or 'all' of them.",
                        value: ValueParser<String>.text("LANG").commaSeparated(), defaultDescription: "--locale"),
                .option(\.pseudos, "--pseudos", help: "Pseudolanguages, 'none' for the strings as they are.",
                        value: ValueParser<PseudoValue>.choice.named("PSEUDO")
                            .commaSeparated(all: PseudoValue.allCases),
                        defaultDescription: "--pseudo, or none"),
                .option(\.weights, "--legibility-weights", help: "Bold Text settings: regular, bold, or both.",
                        value: ValueParser<LegibilityWeight>.choice.named("WEIGHT")
                            .commaSeparated(all: LegibilityWeight.allCases),
                        defaultDescription: "--legibility-weight"),
                .repeating(\.rules, "--fail-on",
                           help: "Exit 1 on a finding of this kind, at text sizes up to SIZE if given; repeatable.",
                           value: .fitRule),
                .option(\.format, "--format", help: "A table, JSON, Markdown, or JUnit XML.", value: .choice),
                .option(\.maxFindings, "--max-findings", help: "Findings the table and Markdown show.",
                        value: .count),
            ])]
    }

    /// The axes the flags give.
    private var flagAxes: FitAxes {
        FitAxes(devices: devices, contentSizes: contentSizes, locales: locales, pseudos: pseudos, weights: weights)
    }

    func run(console: Console) throws -> ExitStatus {
        try CommandLineError.checkManifestHere(inputPath, command: "fit", example: "Examples/sports.tags")
        let (matrices, manifestRules) = try SnapshotManifest.isManifest(inputPath) ? try manifestMatrices()
            : ([try FitMatrix(tagsPath: inputPath, input: input, axes: flagAxes)], [])
        for warning in matrices.flatMap(\.warnings) { console.warn(warning) }
        let byScreen = Dictionary(uniqueKeysWithValues: matrices.map { ($0.screen, $0) })
        let run = try FitRun(variants: matrices.flatMap(\.variants), rules: manifestRules + rules) { variant throws in
            try byScreen[variant.screen]!.layout(variant)
        }
        switch format {
        case .text: console.out(run.text(limit: maxFindings))
        case .markdown: console.out(run.markdown(limit: maxFindings))
        case .json: console.out(run.json.rendered() + "\n")
        case .junit: console.out(run.junitXML)
        }
        return run.passed ? .success : .failure
    }

    /// A matrix for each of the manifest's screens, along its variants' axes with the flags' in their place, and
    /// the manifest's rules. Its tags and configs must lie inside its folder, as for `snapshot`.
    private func manifestMatrices() throws -> ([FitMatrix], [FitRule]) {
        let manifest = try SnapshotManifest.load(inputPath)
        try manifest.checkPathsStayInside()
        let (resolved, _) = try manifest.resolvingDevices()
        let matrices = try resolved.screens.map { screen in
            var screenInput = input
            screenInput.config = screen.configPath
            return try FitMatrix(tagsPath: screen.tagsPath, input: screenInput,
                                 axes: FitAxes(screen.matrix).overridden(by: flagAxes), screen: screen.name)
        }
        return (matrices, resolved.fitRules)
    }
}

extension ValueParser where Value == FitRule {
    /// `truncated`, or `truncated:AX2` for text sizes up to AX2.
    static var fitRule: Self {
        ValueParser(valueName: "KIND[:SIZE]", completion: .choices(FitRule.kindNames),
                    parse: { text throws(ValueError) in try FitRule.parse(text) }, describe: \.description)
    }
}

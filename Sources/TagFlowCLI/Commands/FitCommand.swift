import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowPipeline
import TagFlowReview

/// `tagflow fit`: every variant of a matrix (devices × text sizes × locales × pseudolanguages × Bold Text) laid
/// out without drawing, and what does not fit in each, with the smallest change that fixes it.
struct FitCommand: ParsableCommand {
    enum Format: String, CaseIterable { case text, json, markdown, junit }
    /// A pseudolanguage, or none, as an axis value.
    enum PseudoValue: String, CaseIterable {
        case none, double, accented, bounded, rtl, expanded
        var pseudolanguage: Pseudolanguage? { Pseudolanguage(rawValue: rawValue) }
    }

    var tagsPath = ""
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
            + "finding breaks a --fail-on rule.",
        failure: "a finding broke a --fail-on rule",
        examples: [
            "tagflow fit Examples/sports.tags --catalog Examples/interests.xcstrings --locales all --devices all "
                + "--content-sizes all",
            "tagflow fit Examples/sports.tags --catalog Examples/interests.xcstrings --locales de "
                + "--content-sizes L,AX3 --fail-on truncated:AX2 --format markdown",
            "tagflow fit Examples/demo.tags --pseudos double,expanded --format json",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])]
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

    func run(console: Console) throws -> ExitStatus {
        let matrix = try FitMatrix(command: self)
        for warning in matrix.warnings { console.warn(warning) }
        let run = try FitRun(variants: matrix.variants, rules: rules) { variant throws in
            try matrix.layout(variant)
        }
        switch format {
        case .text: console.out(run.text(limit: maxFindings))
        case .markdown: console.out(run.markdown(limit: maxFindings))
        case .json: console.out(run.json.rendered() + "\n")
        case .junit: console.out(run.junitXML)
        }
        return run.passed ? .success : .failure
    }
}

extension ValueParser where Value == FitRule {
    /// `truncated`, or `truncated:AX2` for text sizes up to AX2.
    static var fitRule: Self {
        let kinds = FitFinding.Kind.allCases.map(\.rawValue)
        return ValueParser(valueName: "KIND[:SIZE]", completion: .choices(kinds), parse: { text throws(ValueError) in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let first = parts.first, let kind = FitFinding.Kind(rawValue: first) else {
                throw .notAChoice(parts.first ?? text, choices: kinds)
            }
            guard parts.count == 2 else { return FitRule(kind: kind) }
            return FitRule(kind: kind, upTo: try ValueParser<ContentSizeCategory>.choice.parse(parts[1]))
        }, describe: \.description)
    }
}

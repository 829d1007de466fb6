import Foundation
import TagFlowLayout
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// `tagflow measure`: how wide a text is, which fonts drew it, and what is missing.
struct MeasureCommand: ParsableCommand {
    var texts: [String] = []
    /// Only the font, its size (with Dynamic Type's) and weight are read: they are all a measurement needs.
    var options = LayoutOptions()
    /// Only `--font-file` and `--font-dir` are read.
    var fontSources = LayoutInput()
    var format = OutputFormat.text

    static let configuration = CommandConfiguration(
        name: "measure",
        abstract: "Measure texts with fontconfig, HarfBuzz and FreeType.",
        discussion: "Prints each text's width (the sum of its shaped advances, in points), the fonts that drew it, and "
            + "how many glyphs no font has.",
        examples: [
            "tagflow measure 篮球 'AVATAR Ty. office'",
            "tagflow measure 'Hello Мир שלום' --font 'DejaVu Serif' --font-size 16 --format json",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        let fontKeys: [LayoutOptionKey] = [
            .font, .fontSize, .fontVariations, .tracking, .contentSize, .legibilityWeight,
        ]
        let fontSettings = fontKeys.map(LayoutSetting.named).map { setting in
            setting.argument(keyPath: \Self.options) { (command: inout Self, setting, value) in
                setting.apply(&command.options, value)
            }
        }
        return [ArgumentGroup("Options", [
            .positionals(\.texts, "text", help: "One or more texts to measure."),
        ] + fontSettings + LayoutInput.fontArguments.map { $0.lifted(into: \.fontSources) } + [
            OutputFormat.option(\.format),
        ])]
    }

    func run(console: Console) throws -> ExitStatus {
        try options.validateText()
        for text in texts {
            if let scalar = text.unicodeScalars.first(where: TagsFile.isForbiddenInTag) {
                throw RunError.controlCharacterInText(text, scalar)
            }
        }
        let (engine, measurer) = try LayoutInput.measurer(for: options, fonts: fontSources.fonts(config: ConfigFile()),
                                                          caching: .measurements, console: console)
        let results = texts.map { ($0, measurer.measure($0)) }
        for (text, measurement) in results where measurement.missingGlyphs > 0 {
            var remedies = [String]()
            for scalar in engine.missingScalars(in: text, font: measurer.font) {
                let remedy = TextWarnings.remedy(missingFontSuggestion(for: scalar).packages)
                if !remedies.contains(remedy) { remedies.append(remedy) }
            }
            console.warn("'\(text)' has \(measurement.missingGlyphs) glyph(s) no installed font can draw; it will show "
                + "as boxes (\(remedies.joined(separator: "; ")))")
        }
        switch format {
        case .json:
            let rows: [JSONOutput] = results.map { text, measurement in
                .object([("text", .string(text)), ("width", .number(measurement.width)),
                         ("fonts", .array(measurement.fonts.map(JSONOutput.string))),
                         ("missingGlyphs", .integer(measurement.missingGlyphs))])
            }
            console.out(JSONOutput.object([("font", .string(options.font)), ("fontSize", .number(options.fontSize)),
                                           ("contentSize", .string(options.contentSize.rawValue)),
                                           ("textSize", .number(options.textSize)),
                                           ("legibilityWeight", .string(options.legibilityWeight.rawValue)),
                                           ("tracking", .number(options.tracking)),
                                           ("fontVariations", .string(options.fontVariations)),
                                           ("texts", .array(rows))]).rendered() + "\n")
        case .text:
            var table = TextTable(columns: ["text", "width", "fonts", "missing"])
            for (text, measurement) in results {
                table.add([text, String(format: "%.3f", measurement.width), measurement.fonts.joined(separator: ", "),
                           String(measurement.missingGlyphs)])
            }
            console.out(table.rendered + "\n")
        }
        return .success
    }
}

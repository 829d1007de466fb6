import Foundation
import TagFlowLayout
import TagFlowText

/// `tagflow measure`: how wide a text is, which fonts drew it, and what is missing.
enum MeasureCommand: Command {
    static let spec = CommandSpec(
        name: "measure",
        abstract: "Measure texts with fontconfig, HarfBuzz and FreeType.",
        discussion: "Prints each text's width (the sum of its shaped advances, in points), the fonts that drew it, and how many glyphs no font has.",
        positionals: [PositionalSpec("text", help: "One or more texts to measure.", repeats: true)],
        optionGroups: [("Options", [
            OptionSpec(["--font"], value: "FAMILY", help: "Font family, resolved by fontconfig.", default: LayoutOptions().font),
            OptionSpec(["--font-size"], value: "PT", help: "Font size in points.", default: formatPoints(LayoutOptions().fontSize)),
            OptionSpec(["--format"], value: "text|json", help: "A readable table, or JSON for tools.", default: "text"),
        ])],
        examples: [
            "tagflow measure 篮球 'AVATAR Ty. office'",
            "tagflow measure 'Hello Мир שלום' --font 'DejaVu Serif' --font-size 16 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try LayoutInput.choice(LayoutCommand.Format.self, arguments.value("--format"), flag: "--format") ?? .text
        var options = LayoutOptions()
        for setting in LayoutSetting.all where ["font", "fontSize"].contains(setting.key) {
            if let text = arguments.value(setting.flag) { setting.apply(&options, try setting.value(fromArgument: text, flag: setting.flag)) }
        }
        let (_, measurer) = try LayoutInput.measurer(for: options, caching: .measurements)
        let results = arguments.positionals.map { ($0, measurer.measure($0)) }
        for (text, measurement) in results where measurement.missingGlyphs > 0 {
            console.warn("'\(text)' has \(measurement.missingGlyphs) glyph(s) no installed font can draw; it will show as boxes")
        }
        switch format {
        case .json:
            let rows: [JSONOutput] = results.map { text, measurement in
                .object([("text", .string(text)), ("width", .number(measurement.width)),
                         ("fonts", .array(measurement.fonts.map(JSONOutput.string))), ("missingGlyphs", .integer(measurement.missingGlyphs))])
            }
            console.out(JSONOutput.object([("font", .string(options.font)), ("fontSize", .number(options.fontSize)),
                                           ("texts", .array(rows))]).rendered() + "\n")
        case .text:
            var table = TextTable(columns: ["text", "width", "fonts", "missing"])
            for (text, measurement) in results {
                table.add([text, String(format: "%.3f", measurement.width), measurement.fonts.joined(separator: ", "), String(measurement.missingGlyphs)])
            }
            console.out(table.rendered + "\n")
        }
        return .success
    }
}

import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// `tagflow devices`: the device profiles `--device` and configs can name.
struct DevicesCommand: ParsableCommand {
    var config: String?
    var format = OutputFormat.text

    static let configuration = CommandConfiguration(
        name: "devices",
        abstract: "List the device profiles --device can name.",
        discussion: "Each profile sets the viewport's width and the picture's scale from the device's screen in "
            + "points; the height stays the chooser's. A config adds profiles of its own under \"devices\".",
        examples: [
            "tagflow devices",
            "tagflow render Examples/demo.tags --device iphone-15 -o demo.png",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Options", [
            .option(\.config, "--config", help: "A config whose own \"devices\" are listed too.",
                    value: .path("FILE", extensions: ["json"])),
            OutputFormat.option(\.format),
        ])]
    }

    func run(console: Console) throws -> ExitStatus {
        let configFile = try ConfigFile.load(config)
        let profiles = DeviceSettings.profiles(config: configFile)
        switch format {
        case .json:
            console.out(JSONOutput.array(profiles.map { profile in
                .object([("name", .string(profile.name)), ("displayName", .string(profile.displayName)),
                         ("width", .number(profile.width)), ("scale", .number(profile.scale)),
                         ("pixelWidth", .number(profile.width * profile.scale)),
                         ("otherNames", .array(profile.otherNames.map { .string($0) }))])
            }).rendered() + "\n")
        case .text:
            var table = TextTable(columns: ["name", "device", "width", "scale", "pixels", "same screen"])
            for profile in profiles {
                table.add([profile.name, profile.displayName, formatPoints(profile.width) + " pt",
                           "@" + formatPoints(profile.scale) + "x",
                           formatPoints(profile.width * profile.scale) + " px",
                           profile.otherNames.joined(separator: ", ")])
            }
            console.out(table.rendered + "\n")
        }
        return .success
    }
}

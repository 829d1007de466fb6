import Testing
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
@testable import TagFlowCLI
@testable import TagFlowPipeline
@testable import TagFlowInput

/// The command-line parser, called directly: defaults, value forms, repeats, suggestions and validation.
@Suite struct ArgumentParserTests {
    /// Parses a command line that must succeed and not ask for help.
    func parse<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) throws -> Command {
        try #require(try Command.parse(arguments))
    }

    /// The report of a command line that must fail.
    func failure<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) -> ErrorReport? {
        do {
            _ = try Command.parse(arguments)
            Issue.record("expected \(arguments) to fail")
            return nil
        } catch {
            return ErrorReport(error)
        }
    }

    @Test func defaultsComeFromTheDeclarationsAndTheSeed() throws {
        let scroll = try parse(ScrollCommand.self, ["a.tags", "-o", "frames"])
        #expect(scroll.tagsPath == "a.tags")
        #expect(scroll.step == 20)
        #expect(scroll.fps == 10)
        #expect(scroll.maxHeight == 640)
        #expect(scroll.scale == 1)
        #expect(scroll.superItemSize == StockFlowLayout.defaultItemSize)
        #expect(scroll.strategies == [.cached])
        #expect(scroll.spacing == .step(20))
        let check = try parse(CheckCommand.self, ["a.tags"])
        #expect(check.superItemSize == StockFlowLayout.defaultItemSize)
        #expect(check.step == 10)
        // Unset, a render's scale is the device's, and without a device the layout's default display scale.
        #expect(try parse(RenderCommand.self, ["a.tags", "-o", "a.png"]).scale == nil)
        #expect(LayoutOptions().displayScale == 2)
        let device = try parse(RenderCommand.self, ["a.tags", "-o", "a.png", "--device", "iphone-15"])
        #expect(try device.input.options(config: ConfigFile()).displayScale == 3)
        #expect(try device.input.options(config: ConfigFile()).width == 393)
        let widthWins = try parse(RenderCommand.self, ["a.tags", "-o", "a.png", "--width", "320", "--device", "iphone-15"])
        #expect(try widthWins.input.options(config: ConfigFile()).width == 320, "a width given beside a device wins")
        #expect(try check.input.options(config: ConfigFile()) == LayoutOptions())
    }

    @Test func helpShowsTheDefaultsItWasDeclaredWith() {
        let help = ScrollCommand.help(width: 10_000, full: true)
        #expect(help.contains("--super-item-size <WxH>"))
        #expect(help.contains("(default: 50x50)"))
        #expect(help.contains("--fps <N>                   Frames per second of a GIF or APNG. (default: 10)"))
        #expect(help.contains("--compare[=<A,B>]"))
        #expect(help.contains("(default: naive-super,cached)"))
    }

    /// Help wraps to the width it is given, names the shared layout options' page instead of listing them, and lists
    /// a command's own options before the shared ones.
    @Test func helpWrapsToTheTerminalAndNamesTheSharedOptionsPage() throws {
        for width in [60, 80, 132] {
            for command in TagFlowCommand.commands {
                let lines = command.help(width: width).split(separator: "\n")
                let long = lines.filter { $0.count > width }
                #expect(long.isEmpty, "\(command.configuration.name) at \(width): \(long)")
            }
            let page = HelpPage.layoutOptions.text(width: width).split(separator: "\n")
            #expect(page.allSatisfy { $0.count <= width })
        }
        let render = RenderCommand.help(width: 200)
        #expect(!render.contains("--line-spacing"), "the layout options are on their page")
        #expect(render.contains("see 'tagflow help layout-options'"))
        let picture = try #require(render.firstRange(of: "PICTURE:")), input = try #require(render.firstRange(of: "INPUT:"))
        #expect(picture.lowerBound < input.lowerBound, "render's own options come first")
        // Prose that runs over lines in the declaration is one paragraph.
        let diff = DiffCommand.help(width: 200, full: true)
        #expect(diff.contains("with translucent pixels blended over white (pixelmatch 7.x blends them over a grey"))
        #expect(HelpText.width(environment: ["COLUMNS": "100"]) == 100)
        #expect(HelpText.width(environment: ["COLUMNS": "12"]) == 40)
    }

    /// `--help` fits a screen: at most 60 lines of at most 80 columns, each option's help to its first clause and the
    /// shared groups named in a line. `tagflow help COMMAND` holds the rest: every option's whole help, the shared
    /// input options and the discussion's details.
    @Test func helpFitsAScreenAndTheFullHelpHoldsTheRest() {
        for command in TagFlowCommand.commands {
            let name = command.configuration.name
            let short = command.help(width: 80), full = command.help(width: 80, full: true)
            let lines = short.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 61 && lines.last == "", "\(name) --help: \(lines.count - 1) lines")
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(name)")
            let wideFull = command.help(width: 10_000, full: true)
            #expect(Self.rowsMissingFromFullHelp(command).isEmpty, "\(name)")
            let details = String(command.configuration.details.prefix(40))
            if !details.isEmpty {
                #expect(!command.help(width: 10_000).contains(details) && wideFull.contains(details), "\(name)")
                #expect(short.hasSuffix("In full: tagflow help \(name)\n"), "\(name)")
            }
            #expect(full.count >= short.count, "\(name)")
        }
        let scroll = ScrollCommand.help(width: 200)
        #expect(scroll.contains("--png-compression <fastest|fast|small>"))
        #expect(scroll.contains("How hard PNGs are compressed. (default: fast)\n"), "the first clause, then the default")
        #expect(scroll.contains("INPUT:\n  --config, --input-format, --device and 7 more: see 'tagflow help scroll'."))
        #expect(!scroll.contains("--font-dir"))
        #expect(ScrollCommand.help(width: 200, full: true).contains("--font-dir <DIR>"))
        #expect(HelpText.firstClause("Colours; light is YLTagsChooser's.") == "Colours.")
        #expect(HelpText.firstClause("Points between frames.") == "Points between frames.")
        #expect(HelpText.firstClause("Pass when at most this share differs; 0.001 or 0.1% of the pixels.")
                    == "Pass when at most this share differs.")
    }

    /// The rows of `command`'s options, but for those on a help page, that its full help does not show whole.
    static func rowsMissingFromFullHelp<Command: ParsableCommand>(_ command: Command.Type) -> [String] {
        let full = command.help(width: 10_000, full: true)
        return command.arguments.filter { $0.page == nil }.flatMap(\.arguments).filter { !$0.isPositional }
            .map { HelpText.row($0).text }.filter { !full.contains($0) }
    }

    /// An option whose default is no text at all shows none, rather than `(default: )`.
    @Test func anEmptyDefaultIsNotShown() {
        for command in TagFlowCommand.commands {
            #expect(!command.help(width: 10_000).contains("(default: )"), "\(command.configuration.name)")
        }
        #expect(MeasureCommand.help(width: 10_000, full: true).contains("opsz follows the size unless set.\n"))
    }

    @Test func valuesCanBeInlineOrSeparate() throws {
        let layout = try parse(LayoutCommand.self, ["a.tags", "--width=320", "--padding", "3", "--format=json"])
        let options = try layout.input.options(config: ConfigFile())
        #expect(options.width == 320)
        #expect(options.padding == 3)
        #expect(layout.format == .json)
    }

    @Test func aNegativeNumberIsReadAsAValueNotAnOption() {
        let report = failure(LayoutCommand.self, ["a.tags", "--padding", "-3"])
        #expect(report?.message == "--padding must not be negative, got -3")
        #expect(report?.showsUsage == true)
    }

    @Test func layoutFlagsApplyInOrderAfterTheConfig() throws {
        let layout = try parse(LayoutCommand.self, ["a.tags", "--alignment", "center", "--section-inset", "4"])
        let config = try ConfigFile.parse(Array(#"{"alignment": "right", "width": 300}"#.utf8), file: "c.json")
        let options = try layout.input.options(config: config)
        #expect(options.alignment == .center)
        #expect(options.width == 300)
        #expect(options.sectionInset == EdgeInsets(all: 4))
    }

    @Test func aRepeatingOptionCollectsEveryValue() throws {
        let diff = try parse(DiffCommand.self, ["a.png", "b.png", "--ignore", "0,0,10,10", "--ignore=5,5,1,1"])
        #expect(diff.pixels.ignore == [PixelRegion(x: 0, y: 0, width: 10, height: 10),
                                       PixelRegion(x: 5, y: 5, width: 1, height: 1)])
    }

    @Test func anOptionThatDoesNotRepeatIsRefusedTwice() {
        let report = failure(LayoutCommand.self, ["a.tags", "--width", "3", "--width", "4"])
        #expect(report?.message == "--width is given more than once")
    }

    @Test(arguments: [
        (["a.tags", "--compare", "-o", "x.gif"], [QueryStrategy.naiveSuper, .cached]),
        (["a.tags", "--compare", "visible-rect,cached", "-o", "x.gif"], [.visibleRect, .cached]),
        (["a.tags", "--compare=cached,naive-super", "-o", "x.gif"], [.cached, .naiveSuper]),
        (["--compare", "a.tags", "-o", "x.gif"], [.naiveSuper, .cached]),
    ])
    func compareTakesAStrategyPairAfterASpaceOrAnEqualsSign(_ arguments: [String], _ expected: [QueryStrategy]) throws {
        let scroll = try parse(ScrollCommand.self, arguments)
        #expect(scroll.strategies == expected)
        #expect(scroll.tagsPath == "a.tags")
    }

    @Test func aWordAfterCompareThatIsNotAPairSaysWhy() {
        let report = failure(ScrollCommand.self, ["a.tags", "--compare", "naive-super,bogus", "-o", "x.gif"])
        #expect(report?.message == "unexpected argument 'naive-super,bogus'")
        #expect(report?.hint == "as the value of --compare: --compare must be one of cached, naive-super, visible-rect; got 'bogus'")
    }

    @Test func anUnknownOptionSuggestsTheClosest() {
        let report = failure(LayoutCommand.self, ["a.tags", "--widht", "3"])
        #expect(report?.message == "unknown option '--widht'")
        #expect(report?.hint == "did you mean '--width'?")
        #expect(report?.showsUsage == true)
    }

    @Test func choicesAreListedFromTheEnums() {
        let report = failure(ScrollCommand.self, ["a.tags", "-o", "x.gif", "--view", "devise"])
        let views = ScrollView.allCases.map(\.rawValue)
        #expect(report?.message == "--view must be one of \(views.joined(separator: ", ")); got 'devise'")
        #expect(report?.hint == "did you mean 'device'?")
        #expect(ScrollCommand.help(width: 10_000).contains("--view <\(views.joined(separator: "|"))>"))
        let queries = CheckCommand.QueryKind.allCases.map(\.rawValue).joined(separator: "|")
        #expect(CheckCommand.help(width: 10_000).contains("--query <\(queries)>"))
    }

    @Test func aChoiceIsReadInAnyCaseAndSuggestedOnlyWhenOneIsClosest() throws {
        let scroll = try parse(ScrollCommand.self, ["a.tags", "-o", "x.gif", "--view", "Device", "--content-size", "ax3"])
        #expect(scroll.view == .device)
        let contentSize = try #require(scroll.input.overrides.first { $0.setting.key == .contentSize })
        guard case let .text(name) = contentSize.value else { Issue.record("--content-size read as \(contentSize.value)"); return }
        #expect(name == "AX3")
        // AX6 is as near AX1 as AX5: no one of them is what was meant.
        let report = failure(LayoutCommand.self, ["a.tags", "--content-size", "AX6"])
        #expect(report?.message.hasSuffix("got 'AX6'") == true)
        #expect(report?.hint == nil)
        #expect(closestMatch(to: "AX6", in: ["AX1", "AX5"]) == nil)
        #expect(closestMatch(to: "AX", in: ["AX1", "xS"]) == "AX1")
        #expect(chosenName("xl", in: ["xL", "xxL"]) == "xL")
        #expect(chosenName("a", in: ["A", "a2", "b"]) == "A")
        #expect(chosenName("ab", in: ["AB", "Ab"]) == nil)
    }

    @Test func validateRefusesOptionsThatDecideTheSameThing() {
        #expect(failure(ScrollCommand.self, ["a.tags", "-o", "x.gif", "--step", "5", "--frames", "3"])?.message
                == "--step and --frames both space the frames")
        #expect(failure(ScrollCommand.self, ["a.tags", "-o", "x.gif", "--strategy", "cached", "--compare"])?.message
                == "--strategy and --compare both choose strategies")
        #expect(failure(ScrollCommand.self, ["a.tags", "-o", "x.png", "--sheet", "--apng"])?.message == "--sheet and --apng both want the .png output")
    }

    @Test func aMissingOutputIsAUsageErrorForEveryCommandThatNeedsOne() {
        for report in [failure(RenderCommand.self, ["a.tags"]), failure(ScrollCommand.self, ["a.tags"])] {
            #expect(report?.message == "missing --output")
            #expect(report?.showsUsage == true)
        }
    }

    @Test func diffValidatesItsInputs() throws {
        #expect(failure(DiffCommand.self, ["a", "b", "c"])?.message == "diff takes two inputs, got 3")
        let diff = try parse(DiffCommand.self, ["a.tags", "b.tags", "--width", "300"])
        #expect(diff.given.first(inGroup: \.input) == "--width")
        #expect(diff.given.first(inGroup: \.pixels) == nil)
    }

    @Test func helpIsAskedForAnywhere() throws {
        #expect(try ScrollCommand.parse(["--help"]) == nil)
        #expect(try LayoutCommand.parse(["a.tags", "-h"]) == nil)
    }

    @Test func everyLayoutOptionIsAFlagWithItsDefault() {
        let help = HelpPage.layoutOptions.text(width: 10_000)
        for setting in LayoutSetting.all { #expect(help.contains(setting.flag), "\(setting.flag) missing from help") }
        #expect(help.contains("--section-inset <T,L,B,R>"))
        #expect(help.contains("(default: 10,10,10,10)"))
        #expect(help.contains("(default: 7.5)"))
    }

    /// The settings table follows the list of option keys, each key's flag spelling its words.
    @Test func everyLayoutOptionKeyButTheDeviceScaleHasASetting() {
        #expect(LayoutSetting.all.map(\.key) == LayoutOptionKey.allCases.filter { $0 != .displayScale })
        #expect(LayoutSetting.named(.interitemSpacing).flag == "--interitem-spacing")
        #expect(ConfigFile.keys.starts(with: ["width", "height", "font", "fontSize"]))
    }

    /// The flags, and the config keys when they are other words than the flags.
    @Test func layoutOptionErrorsNameTheFlagsAndKeysThatFixThem() {
        let report = ErrorReport(LayoutOptionsError.insetsTooWide(total: 400, width: 375))
        #expect(report.message == "the insets take 400 pt of the 375 pt width, leaving no room for tags")
        #expect(report.hint == #"reduce --section-inset or --content-inset, or raise --width (in a config file: "sectionInset", "contentInset")"#)
        #expect(ErrorReport(LayoutOptionsError.noRoomForText(lineWidth: 10, padding: 7)).hint == "reduce --padding or raise --width")
        let side = ErrorReport(LayoutOptionsError.negative(option: .sectionInset, side: .top, value: -1))
        #expect(side.hint == #"set sectionInset.top to 0 or more (in a config file: "sectionInset.top")"#)
    }
}

import TagFlowLayout

/// The options of `tagflow layout` and `render`, rebuilt here from the same tables, because the command files
/// import the font and drawing modules: the input options, a flag for every `LayoutSetting`, and option shapes
/// the parser treats specially (a repeated option, an optional value, a short name).
let fuzzSpec = CommandSpec(
    name: "layout",
    abstract: "Fuzzing the argument parser.",
    positionals: [PositionalSpec("tags-file", help: "A tags file.")],
    optionGroups: [
        ("Input", [
            OptionSpec(["--config"], value: "FILE", help: "A JSON file."),
            OptionSpec(["--input-format"], value: "auto|tags|json", help: "How to read the tags input.", default: "auto"),
        ]),
        ("Layout", LayoutSetting.all.map { setting in
            OptionSpec([setting.flag], value: setting.valueName, help: setting.help, default: setting.current(LayoutOptions()))
        }),
        ("Output", [
            OptionSpec(["--format"], value: "text|json", help: "Format.", default: "text"),
            OptionSpec(["--output", "-o"], value: "FILE", help: "Output."),
            OptionSpec(["--compare"], value: "A,B", help: "Two strategies.", valueIsOptional: true),
            OptionSpec(["--ignore"], value: "KIND", help: "Repeats.", repeats: true),
            OptionSpec(["--quiet", "-q"], help: "A flag."),
        ]),
    ])

/// A second spec whose last positional takes every remaining argument, as `measure TEXT...` does.
let fuzzRepeatingSpec = CommandSpec(
    name: "measure", abstract: "Fuzzing repeated positionals.",
    positionals: [PositionalSpec("text", help: "Texts.", repeats: true)],
    optionGroups: [("Font", [OptionSpec(["--font"], value: "NAME", help: "Font."), OptionSpec(["--format"], value: "F", help: "Format.")])])

/// libFuzzer target: the argument parser (`CommandSpec.parse`), then every layout flag's value through
/// `LayoutSetting.value(fromArgument:flag:)`, applied and validated as `LayoutInput.options` does, and laid out.
/// The input is the argument list, split at NUL bytes (no argument can hold one). A thrown `UsageError` or
/// `InputError` is a correct answer to a bad command line; only a crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Invalid UTF-8 is repaired, as `CommandLine.arguments` repairs it.
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    _ = try? fuzzRepeatingSpec.parse(arguments)
    do {
        let parsed = try fuzzSpec.parse(arguments)
        var options = LayoutOptions()
        for setting in LayoutSetting.all {
            guard let text = parsed.value(setting.flag) else { continue }
            setting.apply(&options, try setting.value(fromArgument: text, flag: setting.flag))
            _ = setting.current(options)
        }
        layOut(fuzzDocument, options: options)
    } catch let error as UsageError {
        _ = error.description
    } catch {
        _ = "\(error)"
    }
    return 0
}

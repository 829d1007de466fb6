import Foundation
import Testing
import TagFlowTestSupport

/// Hard and bad inputs, run end to end through the binary: each case names its exit status and words of its
/// message, and, when it fails, writes nothing and prints nothing on standard output.
///
/// Inputs are generated into a fresh folder per case, so the corpus needs no resource files. No case is timed:
/// a run is stopped only after ``hangTimeout``, as hung. How fast tagflow is belongs to `make bench`.
@Suite(.serialized) struct BadInputCorpusTests {
    /// A file a case puts in its folder before running.
    enum Content: Sendable {
        case text(String)
        case bytes([UInt8])
        /// Made when the case runs, for inputs too large to keep in the case list.
        case generated(@Sendable () -> [UInt8])
        case directory
        case symlink(to: String)
        /// A second name for a file made before it (names are made in order).
        case hardLink(to: String)
    }

    enum StandardInput: Sendable {
        case empty
        case bytes([UInt8])
        /// An endless source: /dev/zero.
        case endless
    }

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var files: [String: Content] = [:]
        var arguments: [String]
        var stdin: StandardInput = .empty
        var status: Int32
        /// Words the message on standard error must hold.
        var stderr: [String] = []
        /// Words standard output must hold (for cases that succeed).
        var stdout: [String] = []
        var description: String { name }
    }

    /// Long enough for a million tags under a sanitizer on a slow machine: it only catches a hang. Speed is
    /// measured by the benchmark program, never by a test.
    static let hangTimeout: Double = 600

    // MARK: - The corpus

    static let tagsCases: [Case] = [
        Case(name: "invalid UTF-8", files: ["a.tags": .bytes(Array("篮球\n".utf8) + [0xFF, 0x41, 0x0A])], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:2:1: error: invalid UTF-8 (byte 0xFF)", "help: save the file as UTF-8"]),
        Case(name: "UTF-8 cut off at the end of the file", files: ["a.tags": .bytes(Array("ok\n".utf8) + [0xE7, 0xAF])], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:2:1: error: invalid UTF-8 (byte 0xE7): the file ends part way through a character", "help: the file looks cut off"]),
        Case(name: "overlong UTF-8", files: ["a.tags": .bytes(Array("ab".utf8) + [0xC0, 0xAF, 0x0A])], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:3: error: invalid UTF-8 (byte 0xC0)"]),
        Case(name: "a surrogate encoded as UTF-8", files: ["a.tags": .bytes([0xED, 0xA0, 0x80, 0x0A])], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:1: error: invalid UTF-8 (byte 0xED)"]),
        Case(name: "NUL byte", files: ["a.tags": .bytes(Array("篮球\na".utf8) + [0x00] + Array("b\n".utf8))], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:2:2: error: a NUL byte in the tags file", "help: tags files are plain UTF-8 text"]),
        Case(name: "a control character", files: ["a.tags": .text("x\u{1B}[31m\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:2: error: a control character U+001B in the tags file"]),
        Case(name: "a 10 MB single line", files: ["a.tags": .generated { [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000) + [0x0A] }],
             arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:1: error: a tag of more than 1000 characters (10000000 bytes); tags are at most 1000", "split the line into several tags"]),
        Case(name: "a tag one character too long", files: ["a.tags": .text(String(repeating: "长", count: 1001) + "\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:1: error: a tag of more than 1000 characters (3003 bytes); tags are at most 1000"]),
        Case(name: "a million tags", files: ["a.tags": .generated(millionTags)], arguments: ["layout", "a.tags", "-o", "layout.txt"],
             status: 0),
        Case(name: "an empty file", files: ["a.tags": .text("")], arguments: ["layout", "a.tags"],
             status: 0, stdout: ["content 375×0  0 section(s), 0 tag(s)"]),
        Case(name: "an empty file drawn to PNG", files: ["a.tags": .text("")], arguments: ["render", "a.tags", "-o", "out.png"],
             status: 2, stderr: ["error: the content is 375×0 pt: there is nothing to draw", "add a tag or an '@section' with a title"]),
        Case(name: "an empty file drawn to SVG", files: ["a.tags": .text("# only a comment\n")], arguments: ["render", "a.tags", "-o", "out.svg"],
             status: 2, stderr: ["error: the content is 375×0 pt: there is nothing to draw"]),
        Case(name: "JSON with no sections drawn to PDF", files: ["a.json": .text(#"{"sections": []}"#)], arguments: ["render", "a.json", "-o", "out.pdf"],
             status: 2, stderr: ["error: the content is 375×0 pt: there is nothing to draw"]),
        Case(name: "a file of only comments", files: ["a.tags": .text("# one\n# two\n#\n")], arguments: ["layout", "a.tags"],
             status: 0, stdout: ["0 section(s), 0 tag(s)"]),
        Case(name: "a file of only blank lines", files: ["a.tags": .text("\n  \n\t\n\r\n")], arguments: ["layout", "a.tags"],
             status: 0, stdout: ["0 section(s), 0 tag(s)"]),
        Case(name: "only a byte-order mark", files: ["a.tags": .bytes([0xEF, 0xBB, 0xBF])], arguments: ["layout", "a.tags"],
             status: 0, stdout: ["0 section(s), 0 tag(s)"]),
        Case(name: "BOM and CRLF", files: ["a.tags": .bytes([0xEF, 0xBB, 0xBF] + Array("@section 运动\r\n* 篮球\r\n足球\r\n@footer 最多\r\n".utf8))],
             arguments: ["layout", "a.tags", "--format", "json"],
             status: 0, stdout: [#""title": "运动""#, #""text": "篮球""#, #""text": "足球""#, #""footer": "最多""#]),
        Case(name: "unknown marker", files: ["a.tags": .text("@sectoin 运动\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:1: error: unknown marker '@sectoin'", "did you mean '@section'?", #"write '\@sectoin 运动'"#]),
        Case(name: "two footers", files: ["a.tags": .text("@section A\n@footer one\nx\n@footer two\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:4:1: error: this section already has a footer (line 2)"]),
        Case(name: "a footer with no text", files: ["a.tags": .text("x\n@footer   \n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:2:1: error: @footer needs text"]),
        Case(name: "a star with no tag", files: ["a.tags": .text("x\n  *\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:2:3: error: a '*' line needs the text of the preselected tag"]),
        Case(name: "a lone backslash", files: ["a.tags": .text("\\\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: [#"a.tags:1:1: error: a '\' with no tag text after it"#]),
        Case(name: "more preselected than maxSelection", files: ["a.tags": .text("* a\n* b\n* c\n")], arguments: ["layout", "a.tags", "--max-selection", "2"],
             status: 2, stderr: ["error: 3 tags are preselected but maxSelection is 2"]),
    ]

    static let jsonCases: [Case] = [
        Case(name: "a config's misspelt style key, given to layout", files: ["a.tags": .text("x\n"), "c.json": .text("{\"style\": {\"cellFil\": \"#ff0000\"}}")],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:12: error: unknown key \"cellFil\" in \"style\"", "did you mean \"cellFill\"?"]),
        Case(name: "a config's style colour that is not one, given to check", files: ["a.tags": .text("x\n"), "c.json": .text("{\"style\": {\"cellFill\": \"red\"}}")],
             arguments: ["check", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:24: error:", "red"]),
        Case(name: "a lone high surrogate in a \\u escape", files: ["a.json": .text(#"{"sections": [{"tags": ["\ud800x"]}]}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: [#"a.json:1:26: error: a lone surrogate \uD800 in a string"#, "a high surrogate must be followed by a low one"]),
        Case(name: "a lone low surrogate in a \\u escape", files: ["a.json": .text(#"{"sections": [{"tags": ["\udc00"]}]}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: [#"error: a lone surrogate \uDC00 in a string"#, "a low surrogate must follow a high one"]),
        Case(name: "a raw NUL in a JSON string", files: ["a.json": .bytes(Array(#"{"sections": [{"tags": ["a"#.utf8) + [0] + Array(#"b"]}]}"#.utf8))],
             arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: a control character (0x0) inside a string"]),
        Case(name: "an escaped NUL in a tag", files: ["a.json": .text(#"{"sections": [{"tags": ["a\u0000b"]}]}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: a control character U+0000 in a tag"]),
        Case(name: "invalid UTF-8 in a JSON string", files: ["a.json": .bytes(Array(#"{"sections": [{"tags": [""#.utf8) + [0xFF] + Array(#""]}]}"#.utf8))],
             arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: invalid UTF-8 in a string"]),
        Case(name: "deeply nested JSON", files: ["a.json": .generated { Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8) }],
             arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: JSON nested deeper than 64 levels"]),
        Case(name: "text after the JSON value", files: ["a.json": .text(#"{"sections": []} {}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: ["a.json:1:18: error: unexpected text after the JSON value"]),
        Case(name: "a duplicate key", files: ["a.json": .text(#"{"sections": [], "sections": []}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: [#"a.json:1:18: error: the key "sections" appears twice"#]),
        Case(name: "JSON cut off", files: ["a.json": .text(#"{"sections": [{"tags": ["a""#)], arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: the JSON ends inside an array"]),
        Case(name: "a trailing comma in a JSON array", files: ["a.json": .text(#"{"sections": [{"tags": ["a", "b",]}]}"#)],
             arguments: ["layout", "a.json"],
             status: 2, stderr: ["a.json:1:34: error: a comma before ']'", "help: JSON allows no comma after the last value of an array: remove it"]),
        Case(name: "a trailing comma in a JSON object", files: ["a.tags": .text("a\n"), "c.json": .text(#"{"width": 320,}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:15: error: a comma before '}'", "help: JSON allows no comma after the last member of an object: remove it"]),
        Case(name: "a string where the config wants an array", files: ["a.tags": .text("a\n"), "c.json": .text(#"{"fontFiles": "a.ttf"}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:1:15: error: expected "fontFiles" to be an array, found a string"#, "help: write a list in square brackets"]),
        Case(name: "a quoted number in a config", files: ["a.tags": .text("a\n"), "c.json": .text(#"{"width": "320"}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"error: expected "width" to be a number, found a string, "320""#, "help: write the number without quotes"]),
        Case(name: "a word for a number in a config", files: ["a.tags": .text("a\n"), "c.json": .text(#"{"interitemSpacing": "wide"}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:1:22: error: expected "interitemSpacing" to be a number, found a string"#,
                                 "help: write a number, such as 10 or 7.5, without quotes"]),
        Case(name: "an empty JSON file", files: ["a.json": .text("")], arguments: ["layout", "a.json"],
             status: 2, stderr: ["a.json:1:1: error: the JSON ends where a value was expected"]),
        Case(name: "a JSON array instead of an object", files: ["a.json": .text(#"["篮球"]"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: expected the tags JSON to be a JSON object, found an array"]),
        Case(name: "an empty tag in JSON", files: ["a.json": .text(#"{"sections": [{"tags": [""]}]}"#)], arguments: ["layout", "a.json"],
             status: 2, stderr: ["error: an empty tag"]),
        Case(name: "JSON on standard input, cut off", arguments: ["layout", "-"], stdin: .bytes(Array(#"  {"sections": "#.utf8)),
             status: 2, stderr: ["<stdin>:1:16: error: the JSON ends where a value was expected"]),
        Case(name: "tags read as JSON by --input-format", files: ["a.tags": .text("篮球\n")], arguments: ["layout", "a.tags", "--input-format", "json"],
             status: 2, stderr: ["a.tags:1:1: error: expected a JSON value"]),
    ]

    static let numberCases: [Case] = [
        Case(name: "a number too large for a double", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"width": 1e999}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:11: error: the number 1e999 is too large"]),
        Case(name: "a huge finite number", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"height": 1e300}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:1:12: error: "height" must be a finite number below 1e9"#]),
        Case(name: "NaN in a config", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"width": NaN}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:11: error: expected a JSON value", "found 'N'"]),
        Case(name: "a negative number in a config", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"width": -5}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:1:11: error: "width" must be greater than 0, got -5"#]),
        Case(name: "NaN as a flag", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--width", "nan"],
             status: 2, stderr: ["error: --width expects a number, got 'nan'"]),
        Case(name: "infinity as a flag", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--font-size", "1e999"],
             status: 2, stderr: ["error: --font-size must be a finite number below 1e9, got inf"]),
        Case(name: "a negative flag", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--line-spacing=-4"],
             status: 2, stderr: ["error: --line-spacing must not be negative, got -4"]),
        Case(name: "a fractional count", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--max-lines", "2.5"],
             status: 2, stderr: ["error: --max-lines must be a whole number of at least 0, got 2.5"]),
        Case(name: "a width smaller than 2 × padding", files: ["a.tags": .text("x\n")],
             arguments: ["layout", "a.tags", "--width", "30", "--padding", "15", "--section-inset", "0"],
             status: 2, stderr: ["error: a line is 30 pt wide, which leaves no room for text between 2 × 15 pt of padding", "reduce --padding"]),
        Case(name: "insets wider than the width", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--width", "14"],
             status: 2, stderr: ["error: the insets take 20 pt of the 14 pt width"]),
        Case(name: "an itemHeight of 0", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--item-height", "0"],
             status: 2, stderr: ["error: --item-height must be greater than 0, got 0"]),
        Case(name: "an itemHeight of 0 in a config", files: ["a.tags": .text("x\n"), "c.json": .text("{\n  \"itemHeight\": 0\n}")],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:2:17: error: "itemHeight" must be greater than 0, got 0"#]),
        Case(name: "a font size FreeType cannot draw", files: ["a.tags": .text("x\n")], arguments: ["render", "a.tags", "--font-size", "100000", "-o", "a.png"],
             status: 2, stderr: ["error: fontSize must be at most 1000 pt, got 100000", "help: lower --font-size"]),
        Case(name: "tracking that leaves texts no width", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--tracking", "-100"],
             status: 2, stderr: ["error: tracking must be from -3.5 to 14 pt at this font size", "got -100"]),
        Case(name: "tracking that leaves a measured text no width", arguments: ["measure", "abc", "--tracking", "-100"],
             status: 2, stderr: ["error: tracking must be from -3.5 to 14 pt"]),
        Case(name: "a style alpha over 1", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"style": {"outsideAlpha": 1.01}}"#)],
             arguments: ["scroll", "a.tags", "--config", "c.json", "--frames", "2", "-o", "a.gif"],
             status: 2, stderr: [#"c.json:1:28: error: "outsideAlpha" must be a number from 0 to 1, got 1.01"#]),
        Case(name: "a vertical layout with rows, from a config", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"rows": 3}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["error: rows is 3", #"help: add --scroll-direction horizontal, or leave --rows out (in a config file: "scrollDirection")"#]),
        Case(name: "an empty config", files: ["a.tags": .text("x\n"), "c.json": .text("")], arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:1: error: the JSON ends where a value was expected"]),
        Case(name: "a config with a BOM and CRLF", files: ["a.tags": .text("x\n"), "c.json": .bytes([0xEF, 0xBB, 0xBF] + Array("{\r\n  \"width\": 320\r\n}\r\n".utf8))],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 0, stdout: ["viewport 320×412"]),
    ]

    static let fileCases: [Case] = [
        Case(name: "a missing font", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--font", "No Such Font Family"],
             status: 2, stderr: ["error: font family 'No Such Font Family' not found by fontconfig"]),
        Case(name: "a missing font named by a config", files: ["a.tags": .text("x\n"), "c.json": .text("{\n  \"width\": 320,\n  \"font\": \"No Such Font Family\"\n}\n")],
             arguments: ["render", "a.tags", "--config", "c.json", "-o", "a.png"],
             status: 2, stderr: ["c.json:3:11: error: font family 'No Such Font Family' not found by fontconfig"]),
        Case(name: "a missing font named by the new side's config", files: ["a.tags": .text("x\n"), "old.json": .text("{}"), "new.json": .text(#"{"font": "No Such Font Family"}"#)],
             arguments: ["diff", "a.tags", "--old-config", "old.json", "--new-config", "new.json"],
             status: 2, stderr: ["new.json:1:10: error: font family 'No Such Font Family' not found by fontconfig"]),
        Case(name: "font variations in a config that are not a list of settings", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"fontVariations": "wght=bold"}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:20: error: \"fontVariations\" 'wght=bold' is not a list of axis=value settings"]),
        Case(name: "a font folder given as a font file", files: ["fonts": .directory],
             arguments: ["measure", "Hello", "--font-file", "fonts"],
             status: 2, stderr: ["error: 'fonts' is a folder, not a font file", "help: give a folder of fonts with --font-dir"]),
        Case(name: "a font folder with no font in it", files: ["fonts": .directory, "fonts/readme.txt": .text("fonts go here\n")],
             arguments: ["measure", "x", "--font-dir", "fonts"],
             status: 2, stderr: ["error: font folder 'fonts' holds no font that fontconfig loads", "help: put TTF, OTF, TTC, WOFF or WOFF2 files in it"]),
        Case(name: "a file given as a font folder", files: ["a.ttf": .bytes([0, 1, 0, 0])],
             arguments: ["measure", "Hello", "--font-dir", "a.ttf"],
             status: 2, stderr: ["error: 'a.ttf' is a file, not a folder of fonts", "help: give a font file with --font-file"]),
        Case(name: "a variation of a font that is not variable", arguments: ["measure", "Hello", "--font", "DejaVu Sans", "--font-variations", "wght=700"],
             status: 2, stderr: ["error: font 'DejaVu Sans' is not a variable font, so it has no 'wght' axis",
                                 "help: leave out --font-variations"]),
        Case(name: "a list of fonts none of which is installed", files: ["a.tags": .text("x\n")],
             arguments: ["layout", "a.tags", "--font", "SF Pro Text, PingFang SC, Apple Color Emoji"],
             status: 2, stderr: ["error: none of the font families 'SF Pro Text', 'PingFang SC', 'Apple Color Emoji' is installed",
                                 "help: give their files with --font-file or --font-dir, or use --font system-ios for installed stand-ins"]),
        Case(name: "a missing tags file", arguments: ["layout", "nowhere.tags"],
             status: 2, stderr: ["error: cannot read 'nowhere.tags': no such file"]),
        Case(name: "a folder as the tags file", files: ["folder": .directory], arguments: ["layout", "folder"],
             status: 2, stderr: ["error: cannot read 'folder': it is a directory"]),
        Case(name: "a dangling symbolic link", files: ["a.tags": .symlink(to: "gone.tags")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["error: cannot read 'a.tags': no such file"]),
        // Root reads any file whatever its mode; /proc/self/mem cannot be read at offset 0 even by root (EIO).
        Case(name: "an unreadable file", arguments: ["layout", "/proc/self/mem"],
             status: 2, stderr: ["error: cannot read '/proc/self/mem': Input/output error"]),
        // Regression: an endless file reported no size and was read whole, without bound.
        Case(name: "an endless device", arguments: ["layout", "/dev/zero"],
             status: 2, stderr: ["error: cannot read '/dev/zero': it is a character device, not a regular file"]),
        // Regression: Foundation's readDataToEndOfFile trapped (or exhausted memory) on endless standard input.
        Case(name: "endless standard input", arguments: ["layout", "-"], stdin: .endless,
             status: 2, stderr: ["error: '<stdin>' is larger than 256 MB"]),
        Case(name: "a missing config", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--config", "nowhere.json"],
             status: 2, stderr: ["error: cannot read 'nowhere.json': no such file"]),
        Case(name: "a missing output folder", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "-o", "no/such/out.txt"],
             status: 2, stderr: ["error: cannot write 'no/such/out.txt': the folder", "does not exist"]),
        Case(name: "a file as the output folder", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "-o", "a.tags/out.txt"],
             status: 2, stderr: ["error: cannot write 'a.tags/out.txt'"]),
        // Root writes almost anywhere; sysfs refuses to create files even for root.
        Case(name: "an unwritable output folder", files: ["a.tags": .text("x\n")], arguments: ["render", "a.tags", "-o", "/sys/tagflow-out.png"],
             status: 2, stderr: ["error: cannot create a temporary file to write /sys/tagflow-out.png: Permission denied",
                                 "help: '/sys/tagflow-out.png' is as it was; check the folder and run again"]),
        Case(name: "the output is the input", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "-o", "a.tags"],
             status: 2, stderr: ["error: the output 'a.tags' is also an input", "never overwrites its input"]),
        Case(name: "the output is the input by another path", files: ["a.tags": .text("x\n"), "link.tags": .symlink(to: "a.tags"), "sub": .directory],
             arguments: ["render", "a.tags", "-o", "./sub/../link.tags"],
             status: 2, stderr: ["error: the output './sub/../link.tags' is also an input"]),
        Case(name: "a manifest's screen naming a missing tags file", files: ["tagflow.json": .text("{\"screens\": [\n  {\"name\": \"a\", \"tags\": \"missing.tags\"}\n]}")],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["tagflow.json:2:25: error: screen 'a', its tags: cannot read 'missing.tags': no such file", "relative to the manifest's folder"]),
        Case(name: "two scroll outputs of one kind in a screen",
             files: ["a.tags": .text("x\n"), "tagflow.json": .text("{\"screens\": [{\"name\": \"a\", \"tags\": \"a.tags\",\n  \"scroll\": [{\"output\": \"sheet\"},\n    {\"output\": \"sheet\", \"frames\": 4}]}]}")],
             arguments: ["snapshot", "record"],
             status: 2, stderr: ["tagflow.json:3:5: error: a second \"sheet\" scroll output in this screen (the first is on line 2): both would write the goldens named *.sheet.png",
                                 "help: keep one \"sheet\" entry per screen"]),
        Case(name: "a goldens folder that is a file", files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"goldens": "a.tags", "screens": [{"name": "a", "tags": "a.tags"}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["error: the goldens folder 'a.tags' is a file"]),
        Case(name: "a golden that is a folder", files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags"}]}"#),
                                                       "snapshots/a/default.png": .directory],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["the golden 'snapshots/a/default.png' is a folder, not a PNG"]),
        Case(name: "a device scale --scale does not take", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"devices": [{"name": "kiosk", "width": 300, "scale": 7}]}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: [#"c.json:1:55: error: "scale" of device 'kiosk' must be 1, 2 or 3, as --scale, got 7"#]),
        Case(name: "a device named as a built-in one", files: ["a.tags": .text("x\n"), "c.json": .text(#"{"devices": [{"name": "iPhone 15", "width": 300, "scale": 2}]}"#)],
             arguments: ["layout", "a.tags", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:23: error: the device name 'iPhone 15' is taken by the built-in 'iphone-15'"]),
        Case(name: "two devices whose names differ in case", files: ["a.tags": .text("x\n"),
                                                                   "c.json": .text(#"{"devices": [{"name": "k", "width": 300, "scale": 1}, {"name": "K", "width": 600, "scale": 1}]}"#)],
             arguments: ["devices", "--config", "c.json"],
             status: 2, stderr: ["c.json:1:64: error: the device name 'K' is taken by 'k', given earlier in this config"]),
        Case(name: "a snapshot scale --scale does not take", files: ["a.tags": .text("x\n"),
                                                                    "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags", "variants": {"scales": [2, 7]}}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: [#"tagflow.json:1:73: error: a value of "scales" must be 1, 2 or 3, as --scale, got 7"#]),
        Case(name: "a config given as the tags", files: ["c.json": .text("{\n  \"width\": 320\n}")], arguments: ["layout", "c.json"],
             status: 2, stderr: ["c.json:2:3: error: 'c.json' is a config, where tags were expected", "help: give it with --config"]),
        Case(name: "a layout JSON given as the new tags", files: ["a.tags": .text("x\n"), "l.json": .text(#"{"viewport": {"width": 375, "height": 412}, "sections": [{"items": []}]}"#)],
             arguments: ["diff", "a.tags", "l.json"],
             status: 2, stderr: ["error: 'l.json' is a layout JSON file but 'a.tags' is not", "help: compare two layout files"]),
        Case(name: "a damaged fonts.json beside the goldens", files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags"}]}"#),
                                                                   "snapshots": .directory, "snapshots/fonts.json": .text(#"{"x": 1}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["snapshots/fonts.json:1:1: error: expected fonts.json to be an array", "delete it, and snapshot record writes it again"]),
        Case(name: "a contact sheet's option with a GIF", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--sheet", "--frames", "2", "-o", "a.gif"],
             status: 2, stderr: ["error: --sheet draws a contact sheet, which is written to -o NAME.png"]),
        Case(name: "a contact sheet's columns with a folder", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--sheet-columns", "3", "--frames", "2", "-o", "frames"],
             status: 2, stderr: ["error: --sheet-columns applies to a contact sheet: -o NAME.png --sheet"]),
        Case(name: "a layout diff too tall to draw", files: ["a.tags": .text("x\ny\n"), "b.tags": .text("x\nz\n")],
             arguments: ["diff", "a.tags", "b.tags", "--line-spacing", "700000", "--width", "60", "-o", "d.png"],
             status: 2, stderr: ["error: cannot draw the layout diff: the picture would be 440×700220 pt, too large even at 0.05 px a point for cairo's limit of 32767 px a side",
                                 "help: leave -o out: the report lists every change without the picture"]),
        Case(name: "a seed for rects that are not random", files: ["a.tags": .text("x\n")], arguments: ["check", "a.tags", "--seed", "7"],
             status: 2, stderr: ["error: --seed seeds the random rects of --query random"]),
        Case(name: "no rows", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--scroll-direction", "horizontal", "--rows", "0"],
             status: 2, stderr: ["error: rows must be greater than 0, got 0", "help: set --rows to more than 0"]),
        Case(name: "a view with the HTML player", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--view", "device", "-o", "p.html"],
             status: 2, stderr: ["error: --view does not apply to the HTML player, which the browser draws at its own scale with both views"]),
        Case(name: "a scale with the HTML player", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--scale", "2", "-o", "p.html"],
             status: 2, stderr: ["error: --scale does not apply to the HTML player"]),
        Case(name: "an animated PNG asked of a GIF", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--apng", "--frames", "2", "-o", "a.gif"],
             status: 2, stderr: ["error: --apng applies to -o NAME.png, which it makes an animated PNG"]),
        Case(name: "an animated PNG and a contact sheet at once", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--apng", "--sheet", "--frames", "2", "-o", "a.png"],
             status: 2, stderr: ["error: --sheet and --apng both want the .png output"]),
        Case(name: "a frame format with a GIF", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--frame-format", "svg", "--frames", "2", "-o", "a.gif"],
             status: 2, stderr: ["error: --frame-format applies to frames written to a folder"]),
        Case(name: "a frame format with a transition GIF", files: ["a.tags": .text("x\n"), "b.tags": .text("y\n")],
             arguments: ["diff", "a.tags", "b.tags", "--frame-format", "svg", "-o", "change.gif"],
             status: 2, stderr: ["error: --frame-format applies to frames written to a folder"]),
        Case(name: "a frame rate with a folder of frames", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--fps", "4", "--frames", "2", "-o", "frames"],
             status: 2, stderr: ["error: --fps applies to a GIF or an APNG"]),
        Case(name: "standard input as the tags and the config", arguments: ["layout", "-", "--config", "-"], stdin: .bytes(Array("x\n".utf8)),
             status: 2, stderr: ["error: '-' names standard input for more than one input, and it can be read only once"]),
        Case(name: "standard input as both sides of a diff", arguments: ["diff", "-", "-"], stdin: .bytes(Array("x\n".utf8)),
             status: 2, stderr: ["error: '-' names standard input for more than one input"]),
        Case(name: "verify given record's --mode", files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags"}]}"#)],
             arguments: ["snapshot", "verify", "--mode", "failed"],
             status: 2, stderr: ["error: --mode says which goldens record writes; snapshot verify writes none"]),
        Case(name: "verify given record's --force", files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags"}]}"#)],
             arguments: ["snapshot", "verify", "--force"],
             status: 2, stderr: ["error: --force lets record, or verify --prune, change goldens where CI is set; this run changes none, so runs anywhere"]),
        Case(name: "a manifest with no screens", files: ["tagflow.json": .text(#"{"screens": []}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["tagflow.json:1:13: error: the manifest lists no screens", #"help: add one to "screens""#]),
        Case(name: "a variant axis given as an empty list", files: ["a.tags": .text("x\n"),
                                                                  "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags", "variants": {"themes": []}}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: [#"tagflow.json:1:69: error: the list "themes" of "variants" is empty"#,
                                 #"help: leave "themes" out, and the screen takes the manifest's, or its config's choice"#]),
        Case(name: "a variant axis value given twice", files: ["a.tags": .text("x\n"),
                                                             "tagflow.json": .text(#"{"variants": {"themes": ["dark", "Dark"]}, "screens": [{"name": "a", "tags": "a.tags"}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: [#"tagflow.json:1:34: error: "themes" lists dark twice"#, "help: list each value once"]),
        Case(name: "two screens whose names differ only in case", files: ["a.tags": .text("x\n"),
                                                                         "tagflow.json": .text(#"{"screens": [{"name": "Demo", "tags": "a.tags"}, {"name": "demo", "tags": "a.tags"}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["tagflow.json:1:59: error: the screens 'Demo' and 'demo' differ only in case"]),
        Case(name: "an item height that is neither a number nor auto", files: ["a.tags": .text("x\n")],
             arguments: ["render", "a.tags", "--item-height", "big", "-o", "a.png"],
             status: 2, stderr: ["error: --item-height must be one of auto, a number of points; got 'big'"]),
        Case(name: "the output is the config under another name", files: ["a.tags": .text("x\n"), "c.json": .text("{}"), "d.json": .hardLink(to: "c.json")],
             arguments: ["layout", "a.tags", "--config", "d.json", "-o", "c.json"],
             status: 2, stderr: ["error: the output 'c.json' is also an input"]),
        Case(name: "a folder as a file output", files: ["a.tags": .text("x\n"), "out": .directory], arguments: ["render", "a.tags", "-o", "out", "--format", "png"],
             status: 2, stderr: ["error: cannot write 'out': it is a folder, and the output is one file", "help: name a file, e.g. 'out/NAME'"]),
        Case(name: "the output is the config", files: ["a.tags": .text("x\n"), "c.json": .text("{}")],
             arguments: ["layout", "a.tags", "--config", "c.json", "-o", "c.json"],
             status: 2, stderr: ["error: the output 'c.json' is also an input"]),
        Case(name: "an output format tagflow cannot write", files: ["a.tags": .text("x\n")], arguments: ["render", "a.tags", "-o", "out.bmp"],
             status: 2, stderr: ["error: cannot tell the format of 'out.bmp'"]),
        Case(name: "a format the output's name contradicts", files: ["a.tags": .text("x\n")],
             arguments: ["render", "a.tags", "-o", "out.png", "--format", "svg"],
             status: 2, stderr: ["error: the output 'out.png' names another format than --format svg", "help: drop --format, or name the output out.svg"]),
        Case(name: "a layout diff's picture to standard output", files: ["a.tags": .text("x\n"), "b.tags": .text("y\n")],
             arguments: ["diff", "a.tags", "b.tags", "-o", "-"],
             status: 2, stderr: ["error: the diff picture cannot go to standard output, which carries the report"]),
        Case(name: "a scroll to standard output", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "-o", "-"],
             status: 2, stderr: ["error: cannot tell what to write to '-'"]),
        Case(name: "a pixel diff's picture to standard output", files: ["a.png": .bytes(Self.whitePixelPNG), "b.png": .bytes(Self.whitePixelPNG)],
             arguments: ["diff", "a.png", "b.png", "-o", "-"],
             status: 2, stderr: ["error: the diff picture cannot go to standard output, which carries the report"]),
    ]

    /// A 1×1 white RGB PNG.
    static let whitePixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xFF, 0xFF, 0x3F, 0x00, 0x05, 0xFE, 0x02, 0xFE, 0x0D, 0xEF, 0x46, 0xB8, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    static let argumentCases: [Case] = [
        Case(name: "no arguments", arguments: [], status: 2, stderr: ["USAGE: tagflow <subcommand> [<options>]"]),
        Case(name: "an unknown subcommand", arguments: ["layuot", "a.tags"], status: 2, stderr: ["error: unknown subcommand 'layuot'", "did you mean 'layout'?"]),
        // Regression: a seed past Int64 crashed writing the JSON report.
        Case(name: "a seed too large for JSON", files: ["a.tags": .text("x\n")],
             arguments: ["check", "a.tags", "--query", "random", "--seed", "9223372036854775808", "--format", "json"],
             status: 2, stderr: ["error: --seed expects a whole number from 0 to 9007199254740991, got '9223372036854775808'",
                                 "help: 2^53 − 1 is the largest whole number JSON readers keep exact"]),
        Case(name: "a limit on printed failures with JSON, which lists them all", files: ["a.tags": .text("x\n")],
             arguments: ["check", "a.tags", "--format", "json", "--max-failures", "1"],
             status: 2, stderr: ["error: --max-failures limits the text report; the JSON lists every failing step"]),
        Case(name: "no threads", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--threads", "0", "-o", "frames"],
             status: 2, stderr: ["error: --threads must be at least 1, got 0"]),
        Case(name: "negative threads", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--threads", "-1", "-o", "frames"],
             status: 2, stderr: ["error: --threads must be at least 1, got -1"]),
        Case(name: "the largest seed", files: ["a.tags": .text("x\n")],
             arguments: ["check", "a.tags", "--query", "random", "--seed", "9007199254740991", "--format", "json"],
             status: 0, stdout: ["\"seed\": 9007199254740991"]),
        Case(name: "a missing positional", arguments: ["layout"], status: 2, stderr: ["error: missing <tags-file>\nusage: tagflow layout"]),
        Case(name: "measure with no text", arguments: ["measure"], status: 2, stderr: ["error: missing <text>"]),
        Case(name: "an option without its value", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--width"],
             status: 2, stderr: ["error: --width needs a value"]),
        Case(name: "an option given twice", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--width", "300", "--width", "320"],
             status: 2, stderr: ["error: --width is given more than once"]),
        Case(name: "a newline in a text to measure", arguments: ["measure", "a\nb"],
             status: 2, stderr: [#"error: a control character U+000A in the text 'a\u{000A}b'"#, "help: a tag is one line of text"]),
        Case(name: "text that starts with a dash", arguments: ["measure", "-5%"],
             status: 2, stderr: ["error: unknown option '-5%'", "write -- before it: tagflow measure -- -5%"]),
        Case(name: "an unknown option", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--line-spaceing", "4"],
             status: 2, stderr: ["error: unknown option '--line-spaceing'", "did you mean '--line-spacing'?"]),
        Case(name: "a bad choice", files: ["a.tags": .text("x\n")], arguments: ["layout", "a.tags", "--input-format", "xml"],
             status: 2, stderr: ["error: --input-format must be one of auto, tags, json; got 'xml'"]),
        Case(name: "an unknown strategy", files: ["a.tags": .text("x\n")], arguments: ["check", "a.tags", "--strategy", "bogus"],
             status: 2, stderr: ["error: --strategy must be one of cached, naive-super, visible-rect; got 'bogus'"]),
        Case(name: "zero frames", files: ["a.tags": .text("x\n")], arguments: ["scroll", "a.tags", "--frames", "0", "-o", "out.gif"],
             status: 2, stderr: ["error: --frames must be at least 1, got 0"]),
        Case(name: "a scale out of range", files: ["a.tags": .text("x\n")], arguments: ["render", "a.tags", "-o", "out.png", "--scale", "4"],
             status: 2, stderr: ["error: --scale must be 1, 2 or 3, got '4'"]),
    ]

    /// These need `tagflow diff`.
    static let pngCases: [Case] = [
        Case(name: "a truncated PNG", files: ["old.png": .bytes(Array(smallPNG(width: 5, height: 5).prefix(60))), "new.png": .bytes(smallPNG(width: 5, height: 5))],
             arguments: ["diff", "old.png", "new.png"],
             status: 2, stderr: ["error: cannot read 'old.png' as a PNG", "damaged or not a PNG"]),
        Case(name: "not a PNG at all", files: ["old.png": .text("GIF89a: not a PNG, and long enough for libpng to read a signature\n"), "new.png": .bytes(smallPNG(width: 1, height: 1))],
             arguments: ["diff", "old.png", "new.png"],
             status: 2, stderr: ["error: cannot read 'old.png' as a PNG", "it does not start with the PNG signature; it is a GIF"]),
        Case(name: "--ignore over every pixel", files: ["old.png": .bytes(smallPNG(width: 5, height: 5)), "new.png": .bytes(smallPNG(width: 5, height: 5))],
             arguments: ["diff", "old.png", "new.png", "--ignore", "0,0,10,10"],
             status: 2, stderr: ["error: --ignore covers all 25 pixels of the pictures, so nothing was compared"]),
        Case(name: "a theme for a pixel diff", files: ["old.png": .bytes(smallPNG(width: 5, height: 5)), "new.png": .bytes(smallPNG(width: 5, height: 5))],
             arguments: ["diff", "old.png", "new.png", "--theme", "dark"],
             status: 2, stderr: ["error: --theme applies to layout diffs", "a pixel diff compares the PNGs' own pixels"]),
        Case(name: "a missing PNG", files: ["new.png": .bytes(smallPNG(width: 5, height: 5))],
             arguments: ["diff", "old.png", "new.png"],
             status: 2, stderr: ["error: cannot read 'old.png': no such file\n  help: check the path\n"]),
        Case(name: "a short text that is not a PNG", files: ["old.png": .text("hello\n"), "new.png": .bytes(smallPNG(width: 1, height: 1))],
             arguments: ["diff", "old.png", "new.png"],
             status: 2, stderr: ["error: cannot read 'old.png' as a PNG", "it does not start with the PNG signature\n"]),
        // Regression (found by fuzzing PNGDecoder): libpng allocated the 2 GB that this 161-byte file's zTXt chunk declares.
        Case(name: "a PNG chunk declaring 2 GB", files: ["old.png": .bytes(hugeChunkPNG()), "new.png": .bytes(smallPNG(width: 8, height: 2))],
             arguments: ["diff", "old.png", "new.png"],
             status: 2, stderr: ["error: cannot read 'old.png' as a PNG", "the zTXt chunk at byte 33 runs past the end of the data: it declares 2139062143 bytes"]),
        Case(name: "a 1×1 PNG against a 4000×4000 PNG", files: ["old.png": .bytes(smallPNG(width: 1, height: 1)), "new.png": .generated { bitmapPNG(side: 4000) }],
             arguments: ["diff", "old.png", "new.png"],
             status: 1, stdout: ["images differ", "size changed 1×1 → 4000×4000"]),
    ]

    /// String catalogs that do not read, and tags naming strings they lack: each with its place, nothing written.
    static let catalogCases: [Case] = [
        Case(name: "a UTF-16 .strings file missing a semicolon",
             files: ["a.tags": .text("@key b\n"), "L.strings": .bytes([0xFF, 0xFE] + Array("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })],
             arguments: ["render", "a.tags", "--catalog", "L.strings", "-o", "out.png"],
             status: 2, stderr: ["L.strings:3:1: error: expected ';' after the value, found '\"'"]),
        Case(name: "a .strings file in UTF-16 without a byte order mark",
             files: ["a.tags": .text("@key a\n"), "L.strings": .bytes(Array("\"a\" = \"1\";".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })],
             arguments: ["layout", "a.tags", "--catalog", "L.strings"],
             status: 2, stderr: ["error: L.strings is neither UTF-8 nor UTF-16 with a byte order mark"]),
        Case(name: "an .xcstrings plural category CLDR lacks",
             files: ["a.tags": .text("@key n\n"), "c.xcstrings": .text(#"{"sourceLanguage": "en", "strings": {"n": {"localizations": {"en": {"variations": {"plural": {"several": {"stringUnit": {"state": "translated", "value": "x"}}}}}}}}}"#)],
             arguments: ["layout", "a.tags", "--catalog", "c.xcstrings"],
             status: 2, stderr: ["c.xcstrings:1:95: error: unknown plural category 'several' in strings → n → localizations → en → variations → plural"]),
        Case(name: "a key pattern matching nothing",
             files: ["a.tags": .text("x\n@keys sport.*\n"), "c.xcstrings": .text(#"{"sourceLanguage": "en", "strings": {"hiking": {}}}"#)],
             arguments: ["layout", "a.tags", "--catalog", "c.xcstrings"],
             status: 2, stderr: ["a.tags:2:1: error: no key of the catalog c.xcstrings matches 'sport.*'"]),
        Case(name: "a catalog marker without a key", files: ["a.tags": .text("@key\n")], arguments: ["layout", "a.tags"],
             status: 2, stderr: ["a.tags:1:1: error: @key needs a key of the string catalog"]),
        Case(name: "a snapshot locale that cannot name a golden",
             files: ["a.tags": .text("x\n"), "tagflow.json": .text(#"{"screens": [{"name": "a", "tags": "a.tags", "variants": {"locales": ["de/x"]}}]}"#)],
             arguments: ["snapshot", "verify"],
             status: 2, stderr: ["tagflow.json:1:71: error: the locale 'de/x' cannot name a golden"]),
    ]

    static let cases = tagsCases + jsonCases + numberCases + fileCases + argumentCases + pngCases + catalogCases

    @Test func theCorpusIsLargeEnough() {
        #expect(Self.cases.count >= 40)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "case names are unique")
    }

    @Test(arguments: cases)
    func hardInput(_ testCase: Case) throws {
        let folder = try TemporaryFolder()
        for (name, content) in testCase.files.sorted(by: { $0.key < $1.key }) {
            let url = folder.url.appendingPathComponent(name)
            switch content {
            case let .text(text): try folder.write(name, text)
            case let .bytes(bytes): try folder.write(name, Data(bytes))
            case let .generated(make): try folder.write(name, Data(make()))
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            case let .symlink(target): try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            case let .hardLink(target): try FileManager.default.linkItem(atPath: folder.path(target), toPath: url.path)
            }
        }
        let before = folder.contents
        let run = try runBounded(testCase.arguments, stdin: testCase.stdin, in: folder.url, killAfter: Self.hangTimeout)
        #expect(!run.killed, "\(testCase.name): still running after \(run.seconds) s; killed as hung")
        #expect(run.result.status == testCase.status, "\(testCase.name): exit \(run.result.status), expected \(testCase.status):\n\(run.result.stderr)")
        for words in testCase.stderr {
            #expect(run.result.stderr.contains(words), "\(testCase.name): expected '\(words)' in:\n\(run.result.stderr)")
        }
        for words in testCase.stdout {
            #expect(run.result.stdout.contains(words), "\(testCase.name): expected '\(words)' in:\n\(run.result.stdout.prefix(2000))")
        }
        #expect(!run.result.stderr.contains("Fatal error") && !run.result.stderr.contains("Program crashed"), "\(testCase.name) crashed:\n\(run.result.stderr)")
        if testCase.status == 2 {
            #expect(run.result.stdout.isEmpty, "\(testCase.name) printed on standard output")
            #expect(folder.contents == before, "\(testCase.name) wrote files")
        }
    }

    /// Words of the command line that are not UTF-8, which a `Process` cannot pass: a shell makes them with printf.
    @Test(arguments: [
        (#"measure "$(printf 'ab\377cd')""#, "argument 2 is not valid UTF-8 (byte 0xFF at offset 2)"),
        (#"render a.tags -o "$(printf 'x\303.png')""#, "argument 4 is not valid UTF-8 (byte 0xC3 at offset 1)"),
        (#"layout "$(printf '\344\270.tags')""#, "argument 2 is not valid UTF-8 (byte 0xE4 at offset 0)"),
    ])
    func argumentsThatAreNotUTF8(words: String, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "篮球\n")
        let before = folder.contents
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" "# + words, tagflowExecutable.path], in: folder.url)
        #expect(result.status == 2, "exit \(result.status):\n\(result.stderr)")
        #expect(result.stderr.contains("error: " + message), "\(result.stderr)")
        #expect(result.stderr.contains("help: tagflow reads tags and paths as UTF-8"))
        #expect(result.stdout.isEmpty)
        #expect(folder.contents == before, "wrote files")
    }

    @Test func diffCommandIsAvailable() throws {
        // The PNG cases run `tagflow diff`; this says so plainly if the command goes missing.
        #expect(try tagflow(["diff", "--help"]).status == 0)
    }

    // MARK: - Running with a deadline

    struct BoundedRun {
        var result: RunResult
        var seconds: Double
        var killed: Bool
    }

    /// Runs `tagflow` as ``tagflow(_:stdin:in:environment:)`` does, timing it, and killing it after `killAfter` seconds.
    func runBounded(_ arguments: [String], stdin: StandardInput, in directory: URL, killAfter: Double) throws -> BoundedRun {
        let input: TagFlowTestSupport.StandardInput = switch stdin {
        case .empty: .bytes(Data())
        case let .bytes(bytes): .bytes(Data(bytes))
        case .endless: .file("/dev/zero")
        }
        let start = Date()
        // Cases must not depend on the runner: on CI, `snapshot record` refuses before reading its config.
        let result = try ProcessRunner.run(tagflowExecutable, arguments, input: input, in: directory,
                                           environment: ["CI": ""], hangLimit: killAfter)
        return BoundedRun(result: result, seconds: Date().timeIntervalSince(start), killed: result.wasKilledAsHung)
    }
}

// MARK: - Generated inputs

/// `t0`…`t999999`, one a line: about 6.9 MB.
@Sendable private func millionTags() -> [UInt8] {
    var bytes = [UInt8]()
    bytes.reserveCapacity(7_000_000)
    for index in 0..<1_000_000 {
        bytes.append(UInt8(ascii: "t"))
        bytes.append(contentsOf: String(index).utf8)
        bytes.append(0x0A)
    }
    return bytes
}

/// An opaque grey 8-bit RGBA PNG.
private func smallPNG(width: Int, height: Int) -> [UInt8] {
    let row = [UInt8(0)] + [UInt8](repeating: 0x80, count: width * 4)
    return makePNG(width: width, height: height, bitDepth: 8, colourType: 6, raw: Array([[UInt8]](repeating: row, count: height).joined()))
}

/// A white 1-bit greyscale PNG of `side` × `side`: 4000 × 4000 is about 2 MB.
@Sendable private func bitmapPNG(side: Int) -> [UInt8] {
    let row = [UInt8(0)] + [UInt8](repeating: 0xFF, count: (side + 7) / 8)
    return makePNG(width: side, height: side, bitDepth: 1, colourType: 0, raw: Array([[UInt8]](repeating: row, count: side).joined()))
}

/// An 8×2 PNG whose first chunk after IHDR is a zTXt declaring 0x7F7F7F7F bytes, followed by only 120 bytes.
private func hugeChunkPNG() -> [UInt8] {
    let valid = makePNG(width: 8, height: 2, bitDepth: 1, colourType: 0, raw: [0, 0xA5, 0, 0x5A])
    let afterIHDR = 8 + 25
    return Array(valid[..<afterIHDR]) + [0x7F, 0x7F, 0x7F, 0x7F] + Array("zTXt".utf8) + [UInt8](repeating: 0x7F, count: 120)
}

/// A PNG whose IDAT holds `raw` (filtered scanlines) in stored deflate blocks, so no zlib is needed here.
private func makePNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, raw: [UInt8]) -> [UInt8] {
    func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65_535, raw.count - offset)
        let final: UInt8 = offset + count == raw.count ? 1 : 0
        zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        zlib += raw[offset..<offset + count]
        offset += count
    } while offset < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
    zlib += be32(b << 16 | a)
    let header = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colourType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
}

private let crcTable: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
}

import Foundation
import TagFlowLayout
import TagFlowReview
import TagFlowImage
import TagFlowInput
import TagFlowPipeline

/// `tagflow.json`: the screens a team keeps goldens of, the variants each is rendered in, and how strictly they
/// are compared.
///
/// ```json
/// {
///   "goldens": "snapshots",
///   "variants": {"devices": ["iphone-se", "iphone-15"], "themes": ["light", "dark"]},
///   "screens": [
///     {"name": "demo", "tags": "Examples/demo.tags", "config": "Examples/demo.json",
///      "scroll": [{"output": "sheet", "strategies": ["naive-super", "cached"], "frames": 12}]}
///   ]
/// }
/// ```
///
/// Paths are relative to the manifest's folder. A screen's `variants` replace the manifest's axis by axis, and its
/// `tolerance` replaces the manifest's.
package struct SnapshotManifest: Sendable {
    /// How a screen's pictures are compared with their goldens.
    struct Tolerance: Equatable, Sendable {
        /// pixelmatch's colour threshold: 0 counts any change, 1 none.
        var threshold = 0.1
        /// Count anti-aliased pixels too.
        var includeAntiAliasing = false
        /// Take pixels on edges moved by a fraction of a pixel as anti-aliasing (off: such moves are real changes).
        var edgeShifts = false
        /// Differences that still pass; by default none.
        var limits = PixelDiff.Tolerance(maxDiffPixels: 0)

        var diffOptions: PixelDiff.Options {
            PixelDiff.Options(threshold: threshold, includeAntiAliasing: includeAntiAliasing,
                              detectEdgeShifts: edgeShifts)
        }
    }

    package struct Screen: Sendable {
        package var name: String
        package var tagsPath: String
        package var configPath: String?
        /// Where the manifest names the screen, and its tags and config files, for an error about them.
        var nameLocation: SourceSpan? = nil
        var tagsLocation: SourceSpan? = nil
        var configLocation: SourceSpan? = nil
        package var matrix: SnapshotMatrix
        var outputs: [SnapshotOutput]
        var tolerance: Tolerance
        /// The screen's grid picture, if it has one.
        var grid: SnapshotGrid? = nil

        /// What the screen's variants are drawn from before their settings: its config.
        package var input: LayoutInput {
            var input = LayoutInput()
            input.config = configPath
            return input
        }
    }

    /// The manifest file itself.
    var path: String
    /// Where goldens are kept: `goldens`, relative to the manifest, by default `snapshots` beside it.
    package var goldensFolder: String
    /// Where the manifest names `goldens`, if it does.
    var goldensLocation: SourceSpan? = nil
    package var screens: [Screen]
    /// The rules `tagflow fit` holds the screens to (`"fit": {"failOn": [...]}`).
    package var fitRules: [FitRule] = []

    /// Whether the goldens, inputs and fonts may lie outside the manifest's folder (`--allow-outside`).
    var allowsPathsOutside = false

    /// The folder holding the manifest, which its paths are relative to and may not leave.
    var folder: String { AtomicFile.folder(of: path) }

    /// Whether `path` holds a manifest rather than tags JSON: a JSON file with `"screens"`; anything else is tags.
    package static func isManifest(_ path: String) -> Bool {
        guard path.hasSuffix(".json"), let bytes = FileManager.default.contents(atPath: path) else { return false }
        return String(decoding: bytes.prefix(1 << 20), as: UTF8.self).contains("\"screens\"")
    }

    package static func load(_ path: String) throws(InputError) -> SnapshotManifest {
        let name = InputFiles.displayName(path)
        let base = AtomicFile.folder(of: path)
        let resolve = { (relative: String) -> String in
            relative.hasPrefix("/") || base == "." ? relative : (base as NSString).appendingPathComponent(relative)
        }
        let reader = try JSONObjectReader(JSONParser.parse(InputFiles.read(path), file: name), context: "the manifest")
        try reader.rejectUnknownKeys(allowed: ["goldens", "variants", "tolerance", "fit", "screens"])
        let goldens = resolve(try reader["goldens"]?.string("\"goldens\"") ?? "snapshots")
        let matrix = try reader["variants"].map { value throws(InputError) in
            try matrixFromJSON(value, ofScreen: false)
        } ?? SnapshotMatrix()
        let tolerance = try reader["tolerance"].map { value throws(InputError) in
            try toleranceFromJSON(value, base: Tolerance())
        } ?? Tolerance()
        let screensJSON = try reader.required("screens", kind: .manifest)
        if case .array(let elements) = screensJSON.value, elements.isEmpty {
            throw .noScreens(at: screensJSON.location)
        }
        var screens = [Screen]()
        // Each name as first written, by its lowercase: a Mac's disk is blind to case, so `Chooser` and `chooser`
        // would be one folder of goldens.
        var names = [String: String]()
        for element in try screensJSON.array("\"screens\"") {
            let screen = try screenFromJSON(element, matrix: matrix, tolerance: tolerance, resolve: resolve)
            if let first = names[screen.name.lowercased()] {
                throw .duplicateScreen(screen.name, first: first, at: screen.nameLocation ?? screensJSON.location)
            }
            names[screen.name.lowercased()] = screen.name
            screens.append(screen)
        }
        var manifest = SnapshotManifest(path: path, goldensFolder: goldens,
                                        goldensLocation: reader["goldens"]?.location, screens: screens)
        manifest.fitRules = try reader["fit"].map(fitRulesFromJSON) ?? []
        return manifest
    }

    /// One of `"screens"`: its `variants` over `matrix`, its `tolerance` over `tolerance`, its paths resolved.
    private static func screenFromJSON(_ element: Located<JSONValue>, matrix: SnapshotMatrix, tolerance: Tolerance,
                                       resolve: (String) -> String) throws(InputError) -> Screen {
        let screen = try JSONObjectReader(element, context: "a screen")
        try screen.rejectUnknownKeys(allowed: ["name", "tags", "config", "variants", "tolerance", "scroll", "grid"])
        let nameValue = try screen.required("name", kind: .manifest)
        let screenName = try nameValue.string("\"name\"")
        // A control character (NUL, a newline) would break the file system's names or line-based output.
        guard !screenName.isEmpty, !screenName.contains("/"), !screenName.hasPrefix("."),
              !screenName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .screenNameNotAFolder(screenName, at: nameValue.location)
        }
        let tags = try screen.required("tags", kind: .manifest)
        let outputs = try [SnapshotOutput.render] + (screen["scroll"].map { value throws(InputError) in
            try scrollOutputs(value)
        } ?? [])
        let screenMatrix = matrix.overridden(by: try screen["variants"].map { value throws(InputError) in
            try matrixFromJSON(value, ofScreen: true)
        } ?? SnapshotMatrix())
        return Screen(
            name: screenName, tagsPath: resolve(try tags.string("\"tags\"")),
            configPath: try screen["config"].map { value throws(InputError) in
                resolve(try value.string("\"config\""))
            },
            nameLocation: nameValue.location, tagsLocation: tags.location, configLocation: screen["config"]?.location,
            matrix: screenMatrix,
            outputs: outputs,
            tolerance: try screen["tolerance"].map { value throws(InputError) in
                try toleranceFromJSON(value, base: tolerance)
            } ?? tolerance,
            grid: try screen["grid"].map { value throws(InputError) in
                try SnapshotGrid.fromJSON(value, matrix: screenMatrix)
            })
    }

    /// The manifest's `"fit"`: `{"failOn": ["truncated:AX2", "missing-glyphs"]}`, the rules `tagflow fit` holds the
    /// screens to.
    private static func fitRulesFromJSON(_ value: Located<JSONValue>) throws(InputError) -> [FitRule] {
        let reader = try JSONObjectReader(value, context: "\"fit\"")
        try reader.rejectUnknownKeys(allowed: ["failOn"])
        return try (reader["failOn"]?.array("\"failOn\"") ?? []).map { rule throws(InputError) in
            let text = try rule.string("a value of \"failOn\"")
            do throws(ValueError) {
                return try FitRule.parse(text)
            } catch {
                throw .value(error, key: "a value of \"failOn\"", at: rule.location)
            }
        }
    }

    /// Refuses a goldens folder, tags file or config that lies outside the manifest's folder once links are
    /// resolved: a manifest changed by a pull request must not write, delete or draw files elsewhere.
    package func checkPathsStayInside() throws(SnapshotError) {
        let root = ConfinedFolder(folder)
        func check(_ what: String, _ path: String, at location: SourceSpan?) throws(SnapshotError) {
            guard !root.contains(resolving: path) else { return }
            throw .outsideManifestFolder(what: what, path: path, resolved: ConfinedFolder.resolved(path),
                                         folder: folder,
                                         at: location)
        }
        try check("the goldens folder", goldensFolder, at: goldensLocation)
        for screen in screens {
            try check("the tags of the screen '\(screen.name)'", screen.tagsPath, at: screen.tagsLocation)
            if let config = screen.configPath {
                try check("the config of the screen '\(screen.name)'", config, at: screen.configLocation)
            }
        }
    }

    /// Refuses `--prune` where the goldens folder holds the manifest, and so the repository's own pictures.
    func checkGoldensFolderCanBePruned() throws(SnapshotError) {
        let goldens = ConfinedFolder(goldensFolder)
        guard goldens.contains(resolving: folder) else { return }
        throw .pruneOutsideGoldens(goldens: goldensFolder, manifest: path)
    }

    /// Every variant of every screen, in name order.
    var variants: [(screen: Screen, variant: SnapshotVariant)] {
        screens.flatMap { screen -> [(screen: Screen, variant: SnapshotVariant)] in
            let renderings = screen.matrix.combinations.map { SnapshotVariant(screen: screen.name, settings: $0) }
            let grids = (screen.grid.map { $0.otherAxes(of: screen.matrix).combinations } ?? []).map {
                SnapshotVariant(screen: screen.name, settings: $0, isGrid: true)
            }
            return (renderings + grids).map { (screen, $0) }
        }
            .sorted { $0.variant.name < $1.variant.name }
    }

    /// This manifest with each screen's devices named as their profiles name themselves (`"iPhone 15"` is
    /// `iphone-15`), so a device has one golden name, and the configs read for it: a screen's config may add
    /// devices, and a screen without one keeps its names as written. An unknown device, one listed twice under two
    /// spellings, or one whose name cannot name a file, is refused where the manifest names it.
    package func resolvingDevices() throws -> (SnapshotManifest, configs: [String: ConfigFile]) {
        var configs = [String: ConfigFile]()
        // A config that does not read is reported where the screen is drawn.
        for screen in screens where !screen.matrix.devices.isEmpty {
            configs[screen.name] = try? ConfigFile.load(screen.configPath)
        }
        return (try resolvingDevices(configs: configs), configs)
    }

    /// This manifest with the devices of each screen with a config in `configs` named as their profiles name them.
    package func resolvingDevices(configs: [String: ConfigFile]) throws(InputError) -> SnapshotManifest {
        var resolved = self
        for index in resolved.screens.indices {
            guard let config = configs[resolved.screens[index].name] else { continue }
            var matrix = resolved.screens[index].matrix
            var seen = [String: String]()
            for (position, name) in matrix.devices.enumerated() {
                let location = matrix.deviceLocations.indices.contains(position) ? matrix.deviceLocations[position]
                                                                                 : nil
                let profile = try DeviceSettings.profile(named: name, config: config, at: location)
                // A golden is named after its device: `screen/kiosk-dark.png`.
                guard profile.name.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_")
                }) else {
                    throw .deviceNameNotAFileName(profile.name, at: location)
                }
                if let first = seen[profile.name] {
                    throw .deviceListedTwice(name, sameAs: first, device: profile.name, at: location)
                }
                seen[profile.name] = name
                matrix.devices[position] = profile.name
            }
            resolved.screens[index].matrix = matrix
        }
        return resolved
    }

    /// Refuses two goldens whose paths are the same, or differ only in case, which a case-insensitive disk (a Mac's,
    /// by default) would keep as one file: each would overwrite the other.
    func checkGoldenNamesAreDistinct() throws(SnapshotError) {
        var seen = [String: (path: String, variant: String)]()
        for (screen, variant) in variants {
            for output in screen.outputs {
                let path = output.path(for: variant.name)
                if let first = seen[path.lowercased()] {
                    throw .goldenNamesCollide(first.path, path, variants: [first.variant, variant.name])
                }
                seen[path.lowercased()] = (path, variant.name)
            }
        }
    }

    /// A manifest's `"variants"`, or a screen's (`ofScreen`), whose axes replace the manifest's.
    private static func matrixFromJSON(_ value: Located<JSONValue>,
                                       ofScreen: Bool) throws(InputError) -> SnapshotMatrix {
        let reader = try JSONObjectReader(value, context: "\"variants\"")
        let axes = ["devices", "widths", "scales", "locales", "pseudo", "themes", "directions", "contentSizes",
                    "legibilityWeights"]
        try reader.rejectUnknownKeys(allowed: axes)
        try checkAxesVary(reader, axes: axes, ofScreen: ofScreen)
        func strings(_ key: String) throws(InputError) -> [Located<String>] {
            try (reader[key]?.array("\"\(key)\"") ?? []).map { value throws(InputError) in
                Located(value: try value.string("a value of \"\(key)\""), location: value.location)
            }
        }
        func numbers(_ key: String) throws(InputError) -> [Double] {
            try (reader[key]?.array("\"\(key)\"") ?? []).map { value throws(InputError) in
                let number = try value.number("a value of \"\(key)\"")
                guard number.isFinite, number > 0 else {
                    throw .numberOutOfRange(key: "a value of \"\(key)\"", value: number, allowed: "greater than 0",
                                            at: value.location)
                }
                return number
            }
        }
        func choices<T: CaseIterable & RawRepresentable>(_ key: String, _ type: T.Type) throws(InputError) -> [T]
            where T.RawValue == String {
            try strings(key).map { text throws(InputError) in
                let names = T.allCases.map(\.rawValue)
                guard let name = chosenName(text.value, in: names), let value = T(rawValue: name) else {
                    throw .value(.notAChoice(text.value, choices: names), key: "\"\(key)\"", at: text.location)
                }
                return value
            }
        }
        let devices = try strings("devices")
        let scales = try (reader["scales"]?.array("\"scales\"") ?? []).map { value throws(InputError) in
            let scale = try value.number("a value of \"scales\"")
            guard DeviceScale.isAllowed(scale) else {
                throw .numberOutOfRange(key: "a value of \"scales\"", value: scale, allowed: DeviceScale.allowed,
                                        at: value.location)
            }
            return scale
        }
        return SnapshotMatrix(devices: devices.map(\.value), deviceLocations: devices.map(\.location),
                              widths: try numbers("widths"), scales: scales,
                              themes: try choices("themes", ThemeName.self).map(\.rawValue),
                              directions: try choices("directions", Direction.self),
                              contentSizes: try choices("contentSizes", ContentSizeCategory.self),
                              legibilityWeights: try choices("legibilityWeights", LegibilityWeight.self),
                              locales: try locales(strings("locales")),
                              pseudo: try choices("pseudo", Pseudolanguage.self))
    }

    /// Refuses an axis of `variants` given as `[]`, or with a value twice.
    private static func checkAxesVary(_ reader: JSONObjectReader, axes: [String],
                                      ofScreen: Bool) throws(InputError) {
        for key in axes {
            guard let list = reader[key], case .array(let elements) = list.value else { continue }
            // An axis given as [] would silently not vary: leaving the key out says that.
            if elements.isEmpty { throw .emptyAxis(key, ofScreen: ofScreen, at: list.location) }
            // A value twice would make one variant twice, each writing the other's golden.
            var seen = Set<String>()
            for element in elements {
                let text: String
                switch element.value {
                case let .string(string): text = chosenName(string, in: Self.choices(of: key)) ?? string
                case let .number(number): text = formatPoints(number)
                default: continue
                }
                if !seen.insert(text).inserted { throw .axisValueTwice(key, value: text, at: element.location) }
            }
        }
    }

    /// The names an axis's values are chosen from, for the axes that choose; empty for the others.
    private static func choices(of axis: String) -> [String] {
        switch axis {
        case "themes": ThemeName.allCases.map(\.rawValue)
        case "directions": Direction.allCases.map(\.rawValue)
        case "contentSizes": ContentSizeCategory.allCases.map(\.rawValue)
        case "legibilityWeights": LegibilityWeight.allCases.map(\.rawValue)
        case "pseudo": Pseudolanguage.allCases.map(\.rawValue)
        default: []
        }
    }

    /// Locales as they name goldens: letters, digits, `-` and `_` (`de`, `zh-Hans`, `pt_BR`).
    private static func locales(_ values: [Located<String>]) throws(InputError) -> [String] {
        try values.map { value throws(InputError) in
            guard !value.value.isEmpty, value.value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber
                || $0 == "-" || $0 == "_") }) else {
                throw .catalog(.localeNotAFileName(value.value, at: value.location))
            }
            return value.value
        }
    }

    /// The theme names a variant may use, as the style reads them.
    private enum ThemeName: String, CaseIterable { case light, dark }

    private static func toleranceFromJSON(_ value: Located<JSONValue>,
                                          base: Tolerance) throws(InputError) -> Tolerance {
        let reader = try JSONObjectReader(value, context: "\"tolerance\"")
        try reader.rejectUnknownKeys(allowed: ["threshold", "includeAA", "edgeShifts", "maxDiffPixels", "maxDiffRatio"])
        var tolerance = base
        if let threshold = reader["threshold"] {
            let number = try threshold.number("\"threshold\"")
            guard (0...1).contains(number) else {
                throw .numberOutOfRange(key: "\"threshold\"", value: number, allowed: "between 0 and 1",
                                        at: threshold.location)
            }
            tolerance.threshold = number
        }
        if let flag = reader["includeAA"] { tolerance.includeAntiAliasing = try flag.bool("\"includeAA\"") }
        if let flag = reader["edgeShifts"] { tolerance.edgeShifts = try flag.bool("\"edgeShifts\"") }
        if let pixels = reader["maxDiffPixels"] {
            let number = try pixels.number("\"maxDiffPixels\"")
            guard number >= 0, number == number.rounded() else {
                throw .numberOutOfRange(key: "\"maxDiffPixels\"", value: number, allowed: "a whole number of pixels",
                                        at: pixels.location)
            }
            tolerance.limits.maxDiffPixels = Int(number)
        }
        if let ratio = reader["maxDiffRatio"] {
            let number = try ratio.number("\"maxDiffRatio\"")
            guard (0...1).contains(number) else {
                throw .numberOutOfRange(key: "\"maxDiffRatio\"", value: number, allowed: "between 0 and 1",
                                        at: ratio.location)
            }
            tolerance.limits.maxDiffRatio = number
            if reader["maxDiffPixels"] == nil { tolerance.limits.maxDiffPixels = nil }
        }
        return tolerance
    }

    /// A screen's scroll outputs: at most one of each kind, since a kind names the golden (`.sheet.png`, `.scroll`).
    private static func scrollOutputs(_ value: Located<JSONValue>) throws(InputError) -> [SnapshotOutput] {
        var entryOfKind = [GoldenKind: SourceSpan]()
        return try value.array("\"scroll\"").map { element throws(InputError) in
            let output = try scrollOutput(element)
            if let first = entryOfKind[output.kind] {
                throw .scrollOutputTwice(kind: output.kind.rawValue, suffix: output.kind.suffix, firstLine: first.line,
                                         at: element.location)
            }
            entryOfKind[output.kind] = element.location
            return output
        }
    }

    private static func scrollOutput(_ element: Located<JSONValue>) throws(InputError) -> SnapshotOutput {
        let reader = try JSONObjectReader(element, context: "a scroll output")
        try reader.rejectUnknownKeys(allowed: ["output", "strategies", "frames"])
        let strategies = try (reader["strategies"]?.array("\"strategies\"") ?? []).map { value throws(InputError) in
            let text = try value.string("a strategy")
            guard let strategy = QueryStrategy(rawValue: text) else {
                throw .value(.notAChoice(text, choices: QueryStrategy.allCases.map(\.rawValue)), key: "\"strategies\"",
                             at: value.location)
            }
            return strategy
        }
        let frames = try reader["frames"].map { value throws(InputError) in
            let number = try value.number("\"frames\"")
            guard number >= 1, number <= 500, number == number.rounded() else {
                throw .numberOutOfRange(key: "\"frames\"", value: number, allowed: "a whole number from 1 to 500",
                                        at: value.location)
            }
            return Int(number)
        } ?? 12
        let chosen = strategies.isEmpty ? [QueryStrategy.naiveSuper, .cached] : strategies
        switch try reader["output"]?.string("\"output\"") ?? "sheet" {
        case "sheet": return .sheet(strategies: chosen, frames: frames)
        case "sequence": return .sequence(strategies: chosen, frames: frames)
        case let other:
            throw .value(.notAChoice(other, choices: ["sheet", "sequence"]), key: "\"output\"",
                         at: reader["output"]?.location)
        }
    }
}

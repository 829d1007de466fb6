import TagFlowLayout
import TagFlowImage
import TagFlowInput

/// How one kind of value reads from the command line: what help calls it, how a shell completes it, how it is
/// parsed and checked, and how a default is shown.
///
/// Every command's values go through the parsers in this file, so `--step` and `--fps` read a number the same way
/// and fail with the same words.
struct ValueParser<Value> {
    /// `PT`, `N`, `WxH`, or the choices joined by `|`.
    var valueName: String
    var completion: Completion = .none
    var parse: (String) throws(ValueError) -> Value
    /// How help shows a default of this type.
    var describe: (Value) -> String
}

extension ValueParser {
    /// Parses each of `text`'s comma-separated parts with `self`.
    func list(count: Int) -> ValueParser<[Value]> {
        let element = self
        return ValueParser<[Value]>(valueName: Array(repeating: valueName, count: count).joined(separator: ","),
                                    completion: completion,
                                    parse: { text throws(ValueError) in
                                        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                                            .map { String($0).trimmingCharacters(in: .whitespaces) }
                                        guard parts.count == count else { throw .wrongCount(text, expected: count) }
                                        var values = [Value]()
                                        for part in parts { values.append(try element.parse(part)) }
                                        return values
                                    },
                                    describe: { $0.map(element.describe).joined(separator: ",") })
    }
}

extension ValueParser {
    /// Parses a comma-separated list of any length with `self`; `all`, when given, is the word `all`'s list.
    func commaSeparated(all: [Value]? = nil) -> ValueParser<[Value]> {
        let element = self
        return ValueParser<[Value]>(valueName: valueName + ",…", completion: completion,
                                    parse: { text throws(ValueError) in
                                        if let all, text.lowercased() == "all" { return all }
                                        let parts = text.split(separator: ",").map {
                                            String($0).trimmingCharacters(in: .whitespaces)
                                        }
                                        guard !parts.isEmpty else { throw .empty }
                                        var values = [Value]()
                                        for part in parts { values.append(try element.parse(part)) }
                                        return values
                                    },
                                    describe: { $0.map(element.describe).joined(separator: ",") })
    }
}

/// The one number parser: a plain decimal number, with no units.
func parseNumber(_ text: String) throws(ValueError) -> Double {
    guard let number = Double(text), !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
        throw .notANumber(text)
    }
    return number
}

extension ValueParser where Value == Double {
    /// A number of points satisfying `rule`.
    static func number(_ rule: NumberRule, valueName: String = "PT") -> Self {
        ValueParser(valueName: valueName, parse: { text throws(ValueError) in try rule.check(parseNumber(text)) },
                    describe: formatPoints)
    }

    static var positiveNumber: Self { number(.positive) }

    /// Device pixels per point: 1, 2 or 3.
    static var scale: Self {
        ValueParser(valueName: "1|2|3", completion: .choices(["1", "2", "3"]), parse: { text throws(ValueError) in
            guard let scale = Double(text), DeviceScale.isAllowed(scale) else { throw .notAScale(text) }
            return scale
        }, describe: formatPoints)
    }

    /// A share of 0…1, as pixelmatch's threshold.
    static var share: Self {
        ValueParser(valueName: "0…1", parse: { text throws(ValueError) in
            guard let value = Double(text), value >= 0, value <= 1 else { throw .notAShare(text) }
            return value
        }, describe: formatPoints)
    }

    /// A share of 0…1 or a percentage: `0.001` or `0.1%`.
    static var ratio: Self {
        ValueParser(valueName: "R", parse: { text throws(ValueError) in
            let isPercent = text.hasSuffix("%")
            guard let number = Double(isPercent ? String(text.dropLast()) : text), number >= 0,
                  number <= (isPercent ? 100 : 1) else {
                throw .notARatio(text)
            }
            return isPercent ? number / 100 : number
        }, describe: formatPoints)
    }
}

extension ValueParser where Value == Int {
    /// A whole number of at least 0.
    static var count: Self {
        ValueParser(valueName: "N",
                    parse: { text throws(ValueError) in Int(try NumberRule.count.check(parseNumber(text))) },
                    describe: { String($0) })
    }

    /// A whole number of at least 1.
    static var positiveCount: Self {
        ValueParser(valueName: "N", parse: { text throws(ValueError) in
            // A whole number below 1, negative too, is told what the least is.
            if let number = Double(text), number < 1, number == number.rounded(), abs(number) < 1e15 {
                throw .notAtLeastOne(Int(number))
            }
            return try count.parse(text)
        }, describe: { String($0) })
    }
}

extension ValueParser where Value == UInt16 {
    /// A TCP port to listen on, 1 to 65535.
    static var port: Self {
        ValueParser(valueName: "PORT", parse: { text throws(ValueError) in
            guard let port = UInt16(text), port > 0 else { throw .notAPort(text) }
            return port
        }, describe: { String($0) })
    }
}

extension ValueParser where Value == UInt64 {
    /// A seed for random numbers.
    /// A seed that JSON readers keep exact (a double holds whole numbers up to 2^53), as the report prints it.
    static var seed: Self {
        ValueParser(valueName: "N", parse: { text throws(ValueError) in
            guard let value = UInt64(text), value <= ValueError.largestSeed else { throw .notASeed(text) }
            return value
        }, describe: { String($0) })
    }
}

extension ValueParser where Value == String {
    /// A non-empty word, such as a font family.
    static func text(_ valueName: String, completion: Completion = .none) -> Self {
        ValueParser(valueName: valueName, completion: completion, parse: { text throws(ValueError) in
            guard !text.isEmpty else { throw .empty }
            return text
        }, describe: { $0 })
    }

    /// A path; `-` names standard input where a command reads one.
    static func path(_ valueName: String = "FILE", extensions: [String] = []) -> Self {
        ValueParser(valueName: valueName, completion: extensions.isEmpty ? .anyPath : .files(extensions: extensions),
                    parse: { $0 }, describe: { $0 })
    }
}

extension ValueParser where Value == Size {
    /// `WIDTHxHEIGHT` in points, both above 0.
    static var size: Self {
        ValueParser(valueName: "WxH", parse: { text throws(ValueError) in
            let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0.isFinite }) else { throw .notASize(text) }
            return Size(width: parts[0], height: parts[1])
        }, describe: formatSize)
    }
}

extension ValueParser where Value == EdgeInsets {
    /// `T,L,B,R`, or one number for every side; none negative.
    static var insets: Self {
        ValueParser(valueName: "T,L,B,R", parse: { text throws(ValueError) in
            let parts = text.split(separator: ",",
                                   omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 4 || parts.count == 1 else { throw .notInsets(text) }
            var numbers = [Double]()
            for part in parts { numbers.append(try NumberRule.nonNegative.check(parseNumber(part))) }
            return parts.count == 1 ? EdgeInsets(all: numbers[0])
                                    : EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2],
                                                 right: numbers[3])
        }, describe: { [$0.top, $0.left, $0.bottom, $0.right].map(formatPoints).joined(separator: ",") })
    }
}

extension ValueParser where Value == Colour {
    /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
    static var colour: Self {
        ValueParser(valueName: "#RRGGBB", parse: { text throws(ValueError) in
            guard let colour = Colour(hex: text) else { throw .notAColour(text) }
            return colour
        }, describe: \.description)
    }
}

extension ValueParser where Value == PixelRegion {
    /// `X,Y,W,H` in whole pixels, with W and H above 0.
    static var region: Self {
        ValueParser(valueName: "X,Y,W,H", parse: { text throws(ValueError) in
            let parts = text.split(separator: ",",
                                   omittingEmptySubsequences: false).map {
                                       Int($0.trimmingCharacters(in: .whitespaces))
                                   }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
                  x >= 0, y >= 0, w > 0, h > 0, x <= 1 << 20, y <= 1 << 20, w <= 1 << 20, h <= 1 << 20 else {
                throw .notARegion(text)
            }
            return PixelRegion(x: x, y: y, width: w, height: h)
        }, describe: { "\($0.x),\($0.y),\($0.width),\($0.height)" })
    }
}

extension ValueParser where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enum's cases, by raw value in any case; help, completion and suggestions list `allCases`.
    static var choice: Self {
        let names = Value.allCases.map(\.rawValue)
        return ValueParser(valueName: names.joined(separator: "|"), completion: .choices(names),
                           parse: { text throws(ValueError) in
            guard let value: Value = chosenCase(text) else { throw .notAChoice(text, choices: names) }
            return value
        }, describe: \.rawValue)
    }
}

extension ValueParser {
    /// The same parser, under another name in help.
    func named(_ valueName: String) -> Self {
        var parser = self
        parser.valueName = valueName
        return parser
    }
}

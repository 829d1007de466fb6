/// A value that does not read as its option or config key wants. The option or key is added where it is reported.
public enum ValueError: Error, Equatable, Sendable {
    case empty
    case notANumber(String)
    case notFinite(Double)
    case notPositive(Double)
    case negative(Double)
    case notACount(Double)
    case notAtLeastOne(Int)
    case notASeed(String)
    case notAChoice(String, choices: [String])
    case notAScale(String)
    case notAShare(String)
    case notARatio(String)
    case notAShard(String)
    case notAPort(String)
    case notASize(String)
    case notInsets(String)
    case notAColour(String)
    case notARegion(String)
    /// Not `SETTING=VALUE,…`, such as a grid's axis.
    case notASettingList(String, settings: [String])
    case wrongCount(String, expected: Int)
    /// A more tag format that does not hold `%d` exactly once.
    case notACountFormat(String)
}

extension ValueError {
    /// The largest seed, 2^53 − 1: JSON readers keep whole numbers exact up to it, as the report prints it.
    public static let largestSeed: UInt64 = 1 << 53 - 1
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--filter`: the variants whose names match any of some shell patterns (`*`, `?`, `[…]`), matched against the
/// variant's name as its golden is named, without the extension: `demo/iphone-15-dark`.
package struct VariantFilter: Hashable, Sendable {
    var patterns: [String]

    static let everything = VariantFilter(patterns: [])

    var isEverything: Bool { patterns.isEmpty }

    func matches(_ name: String) -> Bool {
        isEverything || patterns.contains { fnmatch($0, name, 0) == 0 }
    }

    func matchesAny(_ names: [String]) -> Bool { names.contains(where: matches) }
}

import TagFlowLayout

/// Generic family names fontconfig maps to a configured default; any match is accepted for them.
let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
]

/// Lowercases and drops blanks, the way fontconfig compares family names.
func normalizedFamily(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
}

/// A family request split into the families to try in order: `"SF Pro Text, PingFang SC"`, or a named chain.
struct FamilyRequest {
    /// One family the request tries, and for a named chain what stands in for it when it is not installed.
    struct Member {
        /// The families that count as this one, first installed wins (e.g. "SF Pro Text", "SF Pro").
        let names: [String]
        /// What the member is called in a stand-in report.
        let label: String
        /// Families to use instead when none of `names` is installed, first installed wins.
        let standIns: [String]
    }

    let members: [Member]
    /// The name of a named chain, e.g. "system-ios"; nil for a family or a list of families.
    let chainName: String?

    init(_ family: String) {
        if let named = Self.named[normalizedFamily(family)] {
            members = named
            chainName = family.trimmingWhitespace
            return
        }
        let names = family.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        members = names.map { Member(names: [$0], label: $0, standIns: []) }
        chainName = nil
    }

    /// The chains known by name.
    ///
    /// `system-ios` is what an iPhone draws UI text with: SF Pro (its Text or Display cut, under whichever family
    /// name the files carry), PingFang SC for Chinese and Apple Color Emoji. Debian has none of them, so each has
    /// stand-ins: DejaVu Sans, a CJK sans (Noto CJK or WenQuanYi Zen Hei) and Noto Color Emoji.
    static let named: [String: [Member]] = [
        "system-ios": [
            Member(names: ["SF Pro Text", "SF Pro", "SF Pro Display"], label: "SF Pro",
                   standIns: ["DejaVu Sans"]),
            Member(names: ["PingFang SC"], label: "PingFang SC",
                   standIns: ["Noto Sans CJK SC", "WenQuanYi Zen Hei"]),
            Member(names: ["Apple Color Emoji"], label: "Apple Color Emoji",
                   standIns: ["Noto Color Emoji"]),
        ],
    ]
}

/// Up to `limit` installed families spelled nearly as `query`, closest first, whatever the case and spaces
/// ("Dejavu sans", "DejaVu Snas"), or that begin with it ("DejaVu"): Spelling's rule, as for options and choices.
/// A family that is simply not installed ("SF Pro") has none.
func closestFamilies(to query: String, among names: [String], limit: Int = 5) -> [String] {
    closestMatches(to: query, in: names, limit: limit, comparing: normalizedFamily)
}

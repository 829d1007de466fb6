/// What picks the font of a fallback chain that draws a character.
protocol ClusterFontPicking {
    /// The font of an ASCII character, given as its byte.
    func font(for scalar: UInt32) -> Int
    /// The font of a grapheme cluster.
    func font(for cluster: Character) -> Int
}

extension FallbackChain: ClusterFontPicking {}

/// A text cut into the runs HarfBuzz shapes one at a time: grapheme clusters, each with the font that draws it,
/// its script and its bidi level; neighbouring clusters alike in all three make a run.
///
/// No font is opened here: the fonts come from a ``ClusterFontPicking``, so the rules are tested with a rule for
/// fonts. The arrays are kept from text to text, so itemising needs no allocation of its own.
///
/// ```swift
/// var itemiser = TextItemiser()
/// itemiser.itemise("ab مرحبا cd", fonts: chain)
/// itemiser.forEachRun { run in … }   // logical order; reorderVisually(_:level:) puts shaped runs in visual order
/// ```
struct TextItemiser {
    struct Cluster {
        /// Where its scalars start in ``TextItemiser/scalars``.
        var start: Int
        var font: Int
        var script: TextScript
        /// Its bidi embedding level: odd reads right to left.
        var level: UInt8 = 0
    }

    /// Clusters of one font, script and level, and their scalars.
    struct Run: Equatable {
        var clusters: Range<Int>
        var scalars: Range<Int>
        var font: Int
        var script: TextScript
        var level: UInt8
    }

    /// The text's Unicode scalars.
    private(set) var scalars: [UInt32] = []
    private(set) var clusters: [Cluster] = []
    /// Whether the text has anything that can read right to left, so that its levels were resolved.
    private(set) var isBidirectional = false

    /// Cuts `text` into clusters with their fonts, scripts and levels.
    ///
    /// A cluster of Common or Inherited script (spaces, digits, punctuation, combining marks) takes the script of
    /// the cluster before it; leading ones take the first real script. Levels are resolved only for text with a
    /// right-to-left letter, an Arabic digit or a directional control; there, neutrals at the level of the text
    /// after them join the run after them: the space in "ab مرحبا cd" is shaped with "cd", not apart.
    mutating func itemise<Fonts: ClusterFontPicking>(_ text: String, fonts: Fonts) {
        scalars.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        if isASCII {
            // ASCII: one cluster per byte (splitting CR LF is harmless), and every letter is Latin.
            for byte in text.utf8 {
                clusters.append(Cluster(
                    start: scalars.count, font: fonts.font(for: UInt32(byte)), script: TextScript(ofASCII: byte)))
                scalars.append(UInt32(byte))
            }
        } else {
            // Grapheme clusters keep combining marks, joiners, modifiers and variation selectors with their base,
            // so an emoji sequence is one cluster drawn by one font.
            for character in text {
                var script = TextScript.common
                let start = scalars.count
                for scalar in character.unicodeScalars {
                    scalars.append(scalar.value)
                    if script.isNeutral {
                        let own = TextScript(of: scalar.value)
                        if !own.isNeutral { script = own }
                    }
                }
                clusters.append(Cluster(start: start, font: fonts.font(for: character), script: script))
            }
        }
        isBidirectional = !isASCII && scalars.contains(where: BidiLevels.canReverse)
        guard !clusters.isEmpty else { return }
        let neutral = isBidirectional ? clusters.map(\.script.isNeutral) : []
        if isBidirectional {
            let levels = BidiLevels.resolve(scalars)
            for i in clusters.indices { clusters[i].level = levels[clusters[i].start] }
        }
        giveNeutralsTheirNeighboursScripts()
        if isBidirectional { moveNeutralsToTheLevelAfter(neutral: neutral) }
    }

    /// Common and Inherited clusters join the run before them; leading ones join the first real script.
    private mutating func giveNeutralsTheirNeighboursScripts() {
        var previous: TextScript?
        for i in clusters.indices {
            if clusters[i].script.isNeutral {
                if let previous { clusters[i].script = previous }
            } else {
                previous = clusters[i].script
            }
        }
        if let first = clusters.firstIndex(where: { !$0.script.isNeutral }), first > 0 {
            for i in 0..<first { clusters[i].script = clusters[first].script }
        }
    }

    /// Neutrals at the level of the text after them, not of the text before, take the script of the text after.
    private mutating func moveNeutralsToTheLevelAfter(neutral: [Bool]) {
        var i = 0
        while i < clusters.count {
            guard neutral[i] else { i += 1; continue }
            var end = i
            while end < clusters.count, neutral[end] { end += 1 }
            if end < clusters.count {
                var first = end
                while first > i, clusters[first - 1].level == clusters[end].level { first -= 1 }
                if first > 0, clusters[first - 1].level != clusters[end].level {
                    for k in first..<end { clusters[k].script = clusters[end].script }
                }
            }
            i = end
        }
    }

    /// Calls `body` with each run, in logical order.
    func forEachRun(_ body: (Run) throws -> Void) rethrows {
        var i = 0
        while i < clusters.count {
            var j = i + 1
            while j < clusters.count, clusters[j].font == clusters[i].font, clusters[j].script == clusters[i].script,
                  clusters[j].level == clusters[i].level {
                j += 1
            }
            let end = j < clusters.count ? clusters[j].start : scalars.count
            try body(Run(clusters: i..<j, scalars: clusters[i].start..<end, font: clusters[i].font,
                         script: clusters[i].script, level: clusters[i].level))
            i = j
        }
    }

    /// The runs, in logical order.
    var runs: [Run] {
        var runs = [Run]()
        forEachRun { runs.append($0) }
        return runs
    }

    /// Puts runs in visual order (UAX #9, L2): from the highest level down to 1, every stretch of runs at that level
    /// or higher is reversed. A right-to-left run's glyphs come from HarfBuzz in visual order already.
    static func reorderVisually<Element>(_ runs: inout [Element], level: (Element) -> UInt8) {
        guard let highest = runs.lazy.map(level).max(), highest > 0 else { return }
        for current in stride(from: highest, through: 1, by: -1) {
            var k = 0
            while k < runs.count {
                guard level(runs[k]) >= current else { k += 1; continue }
                var m = k
                while m < runs.count, level(runs[m]) >= current { m += 1 }
                runs[k..<m].reverse()
                k = m
            }
        }
    }
}

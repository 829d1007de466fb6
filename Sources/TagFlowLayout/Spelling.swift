/// Edit distance, for suggesting what was meant when a name is misspelled: options, choices, font families.
public enum Spelling {
    /// The Levenshtein distance between two sequences: the fewest insertions, deletions and substitutions that
    /// turn `a` into `b`.
    ///
    /// - Complexity: O(*m* × *n*) time and O(*n*) space, for sequences of lengths *m* and *n*.
    public static func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The closest of `candidates` to `word`, if it is close enough to be what was meant, and closer than any other:
/// `AX6` is as near `AX1` as `AX5`, so neither is suggested.
package func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let best = scoredMatches(to: word, in: candidates).prefix(2)
    guard let first = best.first, best.count == 1 || best[best.startIndex + 1].score > first.score else { return nil }
    return first.candidate
}

/// Up to `limit` candidates near `word` by edit distance, closest first; ties keep the candidates' order. `key`
/// says what is compared: the lowercased name, or for font families the name without its spaces as well.
package func closestMatches(to word: String, in candidates: some Sequence<String>, limit: Int,
                            comparing key: (String) -> String = { $0.lowercased() }) -> [String] {
    scoredMatches(to: word, in: candidates, key: key).prefix(limit).map(\.candidate)
}

/// The candidates near `word`, each once, closest first, with their distance: within a third of the shorter
/// name's length (2 edits for a short one), or any that `word` begins, the shortest of those first.
private func scoredMatches(to word: String, in candidates: some Sequence<String>,
                           key: (String) -> String = { $0.lowercased() }) -> [(candidate: String, score: Int)] {
    let target = key(word)
    let targetCharacters = Array(target)
    let scored = candidates.compactMap { candidate -> (String, Int)? in
        let candidateKey = key(candidate)
        let distance = Spelling.editDistance(targetCharacters, Array(candidateKey))
        let allowed = max(2, min(target.count, candidateKey.count) / 3)
        let prefixMatch = !target.isEmpty && candidateKey.hasPrefix(target)
        return distance <= allowed || prefixMatch ? (candidate, distance) : nil
    }
    var seen = Set<String>()
    return scored.enumerated()
        .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        .map { (candidate: $0.element.0, score: $0.element.1) }
        .filter { seen.insert($0.candidate).inserted }
}

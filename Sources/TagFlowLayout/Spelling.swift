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

/// Up to `limit` candidates near `word` by edit distance, closest first; ties keep the candidates' order.
package func closestMatches(to word: String, in candidates: some Sequence<String>, limit: Int) -> [String] {
    scoredMatches(to: word, in: candidates).prefix(limit).map(\.candidate)
}

/// The candidates near `word`, each once, closest first, with their distance (0 for one `word` begins).
private func scoredMatches(to word: String, in candidates: some Sequence<String>) -> [(candidate: String, score: Int)] {
    let target = Array(word.lowercased())
    let scored = candidates.compactMap { candidate -> (String, Int)? in
        let distance = Spelling.editDistance(target, Array(candidate.lowercased()))
        let allowed = max(2, min(target.count, candidate.count) / 3)
        let prefixMatch = !target.isEmpty && candidate.lowercased().hasPrefix(String(target))
        return distance <= allowed || prefixMatch ? (candidate, prefixMatch ? 0 : distance) : nil
    }
    var seen = Set<String>()
    return scored.enumerated()
        .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        .map { (candidate: $0.element.0, score: $0.element.1) }
        .filter { seen.insert($0.candidate).inserted }
}

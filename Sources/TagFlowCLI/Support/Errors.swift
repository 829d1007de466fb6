import Foundation
import TagFlowLayout

/// A problem with what a person gave tagflow: a file, a flag or a value. It exits with status 2.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// Where it is, when it is in a file.
    public var location: SourceSpan?
    /// What to do about it.
    public var hint: String?

    public init(_ message: String, at location: SourceSpan? = nil, hint: String? = nil) {
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// `FILE:LINE:COL: error: message`, the form editors and CI annotators read, then the hint.
    public var description: String {
        var text = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if let hint { text += "\n  help: \(hint)" }
        return text
    }
}

/// A command line tagflow cannot parse. Printed with the command's usage line; exits with status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String {
        hint.map { "error: \(message)\n  help: \($0)" } ?? "error: \(message)"
    }
}

/// The exit statuses tagflow uses.
public enum ExitStatus: Int32 {
    case success = 0
    /// `check` found a missing element, or `diff` found a difference.
    case failure = 1
    /// Bad input, a bad flag, or an output that could not be written.
    case usage = 2
    /// Stopped by SIGINT (130), SIGTERM (143) or SIGHUP (129): 128 + the signal. Completed outputs are kept.
    case interrupted = 130
    case terminated = 143
    case hungUp = 129
}

/// The one error for a word that is not one of `names`: it lists them and suggests the closest.
func invalidChoice(_ text: String, names: [String], what: String, at location: SourceSpan? = nil) -> InputError {
    InputError("\(what) must be one of \(names.joined(separator: ", ")); got '\(text)'", at: location,
               hint: closestMatch(to: text, in: names).map { "did you mean '\($0)'?" })
}

/// The closest of `candidates` to `word`, if it is close enough to be what was meant.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    closestMatches(to: word, in: candidates, limit: 1).first
}

/// Up to `limit` candidates near `word` by edit distance, closest first; ties keep the candidates' order.
public func closestMatches(to word: String, in candidates: some Sequence<String>, limit: Int) -> [String] {
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
        .map(\.element.0)
        .filter { seen.insert($0).inserted }
        .prefix(limit).map { $0 }
}

extension LayoutOptionsError {
    /// The same problem as an input error, so it prints like every other.
    var inputError: InputError {
        let parts = description.split(separator: ";", maxSplits: 1)
        return InputError(String(parts[0]), hint: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil)
    }
}

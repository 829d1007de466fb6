/// How an argument reads from the command line.
enum ArgumentKind: Equatable {
    /// Takes no value: `--force`.
    case flag
    /// Takes a value: `--width 320` or `--width=320`.
    case option
    /// Takes a value that may be left out: `--compare`, `--compare a,b` or `--compare=a,b`.
    case optionalValue
    /// A positional; a repeating one takes every remaining argument (at least one).
    case positional(repeats: Bool)
}

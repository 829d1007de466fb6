/// The times of several runs taken in turn, ``Report/repeats`` rounds of each: a machine that speeds up or slows down
/// during the rounds weighs on them all alike, so their ratios are fair.
struct TimesInTurn {
    /// `rounds[round][run]`, in seconds.
    let rounds: [[Double]]

    /// Runs each of `timings` once a round; each returns the seconds it measured itself, as ``seconds(_:)`` does.
    init(_ timings: [() throws -> Double]) throws {
        rounds = try (0..<Report.repeats).map { _ in try timings.map { try $0() } }
    }

    /// The median time of run `run`.
    func medianTime(_ run: Int) -> Double {
        median(rounds.map { $0[run] })
    }

    /// The median, over rounds, of run `run`'s time over run `other`'s in the same round. The virtual machine's
    /// speed wanders by half within minutes; a ratio taken within a round cancels it, where a ratio of two medians
    /// may pair a fast spell with a slow one.
    func ratio(_ run: Int, to other: Int) -> Double {
        median(rounds.map { $0[run] / $0[other] })
    }
}

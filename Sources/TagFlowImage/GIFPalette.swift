
/// A fixed GIF palette made from the colours a style draws with, rather than from the pixels (no median cut),
/// so every frame maps the same colour to the same index and flat colours come out exact.
///
/// Entries, in order: the distinct `knownColours`, then for each ramp its two ends (when not already present) and
/// `rampSteps` evenly spaced colours strictly between them, which catch anti-aliased edges of text and borders.
/// When everything does not fit in 256 entries, the number of steps is lowered (the same for every ramp) until it
/// does; `rampSteps` tells the number used.
public struct GIFPalette: Sendable, Equatable {
    public let colours: [RGB]
    /// The steps per ramp actually used, at most the requested number.
    public let rampSteps: Int

    public init(knownColours: [RGB], ramps: [(RGB, RGB)] = [], rampSteps: Int = 0) throws(GIFError) {
        guard rampSteps >= 0 else { throw .invalidRampSteps(rampSteps) }
        var base: [RGB] = []
        var seen = Set<RGB>()
        for colour in knownColours where seen.insert(colour).inserted { base.append(colour) }
        guard !base.isEmpty else { throw .emptyPalette }
        guard base.count <= 256 else { throw .tooManyKnownColours(count: base.count) }

        var steps = rampSteps
        while true {
            var colours = base
            var used = seen
            for (from, to) in ramps {
                for colour in [from] + Self.ramp(from: from, to: to, steps: steps) + [to]
                    where used.insert(colour).inserted {
                    colours.append(colour)
                }
            }
            if colours.count <= 256 || steps == 0 {
                // With no steps only ramp ends are added; if even those overflow, keep the first 256.
                self.colours = Array(colours.prefix(256))
                self.rampSteps = steps
                return
            }
            steps -= 1
        }
    }

    /// `steps` colours strictly between `from` and `to`, evenly spaced, rounded to nearest.
    static func ramp(from: RGB, to: RGB, steps: Int) -> [RGB] {
        guard steps > 0 else { return [] }
        let n = steps + 1
        func mix(_ a: UInt8, _ b: UInt8, _ i: Int) -> UInt8 {
            UInt8((Int(a) * (n - i) + Int(b) * i + n / 2) / n)
        }
        return (1...steps).map { i in RGB(r: mix(from.r, to.r, i), g: mix(from.g, to.g, i), b: mix(from.b, to.b, i)) }
    }

    /// The colour that pixels with alpha below 255 are composited over: the first known colour.
    public var matte: RGB { colours[0] }

    /// The index of the entry nearest `colour` (squared distance in sRGB; ties go to the lower index).
    ///
    /// - Complexity: O(*k*) for *k* palette entries; the encoder memoises it per colour.
    public func nearestIndex(to colour: RGB) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (i, entry) in colours.enumerated() {
            let dr = Int(entry.r) - Int(colour.r)
            let dg = Int(entry.g) - Int(colour.g)
            let db = Int(entry.b) - Int(colour.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                bestDistance = d
                best = i
                if d == 0 { break }
            }
        }
        return best
    }
}

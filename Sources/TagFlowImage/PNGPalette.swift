/// The palette of a picture indexed in parts: the union of their colours, in an order that depends only on the
/// colours, so the bytes never depend on how the picture was cut or in which order the parts were made.
struct PNGPalette {
    /// Translucent colours first, so the tRNS chunk is as short as it can be; then by value.
    let colours: [UInt32]
    private let positions: [UInt32: UInt8]

    /// Nil when the parts hold more than 256 colours between them.
    init?(merging parts: [[UInt32]]) {
        var union = Set<UInt32>()
        for part in parts {
            union.formUnion(part)
            if union.count > IndexedScanlines.maxColours { return nil }
        }
        func isOpaque(_ colour: UInt32) -> Bool { colour >> 24 == 0xFF }
        colours = union.sorted { isOpaque($0) != isOpaque($1) ? !isOpaque($0) : $0.bigEndian < $1.bigEndian }
        positions = Dictionary(uniqueKeysWithValues: colours.enumerated().map { ($1, UInt8($0)) })
    }

    /// For each of a part's colours, its index in this palette.
    func renumbering(_ partColours: [UInt32]) -> [UInt8] {
        partColours.map { positions[$0]! }
    }

    /// The PLTE chunk's data: R, G, B for each colour.
    var plte: [UInt8] {
        colours.flatMap {
            [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0 >> 16)]
        }
    }

    /// The tRNS chunk's data: the alpha of each translucent colour; nil when every colour is opaque.
    var trns: [UInt8]? {
        let alphas = colours.prefix { $0 >> 24 != 0xFF }.map { UInt8(truncatingIfNeeded: $0 >> 24) }
        return alphas.isEmpty ? nil : alphas
    }
}

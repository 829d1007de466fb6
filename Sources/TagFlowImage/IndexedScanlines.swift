/// Rows of pixels as indices into their own colours, for PNG's colour type 3 when there are at most 256.
///
/// Renders of tags are flat fills plus anti-aliasing ramps, so they nearly always qualify. One byte a pixel instead
/// of three leaves a third as much to deflate, and the file is usually under half the size.
struct IndexedScanlines {
    /// The most colours a PNG palette holds.
    static let maxColours = 256

    /// The distinct colours in order of first appearance, each the `UInt32` its straight RGBA bytes load as.
    let colours: [UInt32]
    /// Each row as filter byte 0 and one index into `colours` a pixel.
    private(set) var scanlines: [UInt8]
    let width: Int

    /// Why pixels could not be indexed.
    enum Refusal: Error {
        case moreThan256Colours
        /// Premultiplied pixels are indexed only when opaque, where they equal straight ones.
        case translucent
    }

    /// `rows` rows of `width` straight RGBA pixels, packed; nil when they hold more than 256 colours.
    init?(rgba: UnsafeRawBufferPointer, width: Int, rows: Int) {
        guard let indexed = try? Self(pixels: rgba, width: width, rows: rows,
                                      premultipliedARGB: false) else { return nil }
        self = indexed
    }

    /// Opaque premultiplied ARGB32 pixels as cairo draws them, read without converting them to RGBA first.
    init(_ pixels: PremultipliedARGB32) throws(Refusal) {
        precondition(pixels.stride == pixels.width * 4, "cairo packs ARGB32 rows")
        try self.init(pixels: pixels.data, width: pixels.width, rows: pixels.height, premultipliedARGB: true)
    }

    /// Pixels as 32-bit words a pixel, packed: straight RGBA bytes, or native premultiplied ARGB words, whose
    /// colours are turned into RGBA's at the end (opaque, they are the same colours).
    private init(pixels: UnsafeRawBufferPointer, width: Int, rows: Int, premultipliedARGB: Bool) throws(Refusal) {
        precondition(pixels.count >= width * rows * 4)
        var colours: [UInt32] = []
        var refusal: Refusal?
        let lineBytes = width + 1
        let scanlines = [UInt8](unsafeUninitializedCapacity: lineBytes * rows) { out, initialised in
            guard width > 0, rows > 0 else { return }
            do throws(Refusal) {
                var indexer = try PixelIndexer(pixels.baseAddress!, into: out.baseAddress!,
                                               premultipliedARGB: premultipliedARGB)
                for _ in 0..<rows { try indexer.indexRow(width: width) }
                colours = indexer.table.colours
                initialised = lineBytes * rows
            } catch {
                refusal = error
            }
        }
        if let refusal { throw refusal }
        self.colours = premultipliedARGB ? colours.map(RGBAImage.swappingRedAndBlue) : colours
        self.scanlines = scanlines
        self.width = width
    }

    /// Looks every pixel's index up in `palette`, which holds all of `colours`, in place: the rows become the
    /// picture's scanlines without a second buffer to fault in and fill.
    mutating func renumber(in palette: PNGPalette) {
        let table = palette.renumbering(colours)
        let lineBytes = width + 1
        table.withUnsafeBufferPointer { table in
            scanlines.withUnsafeMutableBufferPointer { lines in
                let bytes = UnsafeMutableRawPointer(lines.baseAddress!)
                var start = 0
                while start < lines.count {
                    var i = start + 1
                    let end = start + lineBytes
                    // Eight equal indices, a run of one colour, are looked up once.
                    while i + 8 <= end {
                        let eight = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        if eight == UInt64(truncatingIfNeeded: eight & 0xFF) &* 0x0101_0101_0101_0101 {
                            bytes.storeBytes(of: UInt64(table[Int(eight & 0xFF)]) &* 0x0101_0101_0101_0101,
                                             toByteOffset: i, as: UInt64.self)
                        } else {
                            for j in i..<i + 8 { lines[j] = table[Int(lines[j])] }
                        }
                        i += 8
                    }
                    while i < end {
                        lines[i] = table[Int(lines[i])]
                        i += 1
                    }
                    start = end
                }
            }
        }
    }

    /// The same rows as RGB (`channels` 3) or RGBA (4) scanlines, filtered by `filter`.
    func directScanlines(channels: Int, filter: PNGEncoder.Filter) -> [UInt8] {
        var lines = unfilteredDirectScanlines(channels: channels)
        PNGRowFilter.apply(filter, to: &lines, lineBytes: width * channels + 1, bytesPerPixel: channels)
        return lines
    }

    private func unfilteredDirectScanlines(channels: Int) -> [UInt8] {
        let lineBytes = width + 1
        let rows = scanlines.count / lineBytes
        let outLine = width * channels + 1
        return colours.withUnsafeBufferPointer { colours in
            scanlines.withUnsafeBufferPointer { lines in
                // One spare byte: an RGB pixel is stored as a 4-byte word whose last byte the next store covers.
                [UInt8](unsafeUninitializedCapacity: outLine * rows + 1) { out, initialised in
                    let destination = UnsafeMutableRawPointer(out.baseAddress!)
                    for row in 0..<rows {
                        var to = destination + row * outLine
                        to.storeBytes(of: 0, as: UInt8.self)
                        to += 1
                        for i in row * lineBytes + 1..<(row + 1) * lineBytes {
                            to.storeBytes(of: colours[Int(lines[i])], toByteOffset: 0, as: UInt32.self)
                            to += channels
                        }
                    }
                    initialised = outLine * rows
                }
            }
        }
    }
}

/// Packed 32-bit pixels read in order, each written as its colour's index in a ``ColourTable``, every row led by
/// filter byte 0.
private struct PixelIndexer {
    private var source: UnsafeRawPointer
    private var destination: UnsafeMutablePointer<UInt8>
    /// Native premultiplied ARGB words, indexed only when opaque; else straight RGBA bytes.
    private let premultipliedARGB: Bool
    private(set) var table: ColourTable
    // Runs of one colour are the rule, so the last colour's index is kept at hand.
    private var lastColour: UInt32
    private var lastIndex: UInt8

    init(_ source: UnsafeRawPointer, into destination: UnsafeMutablePointer<UInt8>,
         premultipliedARGB: Bool) throws(IndexedScanlines.Refusal) {
        let first = source.loadUnaligned(as: UInt32.self)
        if premultipliedARGB && first >> 24 != 0xFF { throw .translucent }
        var table = ColourTable()
        guard let index = table.index(of: first) else { throw .moreThan256Colours }
        self.source = source
        self.destination = destination
        self.premultipliedARGB = premultipliedARGB
        self.table = table
        lastColour = first
        lastIndex = index
    }

    /// The next row of `width` pixels.
    @inline(__always) mutating func indexRow(width: Int) throws(IndexedScanlines.Refusal) {
        destination.pointee = 0
        destination += 1
        var remaining = width
        while remaining > 0 {
            if remaining >= 8 && takeEightOfLastColour() {
                remaining -= 8
                continue
            }
            let count = min(remaining, 8)
            try indexOneByOne(count)
            remaining -= count
        }
    }

    /// Eight pixels that repeat the last colour, most of a flat render, written at once; false, with nothing
    /// written, when any of the next eight differs.
    @inline(__always) private mutating func takeEightOfLastColour() -> Bool {
        let repeated = UInt64(lastColour) &* 0x1_0000_0001
        let differs = (source.loadUnaligned(as: UInt64.self) ^ repeated)
            | (source.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ repeated)
            | (source.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ repeated)
            | (source.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ repeated)
        guard differs == 0 else { return false }
        UnsafeMutableRawPointer(destination).storeBytes(of: UInt64(lastIndex) &* 0x0101_0101_0101_0101, as: UInt64.self)
        destination += 8
        source += 32
        return true
    }

    /// The next `count` pixels one by one, in order, so the table meets new colours as pixel by pixel.
    @inline(__always) private mutating func indexOneByOne(_ count: Int) throws(IndexedScanlines.Refusal) {
        for _ in 0..<count {
            let colour = source.loadUnaligned(as: UInt32.self)
            if colour != lastColour {
                if premultipliedARGB && colour >> 24 != 0xFF { throw .translucent }
                guard let index = table.index(of: colour) else { throw .moreThan256Colours }
                lastColour = colour
                lastIndex = index
            }
            destination.pointee = lastIndex
            destination += 1
            source += 4
        }
    }
}

/// Colour to index, for at most 256 colours: open addressing in a table four times that size.
private struct ColourTable {
    private static let slotCount = 1024
    /// Per slot, the colour in the high 32 bits and its index plus one in the low ones; 0 marks an empty slot.
    private var slots = [UInt64](repeating: 0, count: slotCount)
    private(set) var colours: [UInt32] = []

    /// The colour's index, adding it when new; nil when the 257th colour is asked for.
    mutating func index(of colour: UInt32) -> UInt8? {
        var slot = Int(truncatingIfNeeded: (colour &* 0x9E37_79B1) >> 22)
        let found: UInt8?? = slots.withUnsafeBufferPointer { slots in
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if UInt32(truncatingIfNeeded: entry >> 32) == colour { return UInt8(truncatingIfNeeded: entry &- 1) }
                slot = (slot + 1) & (Self.slotCount - 1)
            }
        }
        if let found { return found }
        guard colours.count < IndexedScanlines.maxColours else { return nil }
        slots[slot] = UInt64(colour) << 32 | UInt64(colours.count + 1)
        colours.append(colour)
        return UInt8(colours.count - 1)
    }
}

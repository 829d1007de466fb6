import Dispatch

/// The one place that turns scanlines into a PNG's zlib stream, with the options' deflater.
enum PNGDeflate {
    /// Input bytes each band or piece covers. Fixed, so the output never depends on the thread count.
    static let pieceSize = 1 << 20
    /// The pieces libdeflate deflates apart: larger, since its best levels find matches far back. On a 4800×4562
    /// contact sheet at level 12, pieces of 4 MiB gave a file 0.2% larger than one piece.
    static let libdeflatePieceSize = 4 << 20

    static func zlibStream(_ scanlines: [UInt8], options: PNGEncoder.Options) throws(PNGError) -> [UInt8] {
        try options.checkLevel()
        let size = options.deflater == .libdeflate ? libdeflatePieceSize : pieceSize
        if options.deflater == .libdeflate, scanlines.count <= size {
            // One piece: libdeflate's own zlib stream, in one call.
            let compressor = try LibdeflateCompressor(level: options.compressionLevel)
            return try scanlines.withUnsafeBufferPointer { buffer throws(PNGError) in
                try compressor.zlibStream(UnsafeRawBufferPointer(buffer))
            }
        }
        let pieces = stride(from: 0, to: max(scanlines.count, 1), by: size).map { $0..<min(scanlines.count, $0 + size) }
        return try scanlines.withUnsafeBufferPointer { buffer throws(PNGError) in
            // Read only, by every piece's worker, while `scanlines` is held here.
            nonisolated(unsafe) let whole = buffer
            return try inPieces(pieceCount: pieces.count, options: options) { index, deflate throws(PNGError) in
                try deflate(UnsafeBufferPointer(rebasing: whole[pieces[index]]))
            }
        }
    }

    /// The zlib stream of the concatenation of `pieceCount` pieces of scanlines, each made by `piece` on its own
    /// core. zlib and igzip deflate each piece where it is made; libdeflate deflates them joined, in its own
    /// larger pieces.
    static func zlibStream(pieceCount: Int, options: PNGEncoder.Options,
                           piece: @Sendable (_ index: Int) -> [UInt8]) throws(PNGError) -> [UInt8] {
        try options.checkLevel()
        switch options.deflater {
        case .libdeflate:
            let pieces = resultsByIndex(count: pieceCount, concurrently: options.usesEveryCore, piece)
            return try zlibStream(pieceCount == 1 ? pieces[0] : joined(pieces), options: options)
        case .zlib, .igzip:
            return try inPieces(pieceCount: pieceCount, options: options) { index, deflate throws(PNGError) in
                try piece(index).withUnsafeBufferPointer { buffer throws(PNGError) in try deflate(buffer) }
            }
        }
    }

    /// A zlib stream of the concatenation of `pieceCount` pieces, each deflated on its own core, as pigz does:
    /// each piece is deflated with no history, and all but the last end with a flush onto a byte boundary, so
    /// their raw deflate data joins into one valid stream (libdeflate, which has no flush, finishes each piece,
    /// and ``DeflateJoining`` makes it one that more can follow). `piece` hands its index's bytes to `deflate`; they
    /// need live only for that call, so a large image never exists whole.
    private static func inPieces(pieceCount: Int, options: PNGEncoder.Options,
                                 piece: @Sendable (
                                     _ index: Int, _ deflate: (UnsafeBufferPointer<UInt8>) throws(PNGError) -> Void
                                 ) throws(PNGError) -> Void)
        throws(PNGError) -> [UInt8] {
        let (level, strategy) = (options.compressionLevel, options.strategy.zlibValue)
        let rawDeflate = { @Sendable (input: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(PNGError) -> [UInt8] in
            switch options.deflater {
            case .igzip: return try Igzip.rawDeflate(input, level: level, isLast: isLast)
            case .zlib: return try RawDeflater(level: Int32(level), strategy: strategy).deflate(input, isLast: isLast)
            case .libdeflate:
                let finished = try LibdeflateCompressor(level: level).rawDeflate(UnsafeRawBufferPointer(input))
                return isLast ? finished : try DeflateJoining.unfinished(finished)
            }
        }
        let compressed = resultsByIndex(count: pieceCount, concurrently: options.usesEveryCore) { index in
            Result { () throws(PNGError) -> (bytes: [UInt8], adler: UInt32, length: Int) in
                var deflated: (bytes: [UInt8], adler: UInt32, length: Int)?
                try piece(index) { buffer throws(PNGError) in
                    guard buffer.count <= Int(UInt32.max) else {
                        throw .zlib(operation: "deflate (a piece over 4 GiB)", code: Zlib.bufferError)
                    }
                    deflated = (try rawDeflate(buffer, index == pieceCount - 1), Checksums.adler32(buffer),
                                buffer.count)
                }
                guard let deflated else {
                    throw .zlib(operation: "deflate (a piece gave no bytes)", code: Zlib.dataError)
                }
                return deflated
            }
        }
        var pieces: [(bytes: [UInt8], adler: UInt32, length: Int)] = []
        for result in compressed { pieces.append(try result.get()) }
        var output: [UInt8] = [0x78, options.zlibHeaderLevelByte]
        output.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.bytes.count } + 4)
        var adler: UInt32 = 1
        for piece in pieces {
            output += piece.bytes
            adler = Zlib.combineAdler32(adler, piece.adler, secondLength: piece.length)
        }
        output.appendPNGUInt32(adler)
        return output
    }
}

extension PNGDeflate {
    /// The pieces one after the other, copied a piece at a time.
    static func joined(_ pieces: [[UInt8]]) -> [UInt8] {
        let total = pieces.reduce(0) { $0 + $1.count }
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialised in
            var offset = 0
            for piece in pieces {
                piece.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    (out.baseAddress! + offset).initialize(from: base, count: source.count)
                }
                offset += piece.count
            }
            initialised = total
        }
    }
}

extension PNGEncoder.Options {
    /// The second byte of the zlib header, as zlib writes it for a 32 KiB window: it names the level (fastest, fast,
    /// default or best) and makes the pair divisible by 31. igzip's levels are all fast.
    var zlibHeaderLevelByte: UInt8 {
        if deflater == .igzip { return 0x5E }
        let level = compressionLevel
        return level <= 1 ? 0x01 : level <= 5 ? 0x5E : level == 6 ? 0x9C : 0xDA
    }
}

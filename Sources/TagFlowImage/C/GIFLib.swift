import CGIF

/// A GIF written to memory with giflib, one block at a time.
///
/// Owns its `GifFileType`; `init` opens it and throws if giflib cannot, every write checks giflib's status and
/// throws a `GIFError` naming the call, and `deinit` closes a file that ``close()`` did not.
final class GIFFileWriter {
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Receives giflib's output; giflib holds it only as unretained user data, so the writer keeps it.
    private let sink: ByteSink

    /// Collects giflib's many small writes (a sub-block each): all of them, or, with a file, a chunk at a time.
    private final class ByteSink {
        var bytes: [UInt8] = []
        let file: AtomicFile.Writer?
        /// The file's failure, once writing to it failed; giflib only learns that a write fell short.
        var failure: AtomicFileError?
        static let chunkSize = 1 << 20

        init(file: AtomicFile.Writer?) {
            self.file = file
            if file != nil { bytes.reserveCapacity(Self.chunkSize) }
        }

        /// Hands the collected bytes to the file, if there is one.
        func flush() throws(AtomicFileError) {
            guard let file, !bytes.isEmpty else { return }
            try file.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Opens a GIF89a, kept in memory, or written to `file` as it is made.
    init(writingTo file: AtomicFile.Writer? = nil) throws(GIFError) {
        sink = ByteSink(file: file)
        var error: Int32 = 0
        let userData = Unmanaged.passUnretained(sink).toOpaque()
        guard let gif = EGifOpen(userData, { file, data, length in
            guard let file, let userData = file.pointee.UserData, length >= 0 else { return 0 }
            let sink = Unmanaged<ByteSink>.fromOpaque(userData).takeUnretainedValue()
            guard sink.failure == nil else { return 0 }
            if length > 0, let data {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                if sink.bytes.count >= ByteSink.chunkSize {
                    do throws(AtomicFileError) {
                        try sink.flush()
                    } catch {
                        sink.failure = error
                        return 0
                    }
                }
            }
            return length
        }, &error) else {
            throw Self.error("EGifOpen", code: error)
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// The logical screen and its global colour table. `colours.count` must be a power of two from 2 to 256.
    func putScreen(width: Int, height: Int, colours: [RGB]) throws(GIFError) {
        let gif = try open()
        var bits = 1
        while (1 << bits) < colours.count { bits += 1 }
        let table = colours.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        guard let map = GifMakeMapObject(Int32(table.count), table) else {
            throw Self.error("GifMakeMapObject", code: E_GIF_ERR_NOT_ENOUGH_MEM)
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), Int32(bits), 0, map), "EGifPutScreenDesc")
    }

    /// An application extension: `identifier` (eleven bytes, name and code) followed by `subBlocks`.
    func putApplicationExtension(identifier: [UInt8], subBlocks: [[UInt8]]) throws(GIFError) {
        let gif = try open()
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        try check(EGifPutExtensionBlock(gif, Int32(identifier.count), identifier), "EGifPutExtensionBlock")
        for block in subBlocks {
            try check(EGifPutExtensionBlock(gif, Int32(block.count), block), "EGifPutExtensionBlock")
        }
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    /// A graphic control extension for the next image: its delay, disposal "do not dispose", no transparency.
    func putGraphicsControl(delayCentiseconds: Int) throws(GIFError) {
        let gif = try open()
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delayCentiseconds),
            TransparentColor: NO_TRANSPARENT_COLOR
        )
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes),
                  "EGifPutExtension (graphics control)")
    }

    /// An image of `region` with no local colour table, its pixels already LZW-coded (``GIFLZW``) with the
    /// minimum code size the screen's colour table gives, as length-led sub-blocks. giflib writes the code size
    /// byte and the terminating empty block.
    func putImage(_ region: PixelRegion, codedBlocks: [UInt8]) throws(GIFError) {
        let gif = try open()
        try check(
            EGifPutImageDesc(gif, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                             false, nil),
            "EGifPutImageDesc"
        )
        var failed = false
        codedBlocks.withUnsafeBufferPointer { blocks in
            var start = 0
            while start < blocks.count, !failed {
                failed = EGifPutCodeNext(gif, blocks.baseAddress! + start) == GIF_ERROR
                start += Int(blocks[start]) + 1
            }
        }
        if failed { throw failure(or: Self.error("EGifPutCodeNext", code: gif.pointee.Error)) }
        try check(EGifPutCodeNext(gif, nil), "EGifPutCodeNext (end of image)")
    }

    /// GIF's LZW minimum code size for a global colour table of `colourCount` entries, as giflib writes it.
    static func minimumCodeSize(colourCount: Int) -> Int {
        var bits = 1
        while (1 << bits) < colourCount { bits += 1 }
        return max(2, bits)
    }

    /// Writes the trailer and closes the GIF. Returns every byte written, or, writing to a file, none: they are all
    /// in the file, for its owner to commit. The writer cannot be used afterwards.
    func close() throws(GIFError) -> [UInt8] {
        let gif = try open()
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw failure(or: Self.error("EGifCloseFile", code: error)) }
        guard sink.file != nil else { return sink.bytes }
        do {
            try sink.flush()
        } catch {
            throw .write(error)
        }
        return []
    }

    /// The file's own failure when writing to it failed, else `error`.
    private func failure(or error: GIFError) -> GIFError {
        sink.failure.map { .write($0) } ?? error
    }

    private func open() throws(GIFError) -> UnsafeMutablePointer<GifFileType> {
        guard let gif else { throw .alreadyFinished }
        return gif
    }

    private func check(_ result: Int32, _ operation: String) throws(GIFError) {
        if result == GIF_ERROR {
            throw failure(or: Self.error(operation, code: gif?.pointee.Error ?? 0))
        }
    }

    private static func error(_ operation: String, code: Int32) -> GIFError {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "unknown error"
        return .giflib(operation: operation, code: code, message: message)
    }
}

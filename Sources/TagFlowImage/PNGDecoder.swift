/// Reads PNGs into 8-bit straight RGBA, whatever their colour type and bit depth, through libpng
/// (`PNGMemoryReader`), after checking what libpng would trust blindly.
///
/// - Complexity: O(*n*) in the file's bytes and the image's pixels.
public struct PNGDecoder: Sendable {
    /// Images wider or taller than `maxSide`, or with more than `maxPixels` pixels, are refused before any
    /// pixel memory is allocated. The defaults read every picture tagflow draws: at most ``largestPicture`` pixels,
    /// as tall as that allows (content past cairo's 32,767 px is drawn in strips), and a side at most libpng's own
    /// default limit.
    public struct Limits: Sendable, Equatable {
        public var maxSide: Int
        public var maxPixels: Int

        /// The most pixels a picture tagflow draws or reads may have: 100 M pixels is 400 MB of RGBA.
        public static let largestPicture = 100_000_000

        public init(maxSide: Int = 1_000_000, maxPixels: Int = largestPicture) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The pixels of the PNG in `bytes`; throws `.corrupt` with libpng's message for data it cannot read.
    ///
    /// The PNGs tagflow writes are read directly (``DirectPNGReader``); every other file, and every damaged one,
    /// by libpng.
    public func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        if let image = bytes.withUnsafeBytes({ DirectPNGReader.image($0, limits: limits) }) { return image }
        return try decodeWithLibpng(bytes)
    }

    /// The width and height a PNG's header declares, read without decoding it; nil when `bytes` does not begin with a
    /// signature and an IHDR chunk.
    public static func size(of bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes.starts(with: PNGChunkWriter.signature), bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: bigEndian(16), height: bigEndian(20))
    }

    /// The same, always by libpng.
    func decodeWithLibpng(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .corrupt("no data") }
        if let problem = Self.signatureProblem(bytes) { throw .corrupt(problem) }
        if let overrun = Self.chunkPastTheEnd(bytes) { throw .corrupt(overrun) }
        // libpng's simplified API reads 16-bit Adam7 files wrongly (PNGDeinterlacer says how): it gets them flat.
        let readable = try PNGDeinterlacer.nonInterlacedCopy(of: bytes, limits: limits) ?? bytes
        return try PNGMemoryReader.read(readable) { reader throws(PNGError) in
            let width = reader.width, height = reader.height
            guard width <= limits.maxSide, height <= limits.maxSide, width * height <= limits.maxPixels else {
                throw .imageTooLarge(width: width, height: height, maxSide: limits.maxSide, maxPixels: limits.maxPixels)
            }
            return RGBAImage(unchecked: width, height, try reader.readRGBA())
        }
    }

    /// Whether `bytes` is a PNG of exactly `image`'s pixels, told without decoding it whole. True only when it is
    /// tagflow's own kind of PNG (``DirectPNGReader``) with those pixels; false otherwise, when only ``decode(_:)``
    /// and a comparison can tell.
    public func holdsExactly(_ image: RGBAImage, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { DirectPNGReader.holds(image, in: $0, limits: limits) }
    }

    /// Whether `bytes` is a PNG of exactly the picture `draw` makes a band of rows at a time, top to bottom, told
    /// without decoding the file or holding the picture whole. `draw` lends each band's pixels, as cairo holds
    /// them, to the check it is given, and stops at the first band that fails it. True only when the file is
    /// tagflow's own kind of PNG (``DirectPNGReader``) and every row matched; false otherwise, when only
    /// ``decode(_:)`` and a comparison can tell.
    public func holdsExactly<E: Error>(in bytes: [UInt8],
                                       drawnInBands draw: (_ check: (PremultipliedARGB32) -> Bool) throws(E) -> Bool)
        throws(E) -> Bool {
        let checked = bytes.withUnsafeBytes { bytes in
            Result { () throws(E) -> Bool in try DirectPNGReader.holds(in: bytes, limits: limits, drawnInBands: draw) }
        }
        return try checked.get()
    }

    /// What is wrong with the start of `bytes`, if they do not begin with the PNG signature: named when they begin
    /// as another kind of picture does.
    private static func signatureProblem(_ bytes: [UInt8]) -> String? {
        let signature = PNGChunkWriter.signature
        if bytes.starts(with: signature) { return nil }
        if bytes.count < signature.count
            && signature.starts(with: bytes) { return "the file ends inside the PNG signature" }
        let kind: String? = if bytes.starts(with: Array("GIF8".utf8)) { "a GIF" }
            else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { "a JPEG" }
            else if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8))
                && Array(bytes[8..<12]) == Array("WEBP".utf8) { "a WebP" }
            else { nil }
        return "it does not start with the PNG signature" + (kind.map { "; it is \($0)" } ?? "")
    }

    /// libpng allocates the length a chunk declares before it reads the chunk, so a 174-byte file whose zTXt chunk
    /// declares 2 GB would take 2 GB of memory. The whole PNG is in memory here, so a chunk longer than the bytes
    /// left can only be damaged: walk the chunk headers up to IEND and refuse such a chunk before libpng sees it.
    private static func chunkPastTheEnd(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: PNGChunkWriter.signature) else { return nil }  // libpng names that
        var offset = 8
        while bytes.count - offset >= 8 {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[offset + 4..<offset + 8]
            let name = type.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) }
                ? String(decoding: type, as: UTF8.self) : "unnamed"
            if length > bytes.count - offset - 12 {
                return "the \(name) chunk at byte \(offset) runs past the end of the data: "
                    + "it declares \(length) bytes, and \(bytes.count - offset - 8) follow its header"
            }
            if name == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}

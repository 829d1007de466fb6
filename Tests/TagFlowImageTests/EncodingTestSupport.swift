import TagFlowLayout
import TagFlowImage

/// Helpers for the encoder tests, kept in one namespace so they cannot clash with other test files.
enum EncodingFixtures {
    /// Random RGBA noise; alpha random too unless `opaque`.
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool) -> RGBAImage {
        var generator = SeededGenerator(seed: seed)
        var bytes = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        if opaque {
            for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        }
        return try! RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// A flat UI-like picture: a background, a few filled boxes with borders, some speckle inside them.
    static func flatUI(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: .init(red: 255, green: 255, blue: 255))
        var generator = SeededGenerator(seed: seed)
        var y = 4
        while y + 20 < height {
            var x = 4
            while x + 40 < width {
                let w = Int.random(in: 20...60, using: &generator)
                image.fill(x: x, y: y, width: w, height: 18, with: .init(red: 30, green: 30, blue: 30))
                image.fill(x: x + 1, y: y + 1, width: w - 2, height: 16, with: .init(red: 220, green: 235, blue: 250))
                for _ in 0..<(w / 3) {
                    let px = x + Int.random(in: 3..<(w - 3), using: &generator)
                    let py = y + Int.random(in: 4..<14, using: &generator)
                    let level = UInt8.random(in: 0...255, using: &generator)
                    if px < width { image[px, py] = .init(red: level, green: level, blue: level) }
                }
                x += w + 6
            }
            y += 24
        }
        return image
    }

    // MARK: PNG chunks

    struct Chunk {
        var type: String
        var data: [UInt8]
        var storedCRC: UInt32
        var computedCRC: UInt32
    }

    enum ChunkReadError: Error { case badSignature, truncated(at: Int) }

    /// Splits a PNG/APNG byte stream into its chunks, computing each CRC independently of zlib.
    static func chunks(of bytes: [UInt8]) throws -> [Chunk] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw ChunkReadError.badSignature }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw ChunkReadError.truncated(at: offset) }
            let length = Int(uint32(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw ChunkReadError.truncated(at: offset) }
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = uint32(bytes, at: offset + 8 + length)
            chunks.append(Chunk(
                type: String(decoding: typeBytes, as: UTF8.self), data: data,
                storedCRC: stored, computedCRC: crc32(typeBytes + data)
            ))
            offset += 12 + length
        }
        return chunks
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (UInt32(bytes[offset]) << 24) | (UInt32(bytes[offset + 1]) << 16) | (UInt32(bytes[offset + 2]) << 8) | UInt32(bytes[offset + 3])
    }

    static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        (UInt16(bytes[offset]) << 8) | UInt16(bytes[offset + 1])
    }

    /// Bitwise CRC-32 (ISO 3309, as PNG uses), written out here so the tests do not trust zlib's.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Builds a PNG file from chunks (CRCs computed here).
    static func png(chunks: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            let typeBytes = Array(type.utf8)
            out += bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
        }
        return out
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}

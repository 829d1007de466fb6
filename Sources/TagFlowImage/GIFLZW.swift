/// GIF's variable-length LZW, in Swift, so that frames are coded on every core (giflib codes one image at a time
/// inside its file writer). The output is the image data's sub-blocks, ready for ``GIFFileWriter/putImage(_:codeSize:blocks:)``.
struct GIFLZW {
    /// The codes' starting width less one: GIF's "LZW minimum code size", from the colour table's size.
    let minimumCodeSize: Int

    /// The largest code GIF allows (12 bits).
    private static let maxCode = 4095
    /// Open-addressed (prefix code, next index) → code, at most half full.
    private static let slotCount = 8192

    /// `indices` (each below 2^`minimumCodeSize`) as LZW codes packed little-endian, cut into sub-blocks of at most
    /// 255 bytes, each led by its length. No terminating empty block.
    func subBlocks(_ indices: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var packer = BitPacker(capacity: indices.count)
        var keys = [UInt32](repeating: 0, count: Self.slotCount)
        var codes = [UInt16](repeating: 0, count: Self.slotCount)
        var width = minimumCodeSize + 1
        var next = end + 1

        packer.put(clear, width: width)
        guard var prefix = indices.first.map(Int.init) else {
            packer.put(end, width: width)
            return packer.subBlocks()
        }
        keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                for position in 1..<indices.count {
                    let byte = Int(indices[position])
                    // 0 marks an empty slot, so keys are stored plus one.
                    let key = UInt32(truncatingIfNeeded: (prefix << 8 | byte) + 1)
                    var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 19)
                    var found = false
                    while keys[slot] != 0 {
                        if keys[slot] == key {
                            prefix = Int(codes[slot])
                            found = true
                            break
                        }
                        slot = (slot + 1) & (Self.slotCount - 1)
                    }
                    if found { continue }
                    packer.put(prefix, width: width)
                    if next <= Self.maxCode {
                        keys[slot] = key
                        codes[slot] = UInt16(next)
                        // The decoder adds its entry one code later, and widens when that entry fills the width.
                        if next == 1 << width, width < 12 { width += 1 }
                        next += 1
                    }
                    if next > Self.maxCode {
                        // The table is full: start again, as the decoder will on reading the clear code.
                        packer.put(clear, width: width)
                        for i in keys.indices { keys[i] = 0 }
                        width = minimumCodeSize + 1
                        next = end + 1
                    }
                    prefix = byte
                }
            }
        }
        packer.put(prefix, width: width)
        // The decoder adds an entry on reading that last code, which may widen the end code.
        if next <= Self.maxCode, next == 1 << width, width < 12 { width += 1 }
        packer.put(end, width: width)
        return packer.subBlocks()
    }
}

/// Codes packed least significant bit first, as GIF stores them.
private struct BitPacker {
    private var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var bits = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity / 4 + 64)
    }

    mutating func put(_ code: Int, width: Int) {
        buffer |= UInt64(code) << UInt64(bits)
        bits += width
        while bits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bits -= 8
        }
    }

    /// The packed bytes, the last partial byte included, as length-led sub-blocks of at most 255 bytes.
    mutating func subBlocks() -> [UInt8] {
        if bits > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            bits = 0
        }
        var blocks: [UInt8] = []
        blocks.reserveCapacity(bytes.count + bytes.count / 255 + 1)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 255)
            blocks.append(UInt8(end - start))
            blocks.append(contentsOf: bytes[start..<end])
            start = end
        }
        return blocks
    }
}


/// GIF's variable-length LZW, in Swift, so that frames are coded on every core (giflib codes one image at a time
/// inside its file writer). The output is the image data's sub-blocks, ready for
/// ``GIFFileWriter/putImage(_:codedBlocks:)``.
///
/// The string table is a hash table of (prefix code, next index) → code with linear probing, 8,192 slots for at
/// most 4,096 codes: 64 KiB, which stays in cache where a direct table of every pair (4 MiB) missed it on almost
/// every lookup. Each slot carries the table's generation, so clearing the table is one increment. A coder is used
/// by one thread at a time and keeps its table from frame to frame.
///
/// Runs of one index, most of a frame, skip the hash table. The run strings of an index b in the table are always
/// b, bb, …, b repeated m + 1 times, since each is added only as the longest then present followed by b; so the
/// codes of each index's runs are kept in order in `runCodes`, and a run in the input is measured a word at a time
/// and looked up once. The table holds the same strings under the same codes as with the hash table alone, so the
/// output is the same.
final class GIFLZW {
    /// The codes' starting width less one: GIF's "LZW minimum code size", from the colour table's size.
    let minimumCodeSize: Int

    /// The largest code GIF allows (12 bits).
    private static let maxCode = 4095
    private static let slotCount = 1 << 13
    /// Slots hold `generation << 32 | key << 12 | code`, the key being `prefix << 8 | index`; a slot of an older
    /// generation is empty, and generation 0 marks a slot never written.
    private let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: slotCount)
    private var generation: UInt64 = 0
    /// Per index b, `runCodes[b << 12 + k]` is the code of b repeated k + 2 times, for k below `runCounts[b]`.
    /// Entries past the count are never read, so the storage (2 MiB, touched only for indices that run) starts
    /// uninitialised.
    private let runCodes = UnsafeMutablePointer<UInt16>.allocate(capacity: 256 << 12)
    private let runCounts = UnsafeMutablePointer<Int>.allocate(capacity: 256)

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        slots.initialize(repeating: 0, count: Self.slotCount)
        runCounts.initialize(repeating: 0, count: 256)
    }

    deinit {
        slots.deallocate()
        runCodes.deallocate()
        runCounts.deallocate()
    }

    /// Empties the table.
    private func clear() {
        generation += 1
        if generation == 1 << 32 {
            slots.update(repeating: 0, count: Self.slotCount)
            generation = 1
        }
        runCounts.update(repeating: 0, count: 256)
    }

    /// `indices` (each below 2^`minimumCodeSize`) as LZW codes packed little-endian, cut into sub-blocks of at most
    /// 255 bytes, each led by its length. No terminating empty block.
    func subBlocks(_ indices: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var coding = Coding(self, capacity: indices.count)
        coding.put(coding.clearCode)
        guard let first = indices.first.map(Int.init) else {
            coding.put(coding.endCode)
            return coding.packer.subBlocks()
        }
        coding.startString(first)
        var position = 1
        let count = indices.count
        while position < count {
            let index = Int(indices[position])
            if coding.runLength > 0 && index == coding.runIndex {
                position = coding.takeRun(of: index, in: indices, at: position)
            } else {
                coding.take(index)
                position += 1
            }
        }
        coding.put(coding.prefix)
        // The decoder adds an entry on reading that last code, which may widen the end code.
        coding.widenIfFull()
        coding.put(coding.endCode)
        return coding.packer.subBlocks()
    }

    /// One image's coding: the codes written so far, the table's next code and width, and the string being matched.
    private struct Coding {
        let coder: GIFLZW
        let clearCode: Int
        let endCode: Int
        var packer: BitPacker
        var width: Int
        var next: Int
        /// The table's generation in a slot's high bits.
        var tag: UInt64
        let slots: UnsafeMutablePointer<UInt64>
        let runCodes: UnsafeMutablePointer<UInt16>
        let runCounts: UnsafeMutablePointer<Int>
        /// The code of the longest string of the input matched so far in the table.
        var prefix = 0
        /// When `prefix` is one index repeated: that index and how many times; a length of 0 when it is not a run.
        var runIndex = 0
        var runLength = 0

        /// Starts with an empty table.
        init(_ coder: GIFLZW, capacity: Int) {
            self.coder = coder
            clearCode = 1 << coder.minimumCodeSize
            endCode = clearCode + 1
            packer = BitPacker(capacity: capacity)
            width = coder.minimumCodeSize + 1
            next = endCode + 1
            coder.clear()
            tag = coder.generation << 32
            (slots, runCodes, runCounts) = (coder.slots, coder.runCodes, coder.runCounts)
        }

        @inline(__always) mutating func put(_ code: Int) { packer.put(code, width: width) }

        /// Matching starts again from the one index `index`.
        @inline(__always) mutating func startString(_ index: Int) {
            prefix = index
            runIndex = index
            runLength = 1
        }

        /// The decoder adds its entry one code later, and widens when that entry fills the width.
        @inline(__always) mutating func widenIfFull() {
            if next == 1 << width, width < 12 { width += 1 }
        }

        /// Gives `next` to the string just found missing, after `prefix` has been written, and starts the table
        /// again when it is full, as the decoder will on reading the clear code.
        @inline(__always) mutating func addCode() {
            widenIfFull()
            next += 1
            if next > GIFLZW.maxCode {
                put(clearCode)
                coder.clear()
                tag = coder.generation << 32
                width = coder.minimumCodeSize + 1
                next = endCode + 1
            }
        }

        /// `prefix` followed by `index`: the longer string's code when the table has it, else `prefix` is written,
        /// the longer string added and matching starts again from `index`.
        @inline(__always) mutating func take(_ index: Int) {
            let key = prefix << 8 | index
            let mask = GIFLZW.slotCount - 1
            var slot = (key ^ key >> 11) & mask
            while true {
                let entry = slots[slot]
                if entry & ~0xFFFF_FFFF != tag { break }
                if Int(entry >> 12 & 0xFFFFF) == key {
                    prefix = Int(entry & 0xFFF)
                    runLength = 0
                    return
                }
                slot = (slot + 1) & mask
            }
            put(prefix)
            slots[slot] = tag | UInt64(key) << 12 | UInt64(next)
            addCode()
            startString(index)
        }

        /// The input's run of `index` from `position`, which continues the run `prefix` holds, taken as far as the
        /// table's longest run string of `index` covers it; when the input's run goes on past that, the run one
        /// longer is added. Returns the position after what was taken.
        @inline(__always) mutating func takeRun(of index: Int, in indices: UnsafeBufferPointer<UInt8>,
                                                at position: Int) -> Int {
            // The longest run string in the table is `longest` long; take as much of the input's run as it covers.
            let longest = runCounts[index] + 1
            let wanted = longest - runLength
            let run = Self.runLength(of: index, in: indices, from: position, upTo: wanted)
            let taken = min(run, wanted)
            runLength += taken
            prefix = runLength == 1 ? index : Int(runCodes[index << 12 + runLength - 2])
            guard run > wanted else { return position + taken }
            // The input's run goes on past the table's: the run one longer is new.
            put(prefix)
            runCodes[index << 12 + runLength - 1] = UInt16(next)
            runCounts[index] += 1
            addCode()
            prefix = index
            runLength = 1
            return position + taken + 1
        }

        /// How many indices from `position` on are `index`, the one at `position` being one, measured a word at a
        /// time: exactly, up to `wanted`; past it, any count above `wanted`.
        @inline(__always) static func runLength(of index: Int, in indices: UnsafeBufferPointer<UInt8>,
                                                from position: Int, upTo wanted: Int) -> Int {
            let count = indices.count
            let base = UnsafeRawPointer(indices.baseAddress!)
            let pattern = UInt64(index) &* 0x0101_0101_0101_0101
            var run = 1
            while run <= wanted {
                if position + run + 8 <= count {
                    let differs = base.loadUnaligned(fromByteOffset: position + run, as: UInt64.self) ^ pattern
                    if differs == 0 {
                        run += 8
                        continue
                    }
                    return run + differs.trailingZeroBitCount >> 3
                }
                if position + run < count && Int(indices[position + run]) == index {
                    run += 1
                    continue
                }
                break
            }
            return run
        }
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

import TagFlowLayout

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
        let clearCode = 1 << minimumCodeSize
        let end = clearCode + 1
        var packer = BitPacker(capacity: indices.count)
        var width = minimumCodeSize + 1
        var next = end + 1
        clear()
        var tag = generation << 32
        let slots = self.slots
        let mask = Self.slotCount - 1

        packer.put(clearCode, width: width)
        guard var prefix = indices.first.map(Int.init) else {
            packer.put(end, width: width)
            return packer.subBlocks()
        }
        let (runCodes, runCounts) = (self.runCodes, self.runCounts)
        // When `prefix` is one index repeated: that index and how many times; a length of 0 when it is not a run.
        var runIndex = Int(indices[0])
        var runLength = 1
        /// Gives `next` to the string just found missing, after `prefix` has been written, and starts the table
        /// again when it is full, as the decoder will on reading the clear code.
        func addCode() {
            // The decoder adds its entry one code later, and widens when that entry fills the width.
            if next == 1 << width, width < 12 { width += 1 }
            next += 1
            if next > Self.maxCode {
                packer.put(clearCode, width: width)
                clear()
                tag = generation << 32
                width = minimumCodeSize + 1
                next = end + 1
            }
        }
        var position = 1
        let count = indices.count
        let base = UnsafeRawPointer(indices.baseAddress!)
        while position < count {
            let index = Int(indices[position])
            if runLength > 0 && index == runIndex {
                // The longest run string in the table is `longest` long; take as much of the input's run as it covers.
                let longest = runCounts[index] + 1
                let wanted = longest - runLength
                var run = 1
                let pattern = UInt64(index) &* 0x0101_0101_0101_0101
                while run <= wanted {
                    if position + run + 8 <= count {
                        let differs = base.loadUnaligned(fromByteOffset: position + run, as: UInt64.self) ^ pattern
                        if differs == 0 {
                            run += 8
                            continue
                        }
                        run += differs.trailingZeroBitCount >> 3
                        break
                    }
                    if position + run < count && Int(indices[position + run]) == index {
                        run += 1
                        continue
                    }
                    break
                }
                let taken = min(run, wanted)
                runLength += taken
                position += taken
                prefix = runLength == 1 ? index : Int(runCodes[index << 12 + runLength - 2])
                guard run > wanted else { continue }
                // The input's run goes on past the table's: the run one longer is new.
                packer.put(prefix, width: width)
                runCodes[index << 12 + runLength - 1] = UInt16(next)
                runCounts[index] += 1
                addCode()
                prefix = index
                runLength = 1
                position += 1
                continue
            }
            let key = prefix << 8 | index
            var slot = (key ^ key >> 11) & mask
            var found = false
            while true {
                let entry = slots[slot]
                if entry & ~0xFFFF_FFFF != tag { break }
                if Int(entry >> 12 & 0xFFFFF) == key {
                    prefix = Int(entry & 0xFFF)
                    found = true
                    break
                }
                slot = (slot + 1) & mask
            }
            position += 1
            if found {
                runLength = 0
                continue
            }
            packer.put(prefix, width: width)
            slots[slot] = tag | UInt64(key) << 12 | UInt64(next)
            addCode()
            prefix = index
            runIndex = index
            runLength = 1
        }
        packer.put(prefix, width: width)
        // The decoder adds an entry on reading that last code, which may widen the end code.
        if next == 1 << width, width < 12 { width += 1 }
        packer.put(end, width: width)
        return packer.subBlocks()
    }
}

/// Objects for work on several threads at once, each lent to one thread at a time and kept for the next.
final class LendingPool<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: an object is reached by one thread at a time, the one it is lent to.
    private let make: @Sendable () -> Object
    private let idle = Locked<[Object]>([])

    init(_ make: @escaping @Sendable () -> Object) { self.make = make }

    func borrow<R>(_ body: (Object) -> R) -> R {
        let object = idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(object) } }
        return body(object)
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

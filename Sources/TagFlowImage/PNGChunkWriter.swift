import Dispatch

/// Builds a PNG byte stream chunk by chunk, with CRC-32 from libdeflate.
struct PNGChunkWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bytes: [UInt8] = []

    mutating func appendSignature() {
        bytes.append(contentsOf: Self.signature)
    }

    /// Room for `count` more bytes, so that a file written chunk by chunk is allocated once.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends one chunk; `type` is four ASCII letters.
    mutating func appendChunk(_ type: StaticString, _ data: some Collection<UInt8>) {
        precondition(type.utf8CodeUnitCount == 4)
        bytes.appendPNGUInt32(UInt32(data.count))
        let typeStart = bytes.count
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBufferPointer { all in
            Checksums.crc32(UnsafeBufferPointer(rebasing: all[typeStart...]))
        }
        bytes.appendPNGUInt32(crc)
    }

    /// The bytes `appendSplit` adds for `count` bytes of data: each chunk's length, type and CRC around them.
    static func splitSize(_ count: Int) -> Int {
        count + 12 * max(1, (count + PNGWriting.maxChunkPayload - 1) / PNGWriting.maxChunkPayload)
    }

    /// Appends `data` as one or more chunks of `type`, each holding at most `PNGWriting.maxChunkPayload` bytes of it,
    /// after the bytes `prefix` gives for that chunk, if any.
    mutating func appendSplit(_ type: StaticString, _ data: [UInt8], prefix: (() -> [UInt8])? = nil) {
        var start = 0
        repeat {
            let end = min(data.count, start + PNGWriting.maxChunkPayload)
            if let prefix {
                appendChunk(type, prefix() + data[start..<end])
            } else {
                appendChunk(type, data[start..<end])
            }
            start = end
        } while start < data.count
    }
}

extension Array where Element == UInt8 {
    mutating func appendPNGUInt32(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendPNGUInt16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}

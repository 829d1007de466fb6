/// The cache key. Compares and hashes the text's UTF-8 bytes: Swift's own String equality is canonical
/// equivalence, which is slower for non-ASCII text and would let "é" and "e\u{301}" (different glyph runs) share
/// an entry.
struct ShapeKey: Hashable {
    let chain: Int32
    let size: Double
    let text: String

    static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
        guard lhs.chain == rhs.chain, lhs.size == rhs.size, lhs.text.utf8.count == rhs.text.utf8.count else {
            return false
        }
        let fast = lhs.text.utf8.withContiguousStorageIfAvailable { a in
            rhs.text.utf8.withContiguousStorageIfAvailable { b in
                a.count == 0 || bytesEqual(a.baseAddress!, b.baseAddress!, count: a.count)
            }
        }
        return (fast ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(chain)
        hasher.combine(size)
        let done: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if done == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

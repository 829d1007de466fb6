import Testing
@testable import TagFlowImage
import TagFlowLayout

@Suite("GIF LZW: the coder's codes are the textbook algorithm's")
struct GIFLZWTests {
    /// GIF's LZW as the specification tells it, a string being known by its prefix's code and its last index: the
    /// codes the fast coder must write.
    static func textbookSubBlocks(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clearCode = 1 << minimumCodeSize
        var codes: [(code: Int, width: Int)] = []
        var table: [Int: Int] = [:]
        var width = minimumCodeSize + 1
        var next = clearCode + 2
        codes.append((clearCode, width))
        guard var string = indices.first.map(Int.init) else {
            codes.append((clearCode + 1, width))
            return packed(codes)
        }
        for index in indices.dropFirst().map(Int.init) {
            if let longer = table[string << 8 | index] {
                string = longer
                continue
            }
            codes.append((string, width))
            table[string << 8 | index] = next
            if next == 1 << width, width < 12 { width += 1 }
            next += 1
            if next > 4095 {
                codes.append((clearCode, width))
                table = [:]
                width = minimumCodeSize + 1
                next = clearCode + 2
            }
            string = index
        }
        codes.append((string, width))
        if next == 1 << width, width < 12 { width += 1 }
        codes.append((clearCode + 1, width))
        return packed(codes)
    }

    /// Codes least significant bit first, in length-led sub-blocks of at most 255 bytes.
    static func packed(_ codes: [(code: Int, width: Int)]) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = 0, bits = 0
        for (code, width) in codes {
            buffer |= code << bits
            bits += width
            while bits >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        var blocks: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let chunk = bytes[start..<min(bytes.count, start + 255)]
            blocks.append(UInt8(chunk.count))
            blocks += chunk
        }
        return blocks
    }

    /// Runs of a few indices, of every length from 1 to `longest`, with stretches of noise between them: a frame's
    /// flat fills and anti-aliased edges.
    static func runsAndNoise(count: Int, colours: Int, longest: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var indices: [UInt8] = []
        while indices.count < count {
            let index = UInt8(Int.random(in: 0..<min(colours, 4), using: &random))
            indices += repeatElement(index, count: Int.random(in: 1...longest, using: &random))
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                indices.append(UInt8(Int.random(in: 0..<colours, using: &random)))
            }
        }
        return Array(indices.prefix(count))
    }

    /// Where the coder's bytes for `indices` first differ from the textbook's; nil when they are the same.
    static func firstDifference(_ indices: [UInt8], minimumCodeSize: Int, by coder: GIFLZW? = nil) -> Int? {
        let coder = coder ?? GIFLZW(minimumCodeSize: minimumCodeSize)
        let coded = indices.withUnsafeBufferPointer { coder.subBlocks($0) }
        let textbook = textbookSubBlocks(indices, minimumCodeSize: minimumCodeSize)
        let common = min(coded.count, textbook.count)
        return (0..<common).first { coded[$0] != textbook[$0] } ?? (coded.count == textbook.count ? nil : common)
    }

    @Test("runs and noise, over many table resets", arguments: [(8, 256, 3000), (8, 16, 40), (2, 4, 700), (4, 16, 9)])
    func runsAndNoise(minimumCodeSize: Int, colours: Int, longest: Int) {
        let indices = Self.runsAndNoise(count: 150_000, colours: colours, longest: longest, seed: UInt64(colours * 31 + longest))
        #expect(Self.firstDifference(indices, minimumCodeSize: minimumCodeSize) == nil)
    }

    @Test("one index repeated fills the table with runs alone, and starts it again")
    func oneLongRun() {
        // The 3,838 codes after the clear and end codes are runs 2 to 3,839 long: the table fills after 7.4 million.
        let indices = [UInt8](repeating: 7, count: 9_000_000) + [1, 7, 7]
        #expect(Self.firstDifference(indices, minimumCodeSize: 8) == nil)
    }

    @Test("tiny inputs", arguments: [[], [0], [3, 3], [1, 2], [0, 0, 0, 1, 0, 0, 0, 0]] as [[UInt8]])
    func tiny(indices: [UInt8]) {
        #expect(Self.firstDifference(indices, minimumCodeSize: 2) == nil)
    }

    @Test("a coder kept from picture to picture codes each as a fresh one does")
    func reusedCoder() {
        let coder = GIFLZW(minimumCodeSize: 8)
        for seed in 1...4 as ClosedRange<UInt64> {
            let indices = Self.runsAndNoise(count: 40_000, colours: 256, longest: 900, seed: seed)
            #expect(Self.firstDifference(indices, minimumCodeSize: 8, by: coder) == nil)
        }
    }
}

import Testing
@testable import TagFlowImage
import TagFlowLayout

/// libdeflate finishes every stream it writes; ``DeflateJoining`` makes a finished one that more can follow. Its
/// bit work must hold wherever the last block ends in its last byte.
@Suite("Deflate: finished pieces joined")
struct DeflateJoiningTests {
    /// Seeded text of `count` bytes from a small alphabet, so that it deflates with Huffman codes of many lengths.
    static func text(_ count: Int, generator: inout SeededGenerator) -> [UInt8] {
        let alphabet = Array("tagflow 标签 ".utf8)
        return (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
    }

    @Test func joinedPiecesInflateToTheirBytesWhereverTheLastBlockEnds() throws {
        var generator = SeededGenerator(seed: 11)
        var endings = Set<Int>()
        for round in 0..<120 {
            let level = round % 13
            // An empty piece, and lengths on both sides of libdeflate's block sizes.
            let pieces = [0, 1, 37, 3000, 70_000].shuffled(using: &generator).prefix(3).map { Self.text($0, generator: &generator) }
            var stream: [UInt8] = [0x78, 0xDA]
            for (index, piece) in pieces.enumerated() {
                let finished = try piece.withUnsafeBytes { try LibdeflateCompressor(level: level).rawDeflate($0) }
                endings.insert(try DeflateJoining.lastBlock(of: finished).unusedBitsAtEnd)
                stream += index == pieces.count - 1 ? finished : try DeflateJoining.unfinished(finished)
            }
            let whole = pieces.flatMap { $0 }
            let adler = whole.withUnsafeBufferPointer { Checksums.adler32($0) }
            stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            let decompressor = try #require(LibdeflateDecompressor())
            let inflated = stream.withUnsafeBytes { decompressor.zlibStream($0, exactly: whole.count) }
            #expect(inflated == whole, "round \(round), level \(level)")
        }
        #expect(endings == Set(0...7), "the last blocks ended at \(endings.sorted())")
    }
}

import CGIF
import TagFlowImage

/// A GIF read back with giflib's decoder, for tests of what the encoders wrote: the screen, the global palette,
/// each frame's rectangle, indices and graphic control values, and the loop count.
public struct DecodedGIF {
    public struct Frame {
        public var left: Int, top: Int, width: Int, height: Int
        /// Palette indices, row by row.
        public var indices: [UInt8]
        /// Hundredths of a second; -1 when the frame has no graphic control extension.
        public var delay: Int
        /// The disposal method (1: do not dispose); -1 without a graphic control extension.
        public var disposal: Int
        /// The transparent index, -1 for none; -2 without a graphic control extension.
        public var transparent: Int
        public var hasLocalColourMap: Bool
    }

    /// "GIF87a" or "GIF89a".
    public var version: String
    public var width: Int
    public var height: Int
    public var palette: [RGB]
    public var frames: [Frame]
    /// The loop count from a NETSCAPE2.0 block before the first frame; nil when there is none.
    public var loopCount: Int?

    /// Why giflib could not read the bytes; the code is giflib's `D_GIF_ERR_*`.
    public enum Failure: Error { case open(Int32), slurp(Int32) }

    /// Decodes the whole of `bytes`.
    public init(_ bytes: [UInt8]) throws {
        let file = try GIFFileReader(bytes)
        let gif = file.gif.pointee
        version = String(decoding: bytes.prefix(6), as: UTF8.self)
        width = Int(gif.SWidth)
        height = Int(gif.SHeight)
        let map = gif.SColorMap!.pointee
        palette = (0..<Int(map.ColorCount)).map { i in
            RGB(r: map.Colors[i].Red, g: map.Colors[i].Green, b: map.Colors[i].Blue)
        }
        frames = []
        loopCount = nil
        for i in 0..<Int(gif.ImageCount) {
            let saved = gif.SavedImages[i]
            let desc = saved.ImageDesc
            let indices = Array(UnsafeBufferPointer(start: saved.RasterBits, count: Int(desc.Width * desc.Height)))
            var control = GraphicsControlBlock()
            let hasControl = DGifSavedExtensionToGCB(file.gif, Int32(i), &control) == GIF_OK
            frames.append(Frame(
                left: Int(desc.Left), top: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height), indices: indices,
                delay: hasControl ? Int(control.DelayTime) : -1, disposal: hasControl ? Int(control.DisposalMode) : -1,
                transparent: hasControl ? Int(control.TransparentColor) : -2, hasLocalColourMap: desc.ColorMap != nil
            ))
            if i == 0 { loopCount = Self.loopCount(saved) }
        }
        withExtendedLifetime(file) {}
    }

    /// The NETSCAPE2.0 loop count among a frame's extension blocks.
    private static func loopCount(_ saved: SavedImage) -> Int? {
        let blocks = UnsafeBufferPointer(start: saved.ExtensionBlocks, count: Int(saved.ExtensionBlockCount))
        for (b, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE {
            let name = String(decoding: UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)), as: UTF8.self)
            if name == "NETSCAPE2.0", b + 1 < blocks.count, blocks[b + 1].Function == CONTINUE_EXT_FUNC_CODE,
               blocks[b + 1].ByteCount == 3, blocks[b + 1].Bytes[0] == 1 {
                return Int(blocks[b + 1].Bytes[1]) | (Int(blocks[b + 1].Bytes[2]) << 8)
            }
        }
        return nil
    }

    /// The canvas after drawing frames 0 through `last` (all by default) in order: no transparency, "do not dispose".
    public func composited(upTo last: Int? = nil) -> [RGB] {
        var canvas = [RGB](repeating: palette[0], count: width * height)
        for frame in frames.prefix((last ?? frames.count - 1) + 1) {
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    canvas[(frame.top + y) * width + frame.left + x] = palette[Int(frame.indices[y * frame.width + x])]
                }
            }
        }
        return canvas
    }
}

/// A giflib decoder handle that has read a whole GIF from memory; closes it in `deinit`.
private final class GIFFileReader {
    let gif: UnsafeMutablePointer<GifFileType>
    /// What giflib reads from; it holds the reader only as unretained user data.
    private let source: Source

    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init(_ bytes: [UInt8]) throws {
        let source = Source(bytes)
        var error: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { file, buffer, length in
            let source = Unmanaged<Source>.fromOpaque(file!.pointee.UserData!).takeUnretainedValue()
            let n = min(Int(length), source.bytes.count - source.offset)
            for i in 0..<n { buffer![i] = source.bytes[source.offset + i] }
            source.offset += n
            return Int32(n)
        }, &error)
        guard let gif = opened else { throw DecodedGIF.Failure.open(error) }
        guard DGifSlurp(gif) == GIF_OK else {
            let code = gif.pointee.Error
            DGifCloseFile(gif, &error)
            throw DecodedGIF.Failure.slurp(code)
        }
        self.gif = gif
        self.source = source
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }
}

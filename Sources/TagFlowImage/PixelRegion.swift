#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of whole pixels: the part of a frame an animation codes, or a part of a picture a diff ignores.
public struct PixelRegion: Equatable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `x,y,width,height`, as `--ignore` takes it.
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// What an animation codes for a frame that changed nothing: its first pixel, since a frame cannot be empty.
    static let unchangedFrame = PixelRegion(x: 0, y: 0, width: 1, height: 1)

    /// The smallest rectangle holding every pixel that differs between two images of one size,
    /// or nil when they are identical.
    static func changed(from old: RGBAImage, to new: RGBAImage) -> PixelRegion? {
        precondition(old.width == new.width && old.height == new.height)
        return old.pixels.withUnsafeBytes { a in
            new.pixels.withUnsafeBytes { b in
                changed(from: a.baseAddress, to: b.baseAddress, width: new.width, height: new.height,
                        strides: (new.width * 4, new.width * 4))
            }
        }
    }

    /// The same for two pictures of one size and word layout, `strides` bytes a row each.
    static func changed(from a: UnsafeRawPointer?, to b: UnsafeRawPointer?, width: Int, height: Int,
                        strides: (old: Int, new: Int)) -> PixelRegion? {
        let rowBytes = width * 4
        guard rowBytes > 0, height > 0, let a, let b else { return nil }
        func rowDiffers(_ y: Int) -> Bool {
            memcmp(a + y * strides.old, b + y * strides.new, rowBytes) != 0
        }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers)!
        var left = width, right = -1
        for y in top...bottom {
            let rowA = a + y * strides.old, rowB = b + y * strides.new
            var x = 0
            while x < left {
                if rowA.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    != rowB.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) {
                    left = x
                    break
                }
                x += 1
            }
            x = width - 1
            while x > right {
                if rowA.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    != rowB.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) {
                    right = x
                    break
                }
                x -= 1
            }
        }
        return PixelRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}

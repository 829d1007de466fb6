import Foundation
import Testing
import TagFlowTestSupport

/// `tagflow diff` between a picture and the same picture saved another way: 16 bits a sample, Adam7 interlaced.
/// libpng's simplified API got about half of such a file's pixels wrong (pnggroup/libpng#853).
@Suite struct InterlacedPNGDiffTests {
    @Test(.enabled(if: toolAvailable("convert"))) func aSixteenBitAdam7CopyOfAPictureIsIdenticalToIt() throws {
        let folder = try TemporaryFolder()
        let (plain, interlaced) = (folder.path("grad.png"), folder.path("grad-i16.png"))
        for arguments in [["-size", "16x16", "gradient:red-blue", "-depth", "8", "PNG24:" + plain],
                          [plain, "-depth", "16", "-interlace", "PNG", "PNG48:" + interlaced]] {
            let made = try ProcessRunner.runTool("convert", arguments)
            try #require(made.status == 0, "convert \(arguments): \(made.stderr)")
        }
        // IHDR's bit depth and interlace method: the copy really is 16-bit Adam7.
        let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: interlaced)))[24...28]
        try #require(header[24] == 16 && header[28] == 1,
                     "the copy's IHDR has depth \(header[24]), interlace method \(header[28])")

        let result = try tagflow(["diff", plain, interlaced, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any],
                                "\(result.stdout)\(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        // Identical, not merely within tolerance: no pixel differs, anti-aliased or not.
        #expect(json["identical"] as? Bool == true && json["comparedPixels"] as? Int == 256)
        #expect(json["differentPixels"] as? Int == 0 && json["antiAliasedPixels"] as? Int == 0)
        #expect(try tagflow(["diff", plain, interlaced]).stdout.hasPrefix("images are identical"))
    }
}

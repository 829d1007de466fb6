import Foundation
import Testing
import TagFlowTestSupport

/// `tagflow preview` used as a designer uses it, in headless Chromium: the page shows the tags file, follows saves
/// made by renaming a new file over it and made in place, shows a file that does not read with its line while the
/// last good picture stays, recovers, and flips a switch; the server refuses what it must, and stops on SIGINT.
@Suite(.serialized, .enabled(if: Browser.isAvailable)) struct PreviewBrowserTests {
    @Test func thePageFollowsEverySaveAndShowsAnErrorWhileKeepingThePicture() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Examples/demo.tags").path,
                                         toPath: folder.path("demo.tags"))
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Examples/demo.json").path,
                                         toPath: folder.path("demo.json"))
        let screenshots = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-preview")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        let seen = try Browser.drive("preview.py", [tagflowExecutable.path, folder.path("demo.tags"),
                                                    folder.path("demo.json"), screenshots.path])

        let address = try #require(seen["address"] as? String)
        #expect(address.hasPrefix("http://127.0.0.1:") && address.hasSuffix("/"))
        let refusals = try #require(seen["refusals"] as? [String: Int])
        #expect(refusals["wrongHost"] == 421 && refusals["noHost"] == 421)
        for path in ["dotDot", "encodedDotDot", "encodedSlash", "absolute"] { #expect(refusals[path] == 404, "\(path)") }
        for method in ["post", "record", "put", "delete"] { #expect(refusals[method] == 405, "\(method)") }

        let start = try #require(seen["start"] as? [String: Any])
        let renamed = try #require(seen["renamed"] as? [String: Any])
        let inPlace = try #require(seen["inPlace"] as? [String: Any])
        let broken = try #require(seen["broken"] as? [String: Any])
        let fixed = try #require(seen["fixed"] as? [String: Any])
        let dark = try #require(seen["dark"] as? [String: Any])
        for state in [start, renamed, inPlace, broken, fixed, dark] { #expect(state["loaded"] as? Bool == true) }
        // iPhone SE: 375 pt at @2x.
        #expect(start["width"] as? Int == 750)
        #expect((seen["verdict"] as? String)?.contains("PASS") == true)
        #expect(start["redraws"] as? Int == 1 && renamed["redraws"] as? Int == 2 && inPlace["redraws"] as? Int == 3)
        #expect(start["hash"] as? String != renamed["hash"] as? String, "a renamed tag changed no pixel")
        #expect(renamed["hash"] as? String != inPlace["hash"] as? String, "an added tag changed no pixel")
        #expect(start["src"] as? String != renamed["src"] as? String)

        // Broken: the error with its place, and the last good picture still shown; nothing drawn.
        let line = try #require(seen["brokenLine"] as? Int)
        let error = try #require(broken["error"] as? String)
        #expect(error.contains("demo.tags:\(line):1: error: unknown marker '@sectoin'"), "\(error)")
        #expect(broken["src"] as? String == inPlace["src"] as? String)
        #expect(broken["hash"] as? String == inPlace["hash"] as? String)
        #expect(broken["redraws"] as? Int == 3)
        // Fixed: drawn again, the same tags as before the break.
        #expect(fixed["error"] is NSNull)
        #expect(fixed["redraws"] as? Int == 4)
        #expect(fixed["hash"] as? String == inPlace["hash"] as? String)
        #expect(dark["hash"] as? String != fixed["hash"] as? String, "the dark theme drew the same pixels")
        #expect(seen["playerShown"] as? Bool == true)

        #expect(seen["requests"] as? [String] == [String(address.dropFirst("http://".count).dropLast())],
                "the page fetched from elsewhere")
        #expect(seen["console"] as? [String] == [], "the page logged errors")
        #expect(seen["exitStatus"] as? Int == 130)
        let stderr = try #require(seen["stderr"] as? String)
        #expect(stderr.contains("demo.tags:\(line):1: error: unknown marker '@sectoin'"))
        #expect(stderr.hasSuffix("interrupted: the preview stopped; nothing written\n"))
        #expect(folder.contents == ["demo.json", "demo.tags"], "the preview wrote into the project's folder")
    }
}

import Foundation
import TagFlowImage

/// The folder numbered frames go to.
package enum FrameFolder {
    /// The file of frame `index` (from 0): `frame-0001.png` for the first.
    package static func frameName(_ index: Int, format: FrameFormat) -> String {
        String(format: "\(framePrefix)%04d.%@", index + 1, format.rawValue)
    }

    /// The number (from 1) a frame's file is named with; nil for a name ``frameName(_:format:)`` does not make, of
    /// any number of digits. `format` nil takes either format's.
    package static func frameNumber(ofFile name: String, format: FrameFormat? = nil) -> Int? {
        guard name.hasPrefix(framePrefix) else { return nil }
        let rest = name.dropFirst(framePrefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, let number = Int(digits), number >= 1 else { return nil }
        let formats = format.map { [$0] } ?? FrameFormat.allCases
        return formats.contains { rest.dropFirst(digits.count) == "." + $0.rawValue } ? number : nil
    }

    private static let framePrefix = "frame-"

    /// Fails before any work if the folder cannot be made or written, or is an input.
    package static func check(_ path: String) throws(OutputError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .framesFolderIsAFile(path) }
            guard access(path, W_OK) == 0 else { throw .framesFolderNotWritable(path) }
            return
        }
        // A folder that does not exist yet is made in its parent, which must exist and be writable.
        let parent = AtomicFile.folder(of: OutputPath.canonical(path))
        guard FileManager.default.fileExists(atPath: parent) else {
            throw .framesFolderParentMissing(path: path, parent: parent)
        }
        guard access(parent, W_OK) == 0 else { throw .framesFolderParentNotWritable(path: path, parent: parent) }
    }

    package static func create(_ path: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
            throw .framesFolderNotCreated(path: path, reason: error.localizedDescription)
        }
    }

    /// Frames numbered past this run's last, left by an earlier, longer run or not finished by this one.
    package static func removeStaleFrames(in path: String, keeping count: Int) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names {
            if let number = frameNumber(ofFile: name), number > count {
                try FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))
            }
        }
    }
}

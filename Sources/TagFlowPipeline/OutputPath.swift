import Foundation
import TagFlowRender
import TagFlowImage
import TagFlowInput

/// A path tagflow will write, checked before any work starts so a bad path fails fast and writes nothing.
package struct OutputPath {
    package let path: String

    /// `-`: standard output, for a command that can write there.
    package static let standardOutputName = "-"

    package var isStandardOutput: Bool { path == Self.standardOutputName }

    /// Standard output, and a terminal.
    package var isTerminal: Bool { isStandardOutput && isatty(STDOUT_FILENO) == 1 }

    /// Refuses a path that is one of the inputs or a folder, or whose folder is missing or not writable. `-` is
    /// standard output.
    package init(_ path: String, inputs: [String?]) throws(OutputError) {
        guard !path.isEmpty else { throw .emptyPath }
        if path == Self.standardOutputName {
            self.path = path
            return
        }
        let target = OutputPath.canonical(path)
        for case let input? in inputs where input != "-"
            && (OutputPath.canonical(input) == target || Self.isSameFile(input, target)) {
            throw .isAnInput(path)
        }
        // A device or pipe (-o /dev/null, -o /dev/stdout) is written to in place, so only it must be writable.
        if AtomicFile.isStream(target) {
            guard access(target, W_OK) == 0 else { throw .folderNotWritable(path: path, folder: target) }
            self.path = path
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .isAFolder(path)
        }
        let folder = AtomicFile.folder(of: target)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw .folderMissing(path: path, folder: folder)
        }
        guard isDirectory.boolValue else {
            throw .folderIsAFile(path: path, folder: folder)
        }
        guard access(folder, W_OK) == 0 else {
            throw .folderNotWritable(path: path, folder: folder)
        }
        self.path = path
    }

    package var pathExtension: String { (path as NSString).pathExtension.lowercased() }

    /// The path with its extension replaced, to suggest a name.
    package func replacingExtension(with pathExtension: String) -> String {
        ((path as NSString).deletingPathExtension as NSString).appendingPathExtension(pathExtension) ?? path
    }

    /// Writes the whole file under a temporary name beside it, then renames it into place; or to standard output.
    package func write(_ bytes: [UInt8]) throws(OutputError) {
        if isStandardOutput {
            if let reason = StandardStreams.writeOutput(bytes: bytes) {
                throw .writeFailed(path: "standard output", reason: reason)
            }
            return
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .fileNotWritten(error)
        }
    }

    /// Writes a file made in pieces: `body` writes to a temporary file beside the path, renamed into place once `body`
    /// returns. When `body` throws, the temporary file is removed and whatever was at the path stays as it was.
    /// The file's own failures (a full disk), also as an encoder writing to it reports them, become
    /// `OutputError.fileNotWritten`; `body`'s other errors pass through.
    package func writeInPieces(_ body: (AtomicFile.Writer) throws -> Void) throws {
        do {
            let writer = try AtomicFile.Writer(path: path)
            defer { writer.discard() }
            try body(writer)
            try writer.commit()
        } catch let error as AtomicFileError {
            throw OutputError.fileNotWritten(error)
        } catch let GIFError.write(error), let APNGError.write(error) {
            throw OutputError.fileNotWritten(error)
        }
    }

    /// A folder's path without trailing slashes.
    package static func trimmingSlashes(_ directory: String) -> String {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Checks a report folder before any work: it may be new, but not one of `inputs` or inside them, where its
    /// own images would be read next time, and it must be a folder tagflow can write to, or be one it can make.
    package static func checkReportFolder(_ path: String, outside inputs: [String]) throws -> String {
        let target = canonical(path)
        for input in inputs {
            let folder = canonical(input)
            if target == folder || target.hasPrefix(folder + "/") {
                throw RunError.reportInsideInput(report: path, input: input)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw RunError.reportIsAFile(path) }
            guard access(path, W_OK) == 0 else { throw RunError.reportNotWritable(path) }
        } else {
            _ = try OutputPath(trimmingSlashes(path), inputs: [])
        }
        return trimmingSlashes(path)
    }

    /// Whether two existing paths are one file under two names (a hard link), which their paths cannot tell.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// An absolute path with symbolic links resolved, so two spellings of one file compare equal.
    package static func canonical(_ path: String) -> String {
        let absolute = (path as NSString).isAbsolutePath ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = (absolute as NSString).standardizingPath
        if let resolved = realpath(standardized, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A file that does not exist yet: resolve its folder.
        let folder = AtomicFile.folder(of: standardized)
        guard let resolved = realpath(folder, nil) else { return standardized }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + (standardized as NSString).lastPathComponent
    }
}

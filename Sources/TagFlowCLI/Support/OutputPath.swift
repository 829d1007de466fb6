import Foundation
import TagFlowRender
import TagFlowImage

/// A path tagflow will write, checked before any work starts so a bad path fails fast and writes nothing.
struct OutputPath {
    let path: String

    /// Refuses a path that is one of the inputs, or whose folder is missing or not writable.
    init(_ path: String, inputs: [String?]) throws(InputError) {
        guard !path.isEmpty else { throw InputError("the output path is empty") }
        let target = OutputPath.canonical(path)
        for case let input? in inputs where input != "-" && OutputPath.canonical(input) == target {
            throw InputError("the output '\(path)' is also an input", hint: "write the output somewhere else; tagflow never overwrites its input")
        }
        let folder = (target as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw InputError("cannot write '\(path)': the folder '\(folder)' does not exist", hint: "create it first: mkdir -p '\(folder)'")
        }
        guard isDirectory.boolValue else {
            throw InputError("cannot write '\(path)': '\(folder)' is a file, not a folder", hint: "choose an output inside a folder")
        }
        guard access(folder, W_OK) == 0 else {
            throw InputError("cannot write '\(path)': the folder '\(folder)' is not writable", hint: "choose a folder you can write to")
        }
        self.path = path
    }

    var pathExtension: String { (path as NSString).pathExtension.lowercased() }

    /// Writes the whole file under a temporary name beside it, then renames it into place.
    func write(_ bytes: [UInt8]) throws(InputError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw InputError("cannot write '\(path)': \(error)")
        }
    }

    /// An absolute path with symbolic links resolved, so two spellings of one file compare equal.
    static func canonical(_ path: String) -> String {
        let absolute = (path as NSString).isAbsolutePath ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = (absolute as NSString).standardizingPath
        if let resolved = realpath(standardized, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A file that does not exist yet: resolve its folder.
        let folder = (standardized as NSString).deletingLastPathComponent
        guard let resolved = realpath(folder, nil) else { return standardized }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + (standardized as NSString).lastPathComponent
    }
}

import Dispatch
import TagFlowLayout

/// Content hashes of files by path and algorithm, each computed once: a font file does not change while tagflow
/// runs, and hashing a large collection again for every engine (a snapshot run makes one per variant) would cost
/// more than shaping.
package final class FileHashes: Sendable {
    /// How a file is hashed: its bytes on disk by `algorithm`, or nil when it cannot be read.
    package typealias Hashing = @Sendable (_ path: String, _ algorithm: ContentHashAlgorithm) -> String?

    /// The process's hashes, which every engine shares.
    static let process = FileHashes()

    private let hashFile: Hashing
    private let hashes = Locked<[Key: FileHash]>([:])

    private struct Key: Hashable {
        var path: String
        var algorithm: ContentHashAlgorithm
    }

    /// Hashes that read each file's bytes from disk.
    convenience init() {
        self.init(hashingWith: { FontFileRecord.contentHash(ofFileAt: $0, as: $1) })
    }

    /// Hashes made by `hashFile`, which a test can count calls of.
    package init(hashingWith hashFile: @escaping Hashing) {
        self.hashFile = hashFile
    }

    /// The content hash of the file at `path`; empty when it cannot be read. It takes only the hashes' own lock, so
    /// an engine can hash a large collection before it takes its state's lock. The first thread to ask hashes the
    /// file, outside the lock; threads asking meanwhile wait for its hash, so the threads of a snapshot run, which
    /// all start by asking, read a 17 MB collection once between them and not once each.
    package func contentHash(ofFileAt path: String, as algorithm: ContentHashAlgorithm = .current) -> String {
        let key = Key(path: path, algorithm: algorithm)
        let (entry, isFirst) = hashes.withLock { hashes in
            if let entry = hashes[key] { return (entry, false) }
            let entry = FileHash()
            hashes[key] = entry
            return (entry, true)
        }
        if isFirst { entry.finish(hashFile(path, algorithm) ?? "") }
        return entry.hash
    }
}

/// One file's content hash: set once by the thread that hashes the file, and read by every thread after it is set.
private final class FileHash: @unchecked Sendable {
    // @unchecked: `value` is written once, before `finished` is left, and read only after waiting on `finished`.
    private let finished = DispatchGroup()
    private var value = ""

    init() { finished.enter() }

    func finish(_ hash: String) {
        value = hash
        finished.leave()
    }

    /// The hash, once it is set.
    var hash: String {
        finished.wait()
        return value
    }
}

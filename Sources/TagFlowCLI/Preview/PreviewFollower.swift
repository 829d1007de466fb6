import Foundation
import TagFlowLayout
import TagFlowPipeline
import TagFlowPreview

/// Follows a session's inputs on a thread of its own, starting again when the set of inputs changes.
final class PreviewFollower: Sendable {
    private let current = Locked<FileWatch?>(nil)
    private let stopped = Locked(false)

    init(session: PreviewSession) throws {
        let first = try Self.watch(session)
        current.withLock { $0 = first }
        Thread.detachNewThread { [self] in
            var watch = first
            while true {
                while let changed = watch.next() {
                    if session.refresh(changed) { break }
                }
                guard !stopped.withLock({ $0 }), let next = try? Self.watch(session) else { return }
                watch = next
                current.withLock { $0 = next }
            }
        }
    }

    private static func watch(_ session: PreviewSession) throws -> FileWatch {
        let inputs = session.inputs
        do {
            return try FileWatch(files: inputs.files, folders: inputs.folders)
        } catch {
            throw RunError.previewServerFailed(error.description)
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        current.withLock { $0?.stop() }
    }
}

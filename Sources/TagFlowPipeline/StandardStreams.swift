import Foundation
import Synchronization
import TagFlowInput

/// Standard output and error, written without trapping. Standard output that cannot take its words (a full disk,
/// `>/dev/full`) is remembered, so the run ends with status 2 as for any output not written; a standard error that
/// cannot is ignored, as it has nowhere to complain. A closed pipe still ends the process by SIGPIPE, as
/// `tagflow layout big.tags | head` expects.
package enum StandardStreams {
    /// The `errno` of the first write to standard output that failed; 0 while none has.
    private static let outputFailure = Atomic<Int32>(0)

    package static func writeOutput(_ text: String) {
        guard outputFailure.load(ordering: .relaxed) == 0 else { return }
        if let error = write(text, to: STDOUT_FILENO) { outputFailure.store(error, ordering: .relaxed) }
    }

    package static func writeError(_ text: String) { _ = write(text, to: STDERR_FILENO) }

    /// Why standard output could not be written, if it could not.
    package static var outputFailed: String? {
        let error = outputFailure.load(ordering: .relaxed)
        return error == 0 ? nil : String(cString: strerror(error))
    }

    /// Writes all of `bytes` to standard output, such as a picture for `-o -`; why they could not be written, or nil.
    package static func writeOutput(bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { write($0, to: STDOUT_FILENO) }.map { String(cString: strerror($0)) }
    }

    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes`; the `errno` of a failure, or nil.
    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                // A non-blocking stream that is full for now, as some CI runners hand out: wait until it drains.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                    continue
                }
                return errno
            }
            offset += written
        }
        return nil
    }
}

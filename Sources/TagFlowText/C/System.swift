#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the one lock tagflow uses.
///
/// A plain pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer understands pthread locking but not
/// the futex-based `Mutex` on Linux, which it reports as racing.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, which holds the mutex. Callers must not let
    // non-Sendable parts of the value escape the closure.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// The rest of TagFlowText's libc use, kept here so the library's C surface can be read in one place.

/// How many processors are online (at least 1).
func onlineProcessorCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Whether the `count` bytes at `a` and `b` are equal.
func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
}

/// What is at a path, as far as opening it for reading goes.
enum PathStatus: Equatable {
    case missing
    case unreadable
    case file
    case directory
}

/// Whether `path` names a readable file or folder.
func pathStatus(_ path: String) -> PathStatus {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    guard access(path, R_OK) == 0 else { return .unreadable }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
}

/// The whole content of the file at `path`, or nil when it cannot be read: its size is asked first, so the bytes are
/// read into one buffer of that size, without copies.
func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: max(0, Int(info.st_size)))
    var count = 0
    while true {
        // More room once the buffer is full: a file that grew, or whose size fstat does not know, is read to its end.
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(1 << 16, bytes.count / 2))) }
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
        if got < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if got == 0 { break }
        count += got
    }
    bytes.removeSubrange(count...)
    return bytes
}

/// `body` over the bytes of the file at `path`, mapped rather than read, so that hashing a large font copies nothing;
/// nil when the file cannot be opened or mapped.
func withMappedFile<Result>(_ path: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(info.st_size)
    guard size > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    // MAP_POPULATE maps every page of the page cache at once instead of faulting them in one by one.
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), base != MAP_FAILED else { return nil }
    defer { munmap(base, size) }
    return body(UnsafeRawBufferPointer(start: base, count: size))
}

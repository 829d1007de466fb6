import Foundation
import TagFlowTestSupport

/// A tmpfs of a few hundred kilobytes, for tests of what tagflow does when the disk fills up. Mounting needs root,
/// which `make test` has on CI and on the development machines.
struct SmallDisk {
    let url: URL

    /// Whether this process may mount a tmpfs: it is root and `mount` is there.
    static let canMount: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")
        || getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-small-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let status = Self.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
        guard status == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw MountFailed(status: status)
        }
    }

    func unmount() {
        _ = Self.run(["umount", url.path])
        try? FileManager.default.removeItem(at: url)
    }

    struct MountFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "mount -t tmpfs failed with status \(status)" }
    }

    private static func run(_ arguments: [String]) -> Int32 {
        guard let tool = arguments.first else { return -1 }
        return (try? ProcessRunner.runTool(tool, Array(arguments.dropFirst())))?.status ?? -1
    }
}

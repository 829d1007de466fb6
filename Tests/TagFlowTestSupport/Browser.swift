import Foundation

/// Headless Chromium driven by Playwright for Python, for pages a reviewer clicks through.
///
/// `make test` makes the Python environment (`scripts/python-tools`) and names its interpreter in
/// `TAGFLOW_PYTHON`; without it, the one that script makes in `.build` is used when present.
public enum Browser {
    /// The Python with Playwright installed, if any.
    public static var python: URL? {
        let named = ProcessInfo.processInfo.environment["TAGFLOW_PYTHON"].map(URL.init(fileURLWithPath:))
        let made = ProcessRunner.packageRoot.appendingPathComponent(".build/python-tools/bin/python3")
        return [named, made].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the browser tests can run: Chromium and Playwright are there, or `make test` says they must be.
    public static var isAvailable: Bool {
        ProcessRunner.toolAvailable("chromium")
            && (python != nil || ProcessInfo.processInfo.environment["TAGFLOW_REQUIRE_TOOLS"] == "1")
    }

    /// Runs the driver script `Tests/browser/NAME` with `arguments`, returning what it printed as JSON.
    public static func drive(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        guard let python else { throw BrowserError.noPlaywright }
        let path = ProcessRunner.packageRoot.appendingPathComponent("Tests/browser/" + script).path
        let result = try ProcessRunner.run(python, [path] + arguments, hangLimit: 600)
        guard result.status == 0,
              let seen = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any] else {
            throw BrowserError.scriptFailed(script, status: result.status, stderr: result.stderr)
        }
        return seen
    }

    public enum BrowserError: Error, CustomStringConvertible {
        case noPlaywright
        case scriptFailed(String, status: Int32, stderr: String)

        public var description: String {
            switch self {
            case .noPlaywright: "no Python with Playwright: run scripts/python-tools, or set TAGFLOW_PYTHON"
            case .scriptFailed(let script, let status, let stderr): "\(script) exited \(status): \(stderr)"
            }
        }
    }
}

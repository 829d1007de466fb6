import Foundation
import PackagePlugin

/// `swift package tagflow ARGUMENTS`: runs the `tagflow` executable in the package's root folder, where it finds
/// `tagflow.json`, with the arguments as given: `swift package tagflow snapshot verify`, and
/// `swift package --allow-writing-to-package-directory tagflow snapshot record`.
@main
struct TagflowPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let tool = try context.tool(named: "tagflow")
        if arguments.first == "snapshot", !arguments.contains("--manifest"),
           !FileManager.default.fileExists(atPath: root.appendingPathComponent("tagflow.json").path) {
            Diagnostics.error("no tagflow.json at the package's root (\(root.path)): write one, or name it with "
                + "--manifest FILE")
            return
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("tagflow \(arguments.joined(separator: " ")) was stopped by signal \(status)")
        } else if status != 0 {
            Diagnostics.error("tagflow \(arguments.joined(separator: " ")) exited with status \(status)")
        }
    }
}

import Foundation
import Testing
import TagFlowCLI
@testable import TagFlowInput

/// `TagFlowCommand.run(_:)`: a command run from Swift prints what the binary prints, and ends as it ends.
@Suite struct InProcessRunTests {
    static let demo = packageRoot.appendingPathComponent("Examples/demo.tags").path

    @Test func aLayoutRunInProcessPrintsTheBinarysBytes() throws {
        let arguments = ["layout", Self.demo, "--format", "json", "--width", "320"]
        let inProcess = TagFlowCommand.run(arguments)
        let binary = try tagflow(arguments)
        #expect(inProcess.status == .success && binary.status == 0)
        #expect(Data(inProcess.output.utf8) == binary.stdoutBytes)
        #expect(inProcess.errors == binary.stderr)
    }

    @Test func aBadInputEndsWithStatus2AndItsMessageOnTheErrors() {
        let missing = packageRoot.appendingPathComponent("Examples/no-such.tags").path
        let result = TagFlowCommand.run(["layout", missing])
        #expect(result.status == .usage)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("error: cannot read '\(missing)': no such file\n"), "\(result.errors)")
    }
}

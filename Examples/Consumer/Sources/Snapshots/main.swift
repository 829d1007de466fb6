// Records or verifies a manifest's goldens with tagflow's snapshot library, as a package's own tool or test would,
// and says what the run found; exits as `tagflow snapshot` does.
//
// usage: Snapshots record|verify MANIFEST
import Foundation
import TagFlowSnapshot

let arguments = CommandLine.arguments
guard arguments.count == 3, ["record", "verify"].contains(arguments[1]) else {
    print("usage: Snapshots record|verify MANIFEST")
    exit(2)
}
do {
    let suite = try SnapshotSuite(manifest: arguments[2])
    let report = arguments[1] == "record" ? try suite.record() : try suite.verify()
    print(report.summaryLine)
    for failure in report.failures { print("\(failure.status): \(failure.name)") }
    exit(report.passed ? 0 : 1)
} catch {
    print(error)
    exit(2)
}

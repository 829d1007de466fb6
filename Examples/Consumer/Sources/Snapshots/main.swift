// Records or verifies a manifest's goldens with tagflow's snapshot library, as a package's own tool or test would,
// and says what the run found; exits as `tagflow snapshot` does. Given a file, it writes the run's comparison
// report there as JUnit XML, as the folder diff would write its own.
//
// usage: Snapshots record|verify MANIFEST [JUNIT_XML]
import Foundation
import TagFlowReview
import TagFlowSnapshot

let arguments = CommandLine.arguments
guard [3, 4].contains(arguments.count), ["record", "verify"].contains(arguments[1]) else {
    print("usage: Snapshots record|verify MANIFEST [JUNIT_XML]")
    exit(2)
}
do {
    let suite = try SnapshotSuite(manifest: arguments[2])
    let report = arguments[1] == "record" ? try suite.record() : try suite.verify()
    print(report.summaryLine)
    for failure in report.failures { print("\(failure.status): \(failure.name)") }
    if arguments.count == 4 {
        let comparison: ComparisonReport = report.comparison
        try comparison.junitXML.write(toFile: arguments[3], atomically: true, encoding: .utf8)
    }
    exit(report.passed ? 0 : 1)
} catch {
    print(error)
    exit(2)
}

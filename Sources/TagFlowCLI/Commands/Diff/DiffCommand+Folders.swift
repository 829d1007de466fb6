import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// Two folders of PNGs, paired by relative path, with a report.
extension DiffCommand {
    func diffFolders(_ oldDirectory: String, _ newDirectory: String, console: Console) throws -> ExitStatus {
        let reportDirectory = try report.map { path throws in
            try OutputPath.checkReportFolder(path, outside: [oldDirectory, newDirectory])
        }
        let (options, tolerance) = pixels.options(makeImage: true)
        let report = try FolderReport(oldDirectory: OutputPath.trimmingSlashes(oldDirectory),
                                      newDirectory: OutputPath.trimmingSlashes(newDirectory), options: options,
                                      tolerance: tolerance)
        // As for two pictures: a file whose every pixel is ignored was not compared, and must not pass as if it were.
        for item in report.items {
            if let result = item.pixelDiff, result.comparedPixels == 0, !result.sizeChanged {
                throw RunError.nothingCompared(ignored: result.ignoredPixels, file: item.name)
            }
        }
        if let reportDirectory { try report.write(to: reportDirectory, toolVersion: TagFlowCommand.version) }
        switch format {
        case .text:
            console.out(report.text + (reportDirectory.map { "report: \($0)/report.html\n" } ?? ""))
        case .markdown: console.out(report.comparison(reportDirectory: reportDirectory).markdown())
        case .json: console.out(report.json(reportDirectory: reportDirectory).rendered() + "\n")
        }
        let unreadable = report.items.filter { $0.status == .unreadable }
        if let first = unreadable.first {
            throw RunError.picturesUnreadable(count: unreadable.count, firstProblem: first.detail,
                                              report: reportDirectory)
        }
        if accept {
            let accepted = try report.accept()
            console.err("accepted \(accepted.count) file(s) as the new baselines in \(oldDirectory)\n")
            let deleted = report.items.filter { $0.status == .stale }
            if !deleted.isEmpty {
                console.warn("\(deleted.count) baseline(s) have no new file and were kept: "
                    + "\(deleted.prefix(5).map(\.name).joined(separator: ", "))\(deleted.count > 5 ? ", …" : ""); "
                    + "remove them by hand if they are gone for good")
            }
            // Kept baselines still differ from the new folder, as the next run would say.
            return deleted.isEmpty ? .success : .failure
        }
        return report.failed ? .failure : .success
    }
}

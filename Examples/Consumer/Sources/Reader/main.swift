// Reads a tags file with tagflow's own reader, as the command line does, and says what it holds.
//
// usage: Reader FILE.tags
import Foundation
import TagFlowInput
import TagFlowLayout

let arguments = CommandLine.arguments
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    print("usage: Reader FILE.tags")
    exit(2)
}
do {
    let document = try TagsFile.parse(Array(data), file: arguments[1])
    let tags = document.sections.flatMap(\.tags)
    print("\(document.sections.count) sections, \(tags.count) tags, \(document.selectedCount) selected")
    for section in document.sections {
        print("\(section.title ?? "(untitled)"): \(section.tags.map(\.text).joined(separator: ", "))")
    }
} catch {
    print("error: \(arguments[1]) does not read as a tags file: \(error)")
    exit(2)
}

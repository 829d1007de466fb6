import TagFlowLayout
@testable import TagFlowCLI

/// libFuzzer target: the tags-file reader (`TagsFile.parse`), then a layout of what it read.
/// A thrown `InputError` is a correct answer to bad input; only a crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let document = try TagsFile.parse(bytes, file: "fuzz.tags")
        _ = document.tagCount
        _ = document.selectedCount
        layOut(document, options: LayoutOptions())
    } catch {
        _ = error.description
    }
    return 0
}

import TagFlowLayout
@testable import TagFlowCLI

/// libFuzzer target: the JSON tags reader (`TagsJSON.parse`, and through it `JSONParser`), then a layout of what
/// it read. A thrown `InputError` is a correct answer to bad input; only a crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let document = try TagsJSON.parse(bytes, file: "fuzz.json")
        layOut(document, options: LayoutOptions())
    } catch {
        _ = error.description
    }
    // Standard input is sniffed for JSON before it is parsed.
    _ = TagsInputFormat.auto.resolved(path: "-", bytes: bytes)
    return 0
}

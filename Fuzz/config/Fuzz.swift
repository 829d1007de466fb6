import Glibc
import TagFlowLayout
@testable import TagFlowCLI

/// libFuzzer target: a `--config` file, read by `ConfigFile.parse` exactly as the CLI reads it, then applied to the
/// default options the way `LayoutInput.options` applies it, validated, and laid out.
/// A thrown `InputError` is a correct answer to bad input; only a crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        let config = try ConfigFile.parse(Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz.json")
        var options = LayoutOptions()
        for (setting, value) in config.layout {
            setting.apply(&options, value)
            _ = setting.current(options)
        }
        layOut(fuzzDocument, options: options)
    } catch {
        _ = error.description
    }
    return 0
}

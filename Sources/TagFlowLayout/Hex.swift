/// `value` in hex, zero-padded to `digits`, upper-case unless `uppercase` is false: `hex(0xFF, digits: 2)` is `FF`,
/// `hex(0x13000)` is `13000`, `hex(10, digits: 1, uppercase: false)` is `a`. The one place tagflow writes hex:
/// code points, bytes, colours and content hashes.
package func hex(_ value: some BinaryInteger, digits: Int = 4, uppercase: Bool = true) -> String {
    let text = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

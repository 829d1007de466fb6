import Foundation
import TagFlowLayout

/// Paths of the files a report names, relative to the report's folder, and as links.
public enum ReportPath {
    /// A relative path as a URL's path, for a page's `src` or a Markdown link: every byte of its UTF-8 but letters,
    /// digits, `-._~` and `/` percent-encoded, so that a screen named `hash#tag` or `100%` links to its own
    /// pictures, not to a fragment or a bad escape.
    public static func url(_ path: String) -> String {
        var url = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                url.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                url += "%" + hex(byte, digits: 2)
            }
        }
        return url
    }

    /// `path` as seen from `folder`: `../old/home.png` for `old/home.png` from `report`. Both are taken from the
    /// current folder when relative; links are not followed.
    public static func relative(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return parts.joined(separator: "/")
    }
}

import TagFlowLayout

/// Text for the HTML and XML tagflow writes: escaping, a report page's head, and percentages in CSS.
public enum HTMLText {
    /// Text and attribute values, escaped for HTML and XML.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` escaped for an XML attribute or text, without the control characters XML 1.0 does not allow.
    public static func xml(_ text: String) -> String {
        escape(String(text.unicodeScalars.filter {
            $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r"
        }.map(Character.init)))
    }

    /// A report page's `<!doctype>` and `<head>`. The content security policy allows only images from `images`
    /// (`data:` for a page with its pictures inline, `'self'` for pictures in files beside it) and the page's own
    /// style and script, so a report can never reach the network.
    public static func head(title: String, images: String, toolVersion: String, css: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src \(images); \
        style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="generator" content="tagflow \(toolVersion)">
        <title>\(escape(title))</title>
        <style>\(css)</style>
        </head>
        """
    }

    /// `part` as a percentage of `whole`, to four decimals: the same text on every run.
    public static func percent(_ part: Int, of whole: Int) -> String {
        // Rounded half away from zero, in ten-thousandths of a percent.
        let magnitude = whole > 0 ? (abs(part) * 1_000_000 + whole / 2) / whole : 0
        let sign = part < 0 && magnitude > 0 ? "-" : ""
        let fraction = String(magnitude % 10_000)
        let padding = String(repeating: "0", count: 4 - fraction.count)
        return sign + String(magnitude / 10_000) + "." + padding + fraction + "%"
    }
}

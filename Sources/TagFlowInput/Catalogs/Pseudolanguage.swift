import TagFlowLayout

/// A pseudolanguage: the development strings changed the way translation changes them, to find what will not fit
/// before any translation exists. Applied to tags, section titles and footers; the same text always gives the same
/// result.
public enum Pseudolanguage: String, CaseIterable, Sendable {
    /// Xcode's Double-Length Pseudolanguage: every string twice, with a space between.
    case double
    /// Every Latin letter with an accent, as Android's en-XA: `Ĥéļļö`. Same length; finds clipped accents.
    case accented
    /// Xcode's Bounded String Pseudolanguage: `[# text #]`, so a cut-off end shows.
    case bounded
    /// Xcode's Right-to-Left Pseudolanguage: the layout mirrored, the strings as written.
    case rtl
    /// Accented, lengthened by IBM's expansion rule for its length (at least, to the end of a word), and bracketed,
    /// as Android's en-XA.
    case expanded

    /// `text` in this pseudolanguage.
    public func apply(_ text: String) -> String {
        switch self {
        case .double: text + " " + text
        case .accented: Self.accented(text)
        case .bounded: "[# " + text + " #]"
        case .rtl: text
        case .expanded: "[" + Self.accented(text) + Self.padding(for: text) + "]"
        }
    }

    /// Whether the pseudolanguage lays out right to left.
    public var isRightToLeft: Bool { self == .rtl }

    /// Every tag, title and footer of `document` in this pseudolanguage.
    public func apply(to document: TagDocument) -> TagDocument {
        guard self != .rtl else { return document }
        var document = document
        for index in document.sections.indices {
            document.sections[index].title = document.sections[index].title.map(apply)
            document.sections[index].footer = document.sections[index].footer.map(apply)
            for tag in document.sections[index].tags.indices {
                document.sections[index].tags[tag].text = apply(document.sections[index].tags[tag].text)
            }
        }
        return document
    }

    /// How many characters IBM's globalization guidelines expect a translation of an English text of `length`
    /// characters to add: the lower bound of each row of its table ("up to 10 characters: 100–200%;
    /// 11–20: 80–100%; 21–30: 60–80%; 31–50: 40–60%; 51–70: 31–40%; over 70: 30%"), rounded up.
    public static func expansion(forLength length: Int) -> Int {
        let percent = switch length {
        case ...10: 100
        case 11...20: 80
        case 21...30: 60
        case 31...50: 40
        case 51...70: 31
        default: 30
        }
        return (length * percent + 99) / 100
    }

    /// The words added to lengthen a text, as Android's pseudolocalizer adds them: a space, then counting words
    /// up to the end of the word that makes up the expansion.
    static func padding(for text: String) -> String {
        let extra = expansion(forLength: text.count)
        guard extra > 0 else { return "" }
        var words = ""
        var index = 0
        while words.count < extra {
            words += " " + fillerWords[index % fillerWords.count]
            index += 1
        }
        return words
    }

    static let fillerWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// A Latin letter's accented twin, as Android's en-XA pseudolocale draws it.
    static func accented(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { accents[$0] ?? $0 }))
    }

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž"
            + "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()
}

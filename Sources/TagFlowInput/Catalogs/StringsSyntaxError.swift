/// What is wrong in a `.strings` file; where it is goes beside it.
public enum StringsSyntaxError: Equatable, Sendable {
    case expectedKey(found: String)
    case expectedEquals(found: String)
    case expectedValue(found: String)
    case expectedSemicolon(found: String)
    case endsInsideString
    case endsInsideComment
    case unknownEscape(Character)
    case badUnicodeEscape
}

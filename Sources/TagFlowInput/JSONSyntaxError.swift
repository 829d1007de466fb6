/// What is wrong in JSON that is not well formed; where it is goes beside it, in ``InputError/json(_:at:)``.
public enum JSONSyntaxError: Equatable, Sendable {
    case textAfterValue
    case endsBeforeValue
    case nestedTooDeep(limit: Int)
    /// No value starts with `found` (a quoted character, a byte, or the end of the file).
    case expectedValue(found: String)
    /// A comma before the `]` or `}` that closes an array or object, which JSON does not allow.
    case trailingComma(closer: Character)
    /// A word (`true`, `false`, `null`) misspelled.
    case expectedWord(String)
    case expectedKey(found: String)
    case duplicateKey(String)
    case expectedColon(afterKey: String)
    case endsInsideObject
    case endsInsideArray
    case endsInsideString
    case endsInsideEscape
    case expectedCommaOrBrace(found: String)
    case expectedCommaOrBracket(found: String)
    case expectedDigits
    case expectedFractionDigits
    case expectedExponentDigits
    case leadingZero
    case numberTooLarge(String)
    case invalidUTF8InString
    case controlCharacterInString(UInt8)
    /// A high surrogate with no low one after it.
    case unpairedHighSurrogate(UInt32)
    /// A low surrogate with no high one before it.
    case unpairedLowSurrogate(UInt32)
    case unknownEscape(Character)
    case expectedHexDigits
}

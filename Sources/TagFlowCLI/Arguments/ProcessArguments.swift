#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TagFlowInput

/// The process's command line as text. Swift's own `CommandLine.arguments` turns bytes that are not UTF-8 into
/// U+FFFD, so a tag would be measured as another text, and a file name would name a file that is not there;
/// such a word is refused instead, saying which and where.
enum ProcessArguments {
    /// The words after the program's name.
    static func words() throws(CommandLineError) -> [String] {
        var words: [String] = []
        for position in 1..<Int(CommandLine.argc) {
            guard let word = CommandLine.unsafeArgv[position] else { break }
            let bytes = UnsafeRawBufferPointer(start: word, count: strlen(word))
            words.append(try text(of: bytes, position: position))
        }
        return words
    }

    /// `bytes` as text when they are UTF-8; otherwise the error for the word at `position`.
    static func text(of bytes: some Collection<UInt8>, position: Int) throws(CommandLineError) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar): offset += scalar.count
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error:
                throw .argumentNotUTF8(position: position, byte: bytes[bytes.index(bytes.startIndex, offsetBy: offset)],
                                       offset: offset)
            }
        }
    }
}

import TagFlowLayout

/// Reading the files people name: inputs, baselines and the pictures a report inlines.
public enum FileReader {
    /// Larger inputs are refused before reading: a tags file of a million tags is about 20 MB.
    public static let maxBytes = 256 << 20

    /// Standard input, once read: it can be read only once, and a command may look at it to tell what it holds
    /// before it reads it for good.
    private static let standardInput = Locked<[UInt8]?>(nil)

    /// The bytes of `path`, or of standard input for `-`. Standard input may be a pipe or a device: `-` is how a pipe
    /// is read. Any other path must name a regular file, or it is refused unread.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        guard path == "-" else { return try readRegularFile(path, maxBytes: maxBytes) }
        return try standardInput.withLock { cached throws(FileReadError) in
            if let cached { return cached }
            let bytes = try readStandardInput(maxBytes: maxBytes)
            cached = bytes
            return bytes
        }
    }
}

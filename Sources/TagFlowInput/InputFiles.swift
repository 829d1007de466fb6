import TagFlowText


/// Reading the files people name on the command line.
package enum InputFiles {
    /// The bytes of `path`, or of standard input for `-`.
    package static func read(_ path: String) throws(InputError) -> [UInt8] {
        do { return try FileReader.read(path) } catch { throw .unreadable(error) }
    }

    /// The name errors use for an input: its path, or `<stdin>`.
    package static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Refuses inputs that name standard input more than once: it can be read only once.
    package static func checkStandardInputOnce(_ paths: [String?]) throws(InputError) {
        if paths.filter({ $0 == "-" }).count > 1 { throw .standardInputTwice }
    }
}

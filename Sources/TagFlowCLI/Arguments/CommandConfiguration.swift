/// A command's name and the words that describe it.
struct CommandConfiguration: Sendable {
    var name: String
    var abstract: String
    var discussion: String = ""
    /// More about the command, after the discussion: the manual page and `tagflow help NAME` show it, `--help`
    /// leaves it out so it stays short.
    var details: String = ""
    /// What exit status 1 means for the command, for those that use it: the manual page lists it.
    var failure: String?
    var examples: [String] = []
}

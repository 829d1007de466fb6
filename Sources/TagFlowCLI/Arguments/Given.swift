/// The options a command line gave, in the order given, by the key path each one sets.
struct Given<Root> {
    struct Entry {
        var keyPath: AnyKeyPath
        /// The group's key path, for an option lifted from a shared group.
        var group: AnyKeyPath?
        /// The option's long name, for messages.
        var name: String
    }

    var entries: [Entry] = []

    func contains(_ keyPath: PartialKeyPath<Root>) -> Bool {
        entries.contains { $0.keyPath == keyPath }
    }

    /// The name of the first of `keyPaths` given, in the order listed.
    func first(of keyPaths: [PartialKeyPath<Root>]) -> String? {
        keyPaths.lazy.compactMap { keyPath in entries.first { $0.keyPath == keyPath }?.name }.first
    }

    /// The name of the first option given from the group lifted at `group`.
    func first(inGroup group: PartialKeyPath<Root>) -> String? {
        entries.first { $0.group == group }?.name
    }
}

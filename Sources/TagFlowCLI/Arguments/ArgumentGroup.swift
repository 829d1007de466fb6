/// Arguments under one heading in help.
struct ArgumentGroup<Root> {
    var title: String
    var arguments: [Argument<Root>]
    /// Options several commands share: help lists them after the command's own.
    var isShared: Bool
    /// For shared options too many to repeat: the help page that lists them, which a command's help names instead.
    var page: HelpPage?

    init(_ title: String, _ arguments: [Argument<Root>], shared: Bool = false, page: HelpPage? = nil) {
        self.title = title
        self.arguments = arguments
        self.isShared = shared || page != nil
        self.page = page
    }

    /// The same group, storing into the property `keyPath` of a larger root.
    func lifted<Outer>(into keyPath: WritableKeyPath<Outer, Root>) -> ArgumentGroup<Outer> {
        ArgumentGroup<Outer>(title, arguments.map { $0.lifted(into: keyPath) }, shared: isShared, page: page)
    }
}

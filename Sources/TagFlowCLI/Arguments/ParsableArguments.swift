/// A type whose stored properties are filled from the command line through the arguments it declares.
///
/// The declarations name each property by key path, with its flag, help and value parser; the property's initial
/// value is its default, and help shows it from there. Groups shared by several commands (the layout flags, the
/// style flags) are their own `ParsableArguments` and are lifted into a command with ``Argument/lifted(into:)``.
protocol ParsableArguments {
    init()
    /// The arguments, in groups, each under a heading in help.
    static var arguments: [ArgumentGroup<Self>] { get }
}

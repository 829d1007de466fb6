/// The shells tagflow writes completion scripts for.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish
}

import TagFlowPipeline

/// A page of help for options several commands share, listed in full by `tagflow help NAME` and named, not
/// repeated, in each command's `--help`.
enum HelpPage: String, CaseIterable {
    /// The flags that set a layout option, as a config file's keys do.
    case layoutOptions = "layout-options"

    var title: String {
        switch self {
        case .layoutOptions: "LAYOUT OPTIONS"
        }
    }

    /// What the page is about, said above its list.
    var summary: String {
        switch self {
        case .layoutOptions:
            "The layout flags render, scroll, layout, check and diff take. Each sets the layout option a config file's "
                + "key of the same name in camelCase sets (--font-size is \"fontSize\"), and wins over it."
        }
    }

    /// The options the page lists.
    var rows: [HelpText.Row] {
        switch self {
        case .layoutOptions: LayoutInput.layoutArguments.map(HelpText.row)
        }
    }

    /// The page as `tagflow help NAME` prints it, `width` columns wide.
    func text(width: Int) -> String {
        let help = HelpText(width: width)
        var lines = ["\(title):"] + help.paragraph(summary, indent: 2) + [""]
        for row in rows { lines += help.row(row) }
        return (lines + [""]).joined(separator: "\n")
    }
}

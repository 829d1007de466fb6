extension ComparisonReport {
    /// JUnit XML, as CI systems read it: a test suite per screen (folder), a test case per item, a failure per
    /// failing one and an error per unreadable one. No times are written, so the file is the same on every run.
    public var junitXML: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // An item that could not be read is an error, as JUnit counts them apart from failures.
        func isError(_ item: ComparisonItem) -> Bool { item.status == .unreadable }
        xml += "<testsuites name=\"\(terms.name)\" tests=\"\(items.count)\" "
            + "failures=\"\(failures.count { !isError($0) })\" "
            + "errors=\"\(items.count(where: isError))\">\n"
        for (screen, items) in Self.byScreen(items) {
            let failing = items.count { $0.status.fails && !isError($0) }
            let title = HTMLText.xml(terms.title(ofGroup: screen))
            xml += "  <testsuite name=\"\(title)\" tests=\"\(items.count)\" failures=\"\(failing)\" "
                + "errors=\"\(items.count(where: isError))\">\n"
            for item in items {
                let caseName = item.name.hasPrefix(screen + "/") ? String(item.name.dropFirst(screen.count + 1))
                                                                 : item.name
                xml += "    <testcase classname=\"\(title)\" name=\"\(HTMLText.xml(caseName))\""
                xml += item.status.fails ? ">\n" + failure(item, isError: isError(item)) + "    </testcase>\n" : "/>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A failing item's `<failure>` or `<error>`, what changed in its layout first, when its layout was recorded.
    private func failure(_ item: ComparisonItem, isError: Bool) -> String {
        let element = isError ? "error" : "failure"
        let word = terms.word(item)
        let message = item.explanation.map { $0.sentence + " · " + item.detail } ?? item.detail
        return "      <\(element) type=\"\(word)\" message=\"\(HTMLText.xml(message))\">"
            + HTMLText.xml("\(item.name): \(word). \(message)") + "</\(element)>\n"
    }
}

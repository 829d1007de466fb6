import TagFlowLayout

/// `FlowLayout.prepare` and rect queries on synthetic documents with known text widths.
enum LayoutBenchmarks {
    static let sizes = [10_000, 100_000, 1_000_000]
    static let queryCount = 10_000
    /// Linear scans stop at about this many element tests per run: 10k queries at 10k tags, 100 at 1M.
    static let linearScanBudget = 100_000_000

    static let group = BenchmarkGroup(
        name: "layout",
        summary: "FlowLayout.prepare and elements(in:) against a linear scan, at 10k, 100k and 1M tags",
        run: run)

    static func run(_ report: inout Report) throws {
        // The smallest and largest layouts' queries, kept to be timed in turn for the growth between them.
        var queried: [Int: (flow: FlowLayout, rects: [Rect])] = [:]
        for size in sizes {
            let metrics = sections(tagCount: size, seed: UInt64(size))
            let options = LayoutOptions()

            var layout: FlowLayout?
            let prepare = median((0..<Report.repeats).map { _ in
                layout = nil  // the previous run's layout is freed before the clock starts
                return seconds { layout = FlowLayout.prepare(metrics, options: options) }
            })
            let nsPerTag = prepare * 1e9 / Double(size)
            report.row("prepare", size: "\(formatCount(size)) tags", time: prepare,
                       rate: "\(formatSignificant(nsPerTag)) ns/tag",
                       bar: size == 1_000_000 ? Bar(target: "≤ 100 ns/tag", isMet: nsPerTag <= 100) : nil)

            let flow = layout!
            let rects = queryRects(in: flow, count: queryCount, seed: UInt64(size) ^ 0x5EED)
            let linearCount = min(queryCount, max(1, linearScanBudget / size))
            checkAgreement(flow, rects.prefix(linearCount))

            var found = 0
            let query = medianSeconds {
                for rect in rects { found &+= flow.elements(in: rect).count }
            }
            let scan = medianSeconds {
                for rect in rects.prefix(linearCount) { found &+= flow.elementsByLinearScan(in: rect).count }
            }
            let perQuery = query / Double(rects.count)
            let perScan = scan / Double(linearCount)
            if size == sizes.first || size == sizes.last { queried[size] = (flow, rects) }
            report.row("elements(in:)", size: "\(formatCount(size)) tags, \(formatCount(rects.count)) queries",
                       time: query, rate: "\(formatSignificant(perQuery * 1e6)) µs/query")
            report.row("elementsByLinearScan(in:)",
                       size: "\(formatCount(size)) tags, \(formatCount(linearCount)) queries",
                       time: scan, rate: "\(formatSignificant(perScan * 1e6)) µs/query")
            report.row("query speedup over the scan", size: "\(formatCount(size)) tags",
                       rate: "\(formatSignificant(perScan / perQuery))×",
                       bar: size == 1_000_000 ? Bar(target: "≥ 100×", isMet: perScan / perQuery >= 100) : nil)
            precondition(found > 0, "the queries found nothing")
        }
        if let small = queried[sizes.first!], let large = queried[sizes.last!] {
            try growthRow(&report, small: small, large: large)
        }
    }

    /// How the queries' time grows from the smallest layout to the largest. In turn, as every ratio is: the
    /// machine's speed wanders within minutes, and the two sizes are timed minutes apart. Both run the same number
    /// of queries.
    static func growthRow(_ report: inout Report, small: (flow: FlowLayout, rects: [Rect]),
                          large: (flow: FlowLayout, rects: [Rect])) throws {
        var found = 0
        let times = try TimesInTurn([small, large].map { layout in
            { seconds { for rect in layout.rects { found &+= layout.flow.elements(in: rect).count } } }
        })
        precondition(found > 0, "the queries found nothing")
        let growth = times.ratio(1, to: 0)
        report.row("elements(in:) growth, timed in turn",
                   size: "\(formatCount(sizes.first!)) → \(formatCount(sizes.last!)) tags",
                   rate: "\(formatSignificant(growth))× "
                       + "(\(formatSignificant(times.medianTime(0) / Double(small.rects.count) * 1e6)) → "
                       + "\(formatSignificant(times.medianTime(1) / Double(large.rects.count) * 1e6)) µs)",
                   bar: Bar(target: "< 3×", isMet: growth < 3))
    }

    /// `tagCount` tags with text widths of 20–120 pt, in sections of 200–2,000 tags; every section has a header and
    /// every third a footer.
    static func sections(tagCount: Int, seed: UInt64) -> [SectionMetrics] {
        var random = SeededGenerator(seed: seed)
        var result: [SectionMetrics] = []
        var remaining = tagCount
        while remaining > 0 {
            let count = min(remaining, Int.random(in: 200...2_000, using: &random))
            let widths = (0..<count).map { _ in Double.random(in: 20...120, using: &random) }
            result.append(SectionMetrics(hasHeader: true, hasFooter: result.count % 3 == 2, textWidths: widths))
            remaining -= count
        }
        return result
    }

    /// Viewport-sized rects (the options' width × height) at random scroll offsets over the whole content.
    static func queryRects(in layout: FlowLayout, count: Int, seed: UInt64) -> [Rect] {
        var random = SeededGenerator(seed: seed)
        let offsets = layout.options.offsetRange(contentSize: layout.contentSize)
        return (0..<count).map { _ in
            layout.options.visibleRect(offset: Double.random(in: offsets, using: &random))
        }
    }

    /// A benchmark of a wrong answer is worthless: the indexed query must return exactly what the scan returns.
    static func checkAgreement(_ layout: FlowLayout, _ rects: ArraySlice<Rect>) {
        for rect in rects {
            let indexed = layout.elements(in: rect), scanned = layout.elementsByLinearScan(in: rect)
            precondition(indexed == scanned, "elements(in: \(rect)) disagrees with the linear scan")
        }
    }
}

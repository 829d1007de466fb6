import Foundation
import TagFlowLayout
import TagFlowText

/// Measuring tag texts with `TextEngine` through `Measurer`, as `TagLayout` does: cold (every text shaped once by a
/// fresh engine) and warm (every text a cache hit); then the same with the fonts given by file against installed.
enum TextBenchmarks {
    static let tagCount = 100_000
    static let distinctCount = 10_000

    static let group = BenchmarkGroup(
        name: "text",
        summary: "TextEngine measuring 100k tags of 10k distinct Latin, CJK and mixed texts, cold and warm",
        run: run)

    static func run(_ report: inout Report) throws {
        let tags = self.tags()
        let options = LayoutOptions()
        var start: [Double] = [], cold: [Double] = [], warm: [Double] = []
        for _ in 0..<Report.repeats {
            var measurer: Measurer?
            start.append(try seconds {
                let engine = try TextEngine()
                measurer = try Measurer(engine: engine, options: options)
            })
            let measure = measurer!
            var coldWidth = 0.0, warmWidth = 0.0
            cold.append(seconds { for tag in tags { coldWidth += measure.measure(tag).width } })
            warm.append(seconds { for tag in tags { warmWidth += measure.measure(tag).width } })
            precondition(coldWidth == warmWidth, "a cached measurement differs from the shaped one")
        }
        let size = "\(formatCount(tagCount)) tags, \(formatCount(distinctCount)) texts"
        report.row("TextEngine() and font()", size: "", time: median(start), rate: "")
        report.row("measure, cold (fresh engine, first pass)", size: size, time: median(cold),
                   rate: "\(formatRate(Double(tagCount) / median(cold))) tags/s")
        let warmRate = Double(tagCount) / median(warm)
        report.row("measure, warm (second pass)", size: size, time: median(warm),
                   rate: "\(formatRate(warmRate)) tags/s", bar: Bar(target: "≥ 1M tags/s",
                                                                    isMet: warmRate >= 1_000_000))
        try compareFontsByFileWithInstalled(tags: tags, &report)
    }

    /// The chain both engines measure with: every tag text is drawn by these two families.
    static let chain = "DejaVu Sans, WenQuanYi Zen Hei"
    static let installedFontFiles = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                     "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"]

    /// The same tags measured with ``chain`` installed and with copies of its files given by `FontSources(files:)`,
    /// which must cost no more: a font given by file is loaded as an installed one is, once per engine.
    static func compareFontsByFileWithInstalled(tags: [String], _ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copies = try installedFontFiles.map { path in
            let copy = folder.appendingPathComponent("copy-of-" + URL(fileURLWithPath: path).lastPathComponent)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: copy)
            return copy.path
        }

        var installed = FontPassTimings(), byFile = FontPassTimings()
        // Interleaved, and each first in turn, so neither drift in the machine's load nor going second (after an
        // engine was freed) weighs on one of them alone. Three times the usual rounds: a pass takes a tenth of a
        // second, and with nine pairs the ratio's median still wandered from 0.94 to 1.11 between runs.
        for run in 0..<3 * Report.repeats {
            let installedFirst = run.isMultiple(of: 2)
            var byFileWidth = 0.0
            if !installedFirst { byFileWidth = try byFile.measure(tags, fonts: FontSources(files: copies)) }
            let installedWidth = try installed.measure(tags, fonts: .system)
            if installedFirst { byFileWidth = try byFile.measure(tags, fonts: FontSources(files: copies)) }
            precondition(installedWidth == byFileWidth, "the copies measure differently from the installed fonts")
        }
        fontSourceRows(&report, installed: installed, byFile: byFile)
    }

    /// The passes' times for each source, and the ratio of their measuring threads' CPU time.
    static func fontSourceRows(_ report: inout Report, installed: FontPassTimings, byFile: FontPassTimings) {
        let size = "\(formatCount(tagCount)) tags, \(formatCount(distinctCount)) texts"
        func rate(_ times: [Double]) -> String { "\(formatRate(Double(tagCount) / median(times))) tags/s" }
        for (source, timings) in [("installed", installed), ("by file", byFile)] {
            report.row("\(chain), \(source): TextEngine() and font()", size: "", time: median(timings.start), rate: "")
            report.row("\(chain), \(source): measure, cold", size: size, time: median(timings.cold),
                       rate: rate(timings.cold))
            report.row("\(chain), \(source): measure, warm", size: size, time: median(timings.warm),
                       rate: rate(timings.warm))
        }
        // The ratio compares CPU time of the measuring thread, which other processes on a shared machine do not
        // inflate as they do wall time: the median of each run's ratio to its neighbour.
        func pairedRatio(_ times: KeyPath<FontPassTimings, [Double]>) -> Double {
            median(zip(byFile[keyPath: times], installed[keyPath: times]).map { $0 / $1 })
        }
        let coldRatio = pairedRatio(\.coldCPU), warmRatio = pairedRatio(\.warmCPU)
        report.row("by file / installed, cold (thread CPU time)", size: size, rate: String(format: "%.3f×", coldRatio),
                   bar: Bar(target: "≤ 1.05×", isMet: coldRatio <= 1.05))
        report.row("by file / installed, warm (thread CPU time)", size: size, rate: String(format: "%.3f×", warmRatio))
    }

    /// The times of each pass over the tags with one source of fonts.
    struct FontPassTimings {
        var start: [Double] = [], cold: [Double] = [], warm: [Double] = []
        /// The measuring thread's CPU time of each cold and warm pass (measure runs on the calling thread).
        var coldCPU: [Double] = [], warmCPU: [Double] = []

        /// One pass: a new engine and font, then every tag measured cold and again warm; returns their total width.
        mutating func measure(_ tags: [String], fonts: FontSources) throws -> Double {
            var measurer: Measurer?
            start.append(try seconds {
                let engine = try TextEngine(fonts: fonts)
                measurer = Measurer(engine: engine,
                                    font: try engine.font(family: chain, size: LayoutOptions().fontSize))
            })
            let measure = measurer!
            var coldWidth = 0.0, warmWidth = 0.0
            var cpu = threadCPUSeconds()
            cold.append(seconds { for tag in tags { coldWidth += measure.measure(tag).width } })
            coldCPU.append(threadCPUSeconds() - cpu)
            cpu = threadCPUSeconds()
            warm.append(seconds { for tag in tags { warmWidth += measure.measure(tag).width } })
            warmCPU.append(threadCPUSeconds() - cpu)
            precondition(coldWidth == warmWidth, "a cached measurement differs from the shaped one")
            return coldWidth
        }
    }

    /// ``tagCount`` tags drawn from ``distinctCount`` texts, each text used equally often, in a seeded shuffle.
    static func tags() -> [String] {
        var random = SeededGenerator(seed: 0x7A65)
        var seen = Set<String>()
        var texts: [String] = []
        while texts.count < distinctCount {
            let text = self.text(using: &random)
            if seen.insert(text).inserted { texts.append(text) }
        }
        var tags = (0..<tagCount).map { texts[$0 % distinctCount] }
        tags.shuffle(using: &random)
        return tags
    }

    static let words = ["Remember", "Swift", "tag", "flow", "layout", "office", "Wavy", "Toffee", "AVATAR", "music",
                        "travel", "coffee", "design", "reading", "movies", "photo", "hiking", "yoga", "chess", "jazz",
                        "the", "of", "night", "summer", "Sunday", "Lambert", "CodeNinja", "basket", "tennis", "home"]
    static let hanzi = Array("篮球足球排网乒乓羽毛棒橄榄高尔夫游泳跑步骑行滑雪冰登山攀岩瑜伽健身拳击剑射箭马术冲浪潜水帆船跳体操标签选择器音乐旅咖啡设计电影读书摄美食")

    /// A Latin (half), CJK (three in ten) or mixed (one in five) tag text.
    static func text(using random: inout SeededGenerator) -> String {
        func latin() -> String {
            let words = (0..<Int.random(in: 1...3,
                                        using: &random)).map { _ in Self.words.randomElement(using: &random)! }
            let number = Int.random(in: 0..<10, using: &random) < 3 ? " \(Int.random(in: 0...99, using: &random))" : ""
            return words.joined(separator: " ") + number
        }
        func cjk(_ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &random)).map { _ in hanzi.randomElement(using: &random)! })
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: return latin()
        case 5..<8: return cjk(2...6)
        default: return latin() + " " + cjk(2...4)
        }
    }
}

/// CPU time the calling thread has used, in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

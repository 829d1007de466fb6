import TagFlowLayout
import TagFlowText

/// Measuring tag texts with `TextEngine` through `Measurer`, as `TagLayout` does: cold (every text shaped once by a
/// fresh engine) and warm (every text a cache hit).
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
                measurer = Measurer(engine: engine, font: try engine.font(family: options.font, size: options.fontSize))
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
                   rate: "\(formatRate(warmRate)) tags/s", bar: Bar(target: "≥ 1M tags/s", isMet: warmRate >= 1_000_000))
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
            let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
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

import TagFlowLayout

/// Gives every character the same advance; layout tests need exact, known widths, not a font.
struct FixedAdvanceMeasurer: TextMeasuring {
    var advance: Double = 7
    func measure(_ text: String) -> TextMeasurement {
        TextMeasurement(width: Double(text.count) * advance, fonts: ["Fixed"], missingGlyphs: 0)
    }
}

func randomSections(_ rng: inout SeededGenerator, maxSections: Int = 5, maxTags: Int = 40, maxWidth: Double = 400) -> [SectionMetrics] {
    (0..<Int.random(in: 1...maxSections, using: &rng)).map { _ in
        SectionMetrics(hasHeader: Bool.random(using: &rng), hasFooter: Bool.random(using: &rng),
                       textWidths: (0..<Int.random(in: 0...maxTags, using: &rng)).map { _ in
                           // Mostly tag-sized, sometimes wider than a line.
                           Double.random(in: 0...1, using: &rng) < 0.05
                               ? Double.random(in: 300...maxWidth, using: &rng)
                               : Double.random(in: 5...120, using: &rng).rounded(toPlaces: 3)
                       })
    }
}

func randomOptions(_ rng: inout SeededGenerator) -> LayoutOptions {
    var options = LayoutOptions()
    options.width = Double.random(in: 200...800, using: &rng).rounded()
    options.padding = [0, 4, 7.5, 12].randomElement(using: &rng)!
    options.interitemSpacing = [0, 5, 10, 13.5].randomElement(using: &rng)!
    options.lineSpacing = [0, 10, 4.5].randomElement(using: &rng)!
    options.sectionInset = EdgeInsets(top: Double.random(in: 0...20, using: &rng).rounded(),
                                      left: Double.random(in: 0...30, using: &rng).rounded(),
                                      bottom: Double.random(in: 0...20, using: &rng).rounded(),
                                      right: Double.random(in: 0...30, using: &rng).rounded())
    options.contentInset = EdgeInsets(top: [0, 20].randomElement(using: &rng)!, left: [0, 16].randomElement(using: &rng)!,
                                      bottom: [0, 34].randomElement(using: &rng)!, right: [0, 8].randomElement(using: &rng)!)
    options.alignment = Alignment.allCases.randomElement(using: &rng)!
    options.direction = Direction.allCases.randomElement(using: &rng)!
    options.maxLines = [0, 0, 1, 3].randomElement(using: &rng)!
    options.pinHeaders = Bool.random(using: &rng)
    return options
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}

/// Tags per line of one section, in line order, for items that are shown.
func lines(of section: SectionLayout, in layout: FlowLayout) -> [[ItemLayout]] {
    var result = [[ItemLayout]](repeating: [], count: section.lineCount)
    for item in layout.items[section.items] where !item.isHidden { result[item.line].append(item) }
    return result
}

/// The seed demo's sections with widths near what a 14 pt sans-serif gives: CJK 14 pt a character, Latin about 7.6.
func seedDemoSections() -> [SectionMetrics] {
    let sports = [2, 2, 2, 3, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 4, 2, 2, 2, 2, 3, 2].map { Double($0) * 14 }
    let remember = (0..<40).map { 60 + Double(($0 * 37) % 90) }
    let chooser = (0..<20).map { index -> Double in
        [70, 56.4, 71.3][index % 3] + (index >= 10 ? 7.6 : 0)
    }
    return [
        SectionMetrics(hasHeader: true, hasFooter: false, textWidths: sports),
        SectionMetrics(hasHeader: true, hasFooter: false, textWidths: remember),
        SectionMetrics(hasHeader: true, hasFooter: true, textWidths: chooser),
    ]
}

import Foundation
import Testing
@testable import TagFlowLayout

/// Gives every character the same advance and every line a known height, so the phone options' effects are exact.
private struct TallTextMeasurer: TextMeasuring {
    var advance: Double
    var lineHeight: Double?
    func measure(_ text: String) -> TextMeasurement {
        TextMeasurement(width: Double(text.count) * advance, fonts: ["Fixed"], lineHeight: lineHeight)
    }
}

private func document(_ texts: [String]) -> TagDocument {
    TagDocument(sections: [TagSection(tags: texts.map { Tag($0) })])
}

@Suite struct DeviceProfileTests {
    @Test func everyProfileHasTheScreenOfItsDevice() {
        let expected: [(String, Double, Double)] = [
            ("iPhone SE (1st generation)", 320, 2), ("iPhone SE", 375, 2), ("iPhone 13 mini", 375, 3), ("iPhone 14", 390, 3),
            ("iPhone 15", 393, 3), ("iPhone 16 Pro", 402, 3), ("iPhone 11", 414, 2), ("iPhone 11 Pro Max", 414, 3),
            ("iPhone Air", 420, 3), ("iPhone 14 Plus", 428, 3),
            ("iPhone 15 Pro Max", 430, 3), ("iPhone 16 Pro Max", 440, 3), ("iPad (10th generation)", 820, 2),
        ]
        for (name, width, scale) in expected {
            let profile = DeviceProfile.named(name)
            #expect(profile?.width == width, "\(name)")
            #expect(profile?.scale == scale, "\(name)")
        }
        #expect(DeviceProfile.builtIn.count == expected.count)
        #expect(DeviceProfile.builtIn.map(\.width) == DeviceProfile.builtIn.map(\.width).sorted(), "smallest first")
    }

    /// A phone that shares another's screen in points and scale is found under the profile that has it.
    @Test func otherPhonesAreFoundByTheirScreens() {
        let expected: [(String, String)] = [
            ("iPhone 13", "iphone-14"), ("iPhone 12 Pro", "iphone-14"), ("iPhone 16e", "iphone-14"), ("iPhone 15 Pro", "iphone-15"),
            ("iPhone 16", "iphone-15"), ("iPhone 14 Pro", "iphone-15"), ("iPhone 17", "iphone-16-pro"), ("iPhone 12 mini", "iphone-13-mini"),
            ("iPhone 8", "iphone-se"), ("iPhone SE (3rd generation)", "iphone-se"), ("iPhone 13 Pro Max", "iphone-14-plus"),
            ("iPhone 16 Plus", "iphone-15-pro-max"), ("iPhone 17 Pro Max", "iphone-16-pro-max"), ("iPhone X", "iphone-13-mini"),
            ("iPhone 11 Pro", "iphone-13-mini"), ("iPhone XR", "iphone-11"), ("iPhone 8 Plus", "iphone-11-pro-max"),
            ("iPhone XS Max", "iphone-11-pro-max"),
        ]
        for (phone, profile) in expected { #expect(DeviceProfile.named(phone)?.name == profile, "\(phone)") }
        let everyName = DeviceProfile.builtIn.flatMap { Set($0.allNames.map(DeviceProfile.normalized)) }
        #expect(Set(everyName).count == everyName.count, "no name answers for two profiles")
    }

    @Test func namesMatchWhateverTheSpelling() {
        #expect(DeviceProfile.named("iphone-15")?.displayName == "iPhone 15")
        #expect(DeviceProfile.named("IPHONE15")?.name == "iphone-15")
        #expect(DeviceProfile.named("ipad (10th generation)")?.name == "ipad-10")
        #expect(DeviceProfile.named("iphone15pro")?.name == "iphone-15")
        #expect(DeviceProfile.named("iphone se 1")?.name == "iphone-se-1")
        #expect(DeviceProfile.named("iphone-15-ultra") == nil)
        #expect(DeviceProfile.named("pixel-8") == nil)
    }

    /// A profile's own name is found before another profile's other names: a config's "iPhone 13" is its own.
    @Test func ownNamesComeBeforeOtherNames() {
        let own = DeviceProfile(name: "iphone-13", displayName: "iPhone 13 in a sheet", width: 360, scale: 3)
        #expect(DeviceProfile.named("iPhone 13", in: DeviceProfile.builtIn + [own]) == own)
        #expect(DeviceProfile.named("iPhone 13", in: DeviceProfile.builtIn)?.name == "iphone-14")
    }

    @Test func aProfileDecodesWithoutOtherNames() throws {
        let profile = try JSONDecoder().decode(DeviceProfile.self, from: Data(#"{"name": "kiosk", "displayName": "Kiosk", "width": 600, "scale": 1}"#.utf8))
        #expect(profile == DeviceProfile(name: "kiosk", displayName: "Kiosk", width: 600, scale: 1))
        let phone = DeviceProfile.named("iphone-14")!
        #expect(try JSONDecoder().decode(DeviceProfile.self, from: JSONEncoder().encode(phone)) == phone)
    }

    @Test func namesAreUniqueAndFitForFileNames() {
        let names = DeviceProfile.builtIn.map(\.name)
        #expect(Set(names.map(DeviceProfile.normalized)).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name)")
        }
    }

    @Test func aCustomProfileIsFoundAmongTheGivenOnes() {
        let custom = DeviceProfile(name: "kiosk", displayName: "Shop kiosk", width: 600, scale: 1)
        #expect(DeviceProfile.named("Shop Kiosk", in: DeviceProfile.builtIn + [custom]) == custom)
    }
}

@Suite struct ContentSizeCategoryTests {
    @Test func theBodySizesAreUIKits() {
        #expect(ContentSizeCategory.allCases.map(\.bodySize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(ContentSizeCategory.allCases.map(\.rawValue)
                    == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    }

    @Test func aCustomSizeScalesWithTheBodyStyle() {
        #expect(ContentSizeCategory.large.scaled(14) == 14)
        #expect(ContentSizeCategory.extraSmall.scaled(17) == 14)
        #expect(abs(ContentSizeCategory.accessibilityExtraLarge.scaled(14) - 14 * 40 / 17) < 1e-12)
        var options = LayoutOptions()
        options.contentSize = .accessibilityExtraExtraExtraLarge
        #expect(abs(options.textSize - 14 * 53 / 17) < 1e-12)
        #expect(options.fontSize == 14, "the base size is kept; only the drawn size scales")
    }

    @Test func namesAreReadEitherWay() {
        #expect(ContentSizeCategory(name: "ax3") == .accessibilityExtraLarge)
        #expect(ContentSizeCategory(name: "accessibilityExtraLarge") == .accessibilityExtraLarge)
        #expect(ContentSizeCategory(name: "XXXL") == .extraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "huge") == nil)
    }
}

@Suite struct TextRoundingTests {
    @Test func eachRuleRoundsAsUIKitDoes() {
        #expect(TextRounding.exact.round(28.3, scale: 3) == 28.3)
        #expect(TextRounding.ceil.round(28.3, scale: 3) == 29)
        #expect(TextRounding.ceil.round(28, scale: 3) == 28)
        let thirds: Double = 85.0 / 3
        #expect(TextRounding.pixel.round(28.3, scale: 3) == thirds)
        #expect(TextRounding.pixel.round(28.3, scale: 2) == 28.5)
    }

    @Test func roundedWidthsMakeTheCells() throws {
        var options = LayoutOptions()
        let tags = document(["abc", "de"])
        // 3 × 7.1 = 21.3 and 2 × 7.1 = 14.2 wide.
        let measurer = TallTextMeasurer(advance: 7.1, lineHeight: 16.3)
        let exact = try TagLayout(document: tags, options: options, measurer: measurer)
        #expect(abs(exact.flow.items[0].frame.width - (21.3 + 15)) < 1e-9)
        options.textRounding = .ceil
        let ceil = try TagLayout(document: tags, options: options, measurer: measurer)
        #expect(ceil.flow.items.map(\.frame.width) == [22 + 15, 15 + 15])
        #expect(ceil.tags[0][0].measurement.width == 22)
        options.textRounding = .pixel
        options.displayScale = 3
        let pixel = try TagLayout(document: tags, options: options, measurer: measurer)
        let pixelWidths: [Double] = [64.0 / 3 + 15, 43.0 / 3 + 15]
        #expect(pixel.flow.items.map(\.frame.width) == pixelWidths)
    }

    @Test func roundingCanMoveATagToTheNextLine() throws {
        // Two tags of 10 × 17.25 = 172.5 pt of text, 187.5 pt with padding, exactly fill a 385 pt line with 10 pt
        // between them. Rounded up to 173 pt, the second no longer fits.
        var options = LayoutOptions()
        options.width = 20 + 2 * 187.5 + 10
        let tags = document([String(repeating: "x", count: 10), String(repeating: "x", count: 10)])
        let measurer = TallTextMeasurer(advance: 17.25, lineHeight: nil)
        #expect(try TagLayout(document: tags, options: options, measurer: measurer).flow.items.map(\.line) == [0, 0])
        options.textRounding = .ceil
        #expect(try TagLayout(document: tags, options: options, measurer: measurer).flow.items.map(\.line) == [0, 1])
    }
}

@Suite struct TextHeightTests {
    @Test func largeTextIsClippedByTheSeedsFixedHeight() throws {
        let tags = document(["篮球", "足球"])
        let small = try TagLayout(document: tags, options: LayoutOptions(), measurer: TallTextMeasurer(advance: 14, lineHeight: 16.3))
        #expect(small.tagsWithClippedText.isEmpty)
        let large = try TagLayout(document: tags, options: LayoutOptions(), measurer: TallTextMeasurer(advance: 33, lineHeight: 38.3))
        #expect(large.tagsWithClippedText.map(\.id) == [.item(0, 0), .item(0, 1)])
        #expect(large.flow.items[0].frame.height == 30)
    }

    @Test func cellsThatFitTheirTextGrowWithIt() throws {
        var options = LayoutOptions()
        options.itemHeightFitsText = true
        let tags = document(["篮球", "足球"])
        let layout = try TagLayout(document: tags, options: options, measurer: TallTextMeasurer(advance: 33, lineHeight: 38.3))
        #expect(layout.options.itemHeight == 38.3 + 14)
        #expect(layout.flow.items.allSatisfy { $0.frame.height == 38.3 + 14 })
        #expect(layout.tagsWithClippedText.isEmpty)
        options.textRounding = .ceil
        let rounded = try TagLayout(document: tags, options: options, measurer: TallTextMeasurer(advance: 33, lineHeight: 38.3))
        #expect(rounded.options.itemHeight == 39 + 14)
    }
}

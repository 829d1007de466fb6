import Foundation
import Testing
@testable import TagFlowCLI
@testable import TagFlowPipeline
@testable import TagFlowInput
import TagFlowLayout
import TagFlowReview
@testable import TagFlowText

/// `tagflow layout` writes its table and JSON a chunk at a time, numbers as digits, and items rendered on every core:
/// the bytes must be those of the writers that build the whole output first.
@Suite struct LayoutStreamingTests {
    /// A layout of `tagsPath` with `flags`, measured as `tagflow layout` measures.
    static func layout(_ tagsPath: String, _ flags: [String] = []) throws -> (layout: TagLayout, engine: TextEngine) {
        let command = try #require(try LayoutCommand.parse([tagsPath] + flags))
        let loaded = try command.input.load(tagsPath: tagsPath)
        let (engine, measurer) = try LayoutInput.measurer(for: loaded.options, fonts: loaded.fonts, caching: .measurements)
        return (try TagLayout(document: loaded.document, options: loaded.options, measurer: measurer), engine)
    }

    /// A few thousand tags: sections, footers, selected, Chinese, escapes, tags too long for a line, fractional widths.
    static func generatedTags(in folder: TemporaryFolder) throws -> String {
        var lines: [String] = []
        for index in 0..<4000 {
            // At most eight selected, as the demo's config allows.
            if index % 997 == 13 {
                lines.append("* selected \(index)")
                continue
            }
            switch index % 97 {
            case 0: lines.append("@section Section \(index)")
            case 29: lines.append("篮球 \(index)")
            case 41: lines.append(String(repeating: "long tag ", count: 8 + index % 5))
            case 53: lines.append("\\quote \" and \\ backslash \(index)")
            case 67: lines.append("@footer footer \(index)")
            default: lines.append("t\(index)" + (index % 3 == 0 ? " x" : ""))
            }
        }
        _ = try folder.write("generated.tags", lines.joined(separator: "\n") + "\n")
        return folder.path("generated.tags")
    }

    /// One section longer than a block, so its items are measured and written in blocks on every core.
    static func longSection(in folder: TemporaryFolder) throws -> String {
        let lines = (0..<10_000).map { $0 % 1500 == 7 ? "* chosen \($0)" : $0 % 13 == 0 ? "篮球 \($0)" : "t\($0)" }
        _ = try folder.write("long.tags", lines.joined(separator: "\n") + "\n")
        return folder.path("long.tags")
    }

    static let flagSets: [[String]] = [
        [], ["--config", packageRoot.appendingPathComponent("Examples/demo.json").path], ["--max-lines", "2", "--more-tag", "+%d", "--width", "260"],
        ["--alignment", "justified", "--direction", "rtl", "--text-width", "pixel", "--device", "iphone-15"],
    ]

    /// Every chunk the buffer hands on, and the bytes they make together.
    static func streamed(chunkSize: Int, _ write: (inout OutputBuffer) -> Void) throws -> (bytes: [UInt8], chunks: Int) {
        var bytes: [UInt8] = []
        var chunks = 0
        var buffer = OutputBuffer(chunkSize: chunkSize) { chunk in
            // Chunks end between whole pieces of text, so each is UTF-8 on its own.
            #expect(String(validating: chunk.bindMemory(to: UInt8.self), as: UTF8.self) != nil)
            bytes += chunk
            chunks += 1
        }
        write(&buffer)
        try buffer.finish()
        return (bytes, chunks)
    }

    @Test(arguments: flagSets) func streamedJSONMatchesTheWholeDocumentWriter(flags: [String]) throws {
        let folder = try TemporaryFolder()
        for tags in [packageRoot.appendingPathComponent("Examples/demo.tags").path, try Self.generatedTags(in: folder),
                     try Self.longSection(in: folder)] {
            let (layout, engine) = try Self.layout(tags, flags)
            let json = LayoutCommand.layoutJSON(layout, fontFiles: FontRecords.identities(engine: engine, layout: layout, style: .light))
            let reference = Array((json.rendered() + "\n").utf8)
            let (bytes, chunks) = try Self.streamed(chunkSize: 4096) { buffer in
                json.render(into: &buffer)
                buffer.append(0x0A)
            }
            #expect(bytes == reference, "\(tags) \(flags)")
            #expect(chunks > 1, "handed on as it is made")
        }
    }

    @Test(arguments: flagSets) func streamedTableMatchesTheTextTable(flags: [String]) throws {
        let folder = try TemporaryFolder()
        for tags in [packageRoot.appendingPathComponent("Examples/demo.tags").path, try Self.generatedTags(in: folder),
                     try Self.longSection(in: folder)] {
            let layout = try Self.layout(tags, flags).layout
            // The rows as the table held them: every cell a string, the widths from all of them.
            var table = TextTable(columns: LayoutCommand.tableColumns)
            LayoutCommand.forEachTableRow(layout) { fill in
                var row = TextTableRow()
                fill(&row)
                table.add(row.cells)
            }
            let (bytes, _) = try Self.streamed(chunkSize: 1000) { LayoutCommand.writeTable(layout, into: &$0) }
            let text = String(decoding: bytes, as: UTF8.self)
            let summary = try #require(text.split(separator: "\n", maxSplits: 1).first)
            #expect(text == summary + "\n" + table.rendered + "\n", "\(tags) \(flags)")
            #expect(bytes == LayoutCommand.layoutTable(layout))
        }
    }

    @Test func integersAreWrittenAsStringWritesThem() {
        var values = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, -1000, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for digits in 1...18 {
            var power = 1
            for _ in 0..<digits { power *= 10 }
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var generator = SystemRandomNumberGenerator()
        values += (0..<20_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator) }
        for value in values {
            var buffer = OutputBuffer()
            buffer.appendInteger(value)
            #expect(buffer.bytes == Array(String(value).utf8), "\(value)")
        }
    }

    @Test func numbersAreWrittenAsFormatPointsAndFormatDecimalWriteThem() {
        var values: [Double] = [0, -0.0, 1, -1, 7.5, 12.345, 0.1 + 0.2, 1e-7, -1e-7, 0.004, 0.005, -0.005, 0.015, 2.675,
                                999_999_999_999.995, 1e12, 1e14, 1e15 - 1, 1e15, -1e15, 1e16, 1e300, -1e300,
                                .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan,
                                // Hundredths exactly halfway, and just below a half.
                                0.125, -0.125, 0.375, -0.625, 40.875, 0.49999999999999994 / 100, -0.49999999999999994 / 100,
                                // Binary fractions at the edges of the short form.
                                29.396484375, 0.5, -0.5, 0.0009765625, 0.001953125, 1.0 / 65_536, 3.0 / 65_536, 1.0 / 131_072,
                                2_147_483_647.5, 2_147_483_648.5, 123_456_789.0625, 12_345_678.0078125, 1234.5678901234567]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -8...16, using: &generator)
            values.append(Double.random(in: -1...1, using: &generator) * pow(10, magnitude))
            // Widths and positions: sums of fractions of a point.
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 64 + Double.random(in: 0..<1e-3, using: &generator))
            // Fractions with few binary places, as font units make them, from thousandths to billions.
            values.append(Double(Int.random(in: -(1 << 50)...(1 << 50), using: &generator)) / Double(1 << Int.random(in: 0...60, using: &generator)))
        }
        for value in values {
            var points = OutputBuffer()
            points.appendPoints(value)
            #expect(points.bytes == Array(formatPoints(value).utf8), "\(value)")
            var decimal = OutputBuffer()
            decimal.appendDecimal(value)
            #expect(decimal.bytes == Array(formatDecimal(value).utf8), "\(value)")
        }
        for value in [0, 7, -7, Int.max, Int.min, 1_000_000] {
            var integer = OutputBuffer()
            integer.appendInteger(value)
            #expect(integer.bytes == Array(String(value).utf8))
        }
    }

    @Test func parallelShapingMatchesSerialInOrder() throws {
        let texts = (0..<6000).map { index in
            switch index % 5 {
            case 0: "篮球 \(index)"
            case 1: "مرحبا \(index)"
            case 2: "AVATAR Ty. office \(index)"
            case 3: "e\u{301}\(index)"
            default: "t\(index)"
            }
        }
        let serialEngine = try TextEngine(caching: .shapedTexts)
        let serialFont = try serialEngine.font(size: 15)
        let serial = texts.map { serialEngine.measure($0, font: serialFont) }
        // Ten texts a thread: every processor takes part, in many small parts each.
        let engine = try TextEngine(cacheLimit: nil, caching: .measurements, textsPerThread: 10)
        let font = try engine.font(size: 15)
        for _ in 0..<2 {
            #expect(engine.measure(texts, font: font) == serial)
        }
        #expect(TextEngine.partSize(count: texts.count, threads: 2) < texts.count / 2)
    }
}

import TagFlowLayout

/// UTF-8 output collected in a buffer and handed to a sink whenever a chunk has filled, so a large output is written
/// as it is made and never exists whole.
///
/// Writers append whole pieces of text and call ``flushIfFull()`` between them, so every chunk the sink sees is
/// valid UTF-8. Numbers are written as digits straight into the buffer, without a `String` each, with the same bytes
/// as ``formatPoints(_:)`` and ``formatDecimal(_:)``.
public struct OutputBuffer: TextOutputStream {
    /// What has been written and not yet handed on; without a sink, everything written.
    public private(set) var bytes: [UInt8] = []
    private let chunkSize: Int
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    /// The sink's first error; nothing more is handed on after it.
    private var failure: (any Error)?

    /// A buffer that keeps everything in ``bytes``.
    public init() {
        chunkSize = .max
        sink = nil
    }

    /// A buffer that hands its bytes to `sink` about every `chunkSize` bytes.
    public init(chunkSize: Int = 1 << 20, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.sink = sink
        bytes.reserveCapacity(self.chunkSize + 4096)
    }

    /// Hands the buffered bytes to the sink once a chunk has filled. Call it between whole pieces of text.
    @inline(__always)
    public mutating func flushIfFull() {
        if bytes.count >= chunkSize { flush() }
    }

    /// Hands every buffered byte to the sink, and throws the sink's first error, if any.
    public mutating func finish() throws {
        flush()
        if let failure { throw failure }
    }

    /// Forgets what is buffered, keeping the memory, as when a row is reused.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    private mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        if failure == nil {
            do {
                try bytes.withUnsafeBytes { try sink($0) }
            } catch {
                failure = error
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Text

    @inline(__always)
    public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    public mutating func append(_ text: String) {
        // A byte at a time costs less than a bulk copy for the separators and short words most output is made of.
        let utf8 = text.utf8
        if utf8.count <= 8 {
            for byte in utf8 { bytes.append(byte) }
            return
        }
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

    public mutating func appendSpaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    public mutating func write(_ string: String) { append(string) }

    /// How `Double` writes its description into a stream: ASCII digits, with no `String` made for them.
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

    // MARK: Numbers

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            for index in start..<20 { bytes.append(digits[index]) }
        }
    }

    /// `value` as ``formatPoints(_:)`` writes it: whole numbers without a trailing `.0`, others as Swift prints them.
    public mutating func appendPoints(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int(Int64(value)))
        } else {
            value.write(to: &self)
        }
    }

    /// `value` as ``formatDecimal(_:)`` writes it: rounded to two decimals at most.
    public mutating func appendDecimal(_ value: Double) {
        let hundredths = (value * 100).rounded()
        // Below 10^12 a double holds hundredths exactly enough that its shortest form is the two-decimal one.
        guard hundredths.isFinite, abs(hundredths) < 1e14 else { return append(formatDecimal(value)) }
        let whole = Int(hundredths)
        let (units, fraction) = whole.magnitude.quotientAndRemainder(dividingBy: 100)
        if fraction == 0 { return appendInteger(whole / 100) }
        if whole < 0 { bytes.append(UInt8(ascii: "-")) }
        appendInteger(Int(units))
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }
}

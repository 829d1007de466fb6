import TagFlowLayout

/// UTF-8 output collected in a buffer and handed to a sink whenever a chunk has filled, so a large output is written
/// as it is made and never exists whole.
///
/// Writers append whole pieces of text and call ``flushIfFull()`` between them, so every chunk the sink sees is
/// valid UTF-8. Numbers are written as digits straight into the buffer, without a `String` each, with the same bytes
/// as ``formatPoints(_:)`` and ``formatDecimal(_:)``. The bytes live in memory of its own, appended to without the
/// checks an array makes on every call, so a buffer is not copied: it is passed `inout`.
public struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are buffered.
    public private(set) var count = 0
    private var capacity: Int
    private let chunkSize: Int
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    /// The sink's first error; nothing more is handed on after it.
    private var failure: (any Error)?

    /// A buffer that keeps everything in ``bytes``, with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        chunkSize = .max
        sink = nil
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer that hands its bytes to `sink` about every `chunkSize` bytes.
    public init(chunkSize: Int = 1 << 20, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.sink = sink
        capacity = min(self.chunkSize, 1 << 24) + 4096
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// What has been written and not yet handed on; without a sink, everything written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Lends the buffered bytes to `body`.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Hands the buffered bytes to the sink once a chunk has filled. Call it between whole pieces of text.
    @inline(__always)
    public mutating func flushIfFull() {
        if count >= chunkSize { flush() }
    }

    /// Hands every buffered byte to the sink, and throws the sink's first error, if any.
    public mutating func finish() throws {
        flush()
        if let failure { throw failure }
    }

    /// Appends `bytes`, whole text; with a sink, bytes buffered before are handed on and then `bytes` themselves,
    /// without copying them into the buffer.
    public mutating func appendWhole(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let sink, bytes.count >= chunkSize / 4 else {
            append(bytes)
            flushIfFull()
            return
        }
        flush()
        guard failure == nil else { return }
        do {
            try sink(UnsafeRawBufferPointer(bytes))
        } catch {
            failure = error
        }
    }

    /// Forgets what is buffered, keeping the memory, as when a row is reused.
    public mutating func removeAll() { count = 0 }

    private mutating func flush() {
        guard let sink, count > 0 else { return }
        if failure == nil {
            do {
                try sink(UnsafeRawBufferPointer(start: base, count: count))
            } catch {
                failure = error
            }
        }
        count = 0
    }

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private mutating func grow(to needed: Int) {
        let grown = max(needed, 2 * capacity)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    // MARK: Text

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    public mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        guard let source = other.baseAddress, !other.isEmpty else { return }
        reserve(other.count)
        (base + count).update(from: source, count: other.count)
        count += other.count
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `"key": ` after `{` for a first member, or after `, `; `key` needs no escape.
    public mutating func appendJSONKey(_ key: StaticString, first: Bool) {
        let length = key.utf8CodeUnitCount
        reserve(length + 6)
        var at = base + count
        if first {
            at.pointee = UInt8(ascii: "{")
            at += 1
        } else {
            at[0] = UInt8(ascii: ",")
            at[1] = UInt8(ascii: " ")
            at += 2
        }
        at.pointee = UInt8(ascii: "\"")
        (at + 1).update(from: key.utf8Start, count: length)
        at += 1 + length
        at[0] = UInt8(ascii: "\"")
        at[1] = UInt8(ascii: ":")
        at[2] = UInt8(ascii: " ")
        count = at + 3 - base
    }

    public mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    // MARK: Numbers

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func appendInteger(_ value: Int) {
        reserve(21)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let digits = Self.decimalDigits(UInt64(magnitude))
        count += digits
        var position = count
        // Two digits a division, from a table of "00" to "99".
        let pairs = Self.digitPairs.utf8Start
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            position -= 2
            base[position] = pairs[pair]
            base[position + 1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(magnitude) * 2
            position -= 2
            base[position] = pairs[pair]
            base[position + 1] = pairs[pair + 1]
        } else {
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(magnitude)
        }
    }

    /// "00", "01", … "99", one after the other: a constant in the binary, read without a lazy initialiser.
    private static var digitPairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }

    /// `value` as ``formatPoints(_:)`` writes it: whole numbers without a trailing `.0`, others as Swift prints them.
    public mutating func appendPoints(_ value: Double) {
        // A whole number below 10^15: comparing with `Double(Int64(value))` asks what `value == value.rounded()`
        // would, without a call to libm.
        if abs(value) < 1e15, value == Double(Int64(value)) {
            appendInteger(Int(Int64(value)))
        } else if !appendShortBinaryFraction(value) {
            var digits = DoubleDigits()
            value.write(to: &digits)
            digits.withBytes { append($0) }
        }
    }

    /// Writes `value` as `String(value)` does when it is a fraction with at most 16 binary places, between
    /// 0.001 and 2^31, whose exact decimal has at most 15 significant digits; else writes nothing and returns false.
    ///
    /// Widths and positions from font units are such fractions (29.396484375 is 29 + 406/1024). A different decimal
    /// of at most 15 significant digits lies at least 10^-15 of the value away, farther than the next double, so
    /// the exact decimal is the shortest that reads back as `value`: the one `String(value)` writes.
    private mutating func appendShortBinaryFraction(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 2_147_483_648 else { return false }
        let sixteenths = magnitude * 65_536  // exact: a power of two
        guard sixteenths == sixteenths.rounded(.towardZero) else { return false }
        let fixed = UInt64(sixteenths)
        let whole = Int(fixed >> 16)
        let binary = fixed & 0xFFFF
        guard binary != 0 else { return false }
        // m / 2^k with m odd has exactly k decimal places: it is m · 5^k / 10^k.
        let places = 16 - binary.trailingZeroBitCount
        var fraction = binary >> binary.trailingZeroBitCount
        for _ in 0..<places { fraction &*= 5 }
        let fractionDigits = Self.decimalDigits(fraction)
        let significant = whole > 0 ? Self.decimalDigits(UInt64(whole)) + places : fractionDigits
        guard significant <= 15 else { return false }
        if value < 0 { append(UInt8(ascii: "-")) }
        appendInteger(whole)
        append(UInt8(ascii: "."))
        reserve(places)
        (base + count).update(repeating: UInt8(ascii: "0"), count: places - fractionDigits)
        count += places - fractionDigits
        appendInteger(Int(fraction))
        return true
    }

    private static func decimalDigits(_ value: UInt64) -> Int {
        var digits = 1
        var power: UInt64 = 10
        while digits < 20, value >= power {
            digits += 1
            power &*= 10
        }
        return digits
    }

    /// `value` as ``formatDecimal(_:)`` writes it: rounded to two decimals at most.
    public mutating func appendDecimal(_ value: Double) {
        let scaled = value * 100
        // Below 10^12 a double holds hundredths exactly enough that its shortest form is the two-decimal one.
        guard scaled.isFinite, abs(scaled) < 1e14 else { return append(formatDecimal(value)) }
        // `scaled.rounded()` (half away from zero) without a call to libm: below 2^52 the part after the point
        // is exact.
        var whole = Int(scaled)
        let rest = scaled - Double(whole)
        if rest >= 0.5 { whole += 1 } else if rest <= -0.5 { whole -= 1 }
        guard whole.magnitude < 100_000_000_000_000 else { return append(formatDecimal(value)) }
        let (units, fraction) = whole.magnitude.quotientAndRemainder(dividingBy: 100)
        if fraction == 0 { return appendInteger(whole / 100) }
        if whole < 0 { append(UInt8(ascii: "-")) }
        appendInteger(Int(units))
        append(UInt8(ascii: "."))
        append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }
}

/// What `Double` writes into a stream, its description, kept in place: no `String` is made for it.
private struct DoubleDigits: TextOutputStream {
    /// Room for the longest description, `-2.2250738585072014e-308`.
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 { put(byte) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer { put(byte) }
    }

    private mutating func put(_ byte: UInt8) {
        precondition(count < MemoryLayout.size(ofValue: storage), "a double's description fits in 32 bytes")
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
    }

    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeBytes(of: storage) {
            body(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}

import Dispatch

/// PNG's per-row filters, applied in place to scanlines that each start with a 0 filter byte.
enum PNGRowFilter {
    /// Filters every row of `lines` (rows of `lineBytes`: the type byte, then the row). The first row never
    /// refers to a row above it, so rows filtered apart (bands made on other cores) join into one valid image:
    /// there `up` becomes `none`, `average` and `paeth` become `sub` (which is what paeth is against a zero row),
    /// and `adaptive` chooses between `none` and `sub`.
    static func apply(_ filter: PNGEncoder.Filter, to lines: inout [UInt8], lineBytes: Int, bytesPerPixel bpp: Int) {
        guard filter != .none, lineBytes > 1 else { return }
        let rows = lines.count / lineBytes
        let rowBytes = lineBytes - 1
        var scratch = [UInt8](repeating: 0, count: rowBytes * 2)
        lines.withUnsafeMutableBufferPointer { all in
            scratch.withUnsafeMutableBufferPointer { scratch in
                let base = all.baseAddress!
                let candidate = scratch.baseAddress!, best = scratch.baseAddress! + rowBytes
                // Bottom up, so the row above is still unfiltered when a row is filtered.
                for row in stride(from: rows - 1, through: 0, by: -1) {
                    let line = base + row * lineBytes
                    let current = UnsafePointer(line + 1)
                    let above: UnsafePointer<UInt8>? = row > 0 ? UnsafePointer(line + 1 - lineBytes) : nil
                    let types: [UInt8] = switch filter {
                    case .adaptive: above == nil ? [0, 1] : [0, 1, 2, 3, 4]
                    case .up: above == nil ? [0] : [2]
                    case .average, .paeth: above == nil ? [1] : [filter.typeByte]
                    default: [filter.typeByte]
                    }
                    if types == [0] { continue }
                    var bestType: UInt8 = 0
                    var bestSum = Int.max
                    for type in types {
                        filterRow(type, current: current, above: above, count: rowBytes, bpp: bpp, into: candidate)
                        if types.count == 1 {
                            bestType = type
                            (line + 1).update(from: candidate, count: rowBytes)
                            break
                        }
                        let sum = signedSum(candidate, count: rowBytes, limit: bestSum)
                        if sum < bestSum {
                            bestSum = sum
                            bestType = type
                            best.update(from: candidate, count: rowBytes)
                        }
                    }
                    if types.count > 1 { (line + 1).update(from: best, count: rowBytes) }
                    line.pointee = bestType
                }
            }
        }
    }

    /// Undoes filter `type` on `row` in place, `above` being the row above already unfiltered (nil for the first
    /// row, which reads as zeros); false for a type PNG does not have.
    static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>?, count n: Int,
                         bpp: Int) -> Bool {
        switch type {
        case 0:
            break
        case 1:
            if n > bpp { for i in bpp..<n { row[i] &+= row[i - bpp] } }
        case 2:
            guard let above else { break }
            for i in 0..<n { row[i] &+= above[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                let up = above.map { Int($0[i]) } ?? 0
                row[i] &+= UInt8((left + up) >> 1)
            }
        case 4:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = above.map { Int($0[i]) } ?? 0
                let c = i >= bpp ? (above.map { Int($0[i - bpp]) } ?? 0) : 0
                row[i] &+= UInt8(paethPredictor(a, b, c))
            }
        default:
            return false
        }
        return true
    }

    /// PNG's Paeth predictor: of left, above and upper left, the one nearest to left + above − upper left.
    @inline(__always)
    static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
    }

    /// libpng's measure of a filtered row: the sum of the bytes read as signed values, made absolute.
    private static func signedSum(_ row: UnsafePointer<UInt8>, count: Int, limit: Int) -> Int {
        var sum = 0
        for i in 0..<count {
            let v = Int(Int8(bitPattern: row[i]))
            sum += v < 0 ? -v : v
            if sum >= limit { return sum }
        }
        return sum
    }

    /// One row filtered by `type`; `above` nil reads as a row of zeros.
    private static func filterRow(_ type: UInt8, current cur: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?,
                                  count n: Int,
                                  bpp: Int, into o: UnsafeMutablePointer<UInt8>) {
        switch type {
        case 0:
            o.update(from: cur, count: n)
        case 1:
            for i in 0..<min(bpp, n) { o[i] = cur[i] }
            if n > bpp { for i in bpp..<n { o[i] = cur[i] &- cur[i - bpp] } }
        case 2:
            guard let prev = above else { o.update(from: cur, count: n); return }
            for i in 0..<n { o[i] = cur[i] &- prev[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(cur[i - bpp]) : 0
                let up = above.map { Int($0[i]) } ?? 0
                o[i] = cur[i] &- UInt8((left + up) >> 1)
            }
        default:
            for i in 0..<n {
                let a = i >= bpp ? Int(cur[i - bpp]) : 0
                let b = above.map { Int($0[i]) } ?? 0
                let c = i >= bpp ? (above.map { Int($0[i - bpp]) } ?? 0) : 0
                o[i] = cur[i] &- UInt8(paethPredictor(a, b, c))
            }
        }
    }
}

extension PNGEncoder.Filter {
    var typeByte: UInt8 {
        switch self {
        case .none: return 0
        case .sub: return 1
        case .up: return 2
        case .average: return 3
        case .paeth: return 4
        case .adaptive: return 0
        }
    }
}

/// How far a transition has got at each moment: UIKit's default ease-in-out curve, the cubic Bézier through
/// (0, 0), (0.42, 0), (0.58, 1), (1, 1) that `UIView.animate` and batch updates use.
public enum EaseInOut {
    /// The progress, 0…1, at `time`, 0…1; exactly 0 and 1 at the ends.
    public static func progress(_ time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        // x(s) rises from 0 to 1: bisect for the s whose x is `time`, then take y there.
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(middle, 0.42, 0.58) < time { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, 0, 1)
    }
}

import Testing
import TagFlowLayout
@testable import TagFlowRender

/// The transition's timing: UIKit's ease-in-out, and the frame count.
struct TransitionCurveTests {
    @Test func easeInOutStartsAndEndsExactlyAndIsSymmetric() {
        #expect(EaseInOut.progress(0) == 0)
        #expect(EaseInOut.progress(1) == 1)
        #expect(abs(EaseInOut.progress(0.5) - 0.5) < 1e-12)
        for step in 1..<20 {
            let time = Double(step) / 20
            #expect(abs(EaseInOut.progress(time) + EaseInOut.progress(1 - time) - 1) < 1e-9)
            #expect(EaseInOut.progress(time) > EaseInOut.progress(time - 0.05))
        }
        // Slow at the ends, as cubic-bezier(0.42, 0, 0.58, 1) is: a tenth of the time covers under a tenth of the way.
        #expect(EaseInOut.progress(0.1) < 0.03)
    }

    @Test func frameCountIncludesBothEndsAndIsAtLeastTwo() {
        #expect(LayoutTransition.frameCount(duration: 0.4, fps: 30) == 13)
        #expect(LayoutTransition.frameCount(duration: 0.3, fps: 10) == 4)
        #expect(LayoutTransition.frameCount(duration: 0.01, fps: 10) == 2)
    }
}

/// Which elements a transition pairs, and how.
struct TransitionTrackTests {
    /// A renamed tag is one track from its old frame to its new, cross-faded and tinted as what came; it does not
    /// fade out in one place while its successor fades in.
    @Test func aRenamedTagTurnsIntoItsNewSelfInPlace() throws {
        let old = try RenderFixtures.scene(TagDocument(sections: [TagSection(title: "运动", tags: ["篮球", "足球", "排球"].map { Tag($0) })]))
        let new = try RenderFixtures.scene(TagDocument(sections: [TagSection(title: "运动", tags: ["篮球", "足球运动", "排球"].map { Tag($0) })]))
        let diff = LayoutDiff(old: LayoutSnapshot(old.layout), new: LayoutSnapshot(new.layout))
        #expect(diff.renamed.count == 1)
        let transition = LayoutTransition(old: old, new: new, diff: diff, offsets: (0, 0), frameCount: 5)
        let renamed = transition.tracks.filter { $0.old?.id == .item(0, 1) || $0.new?.id == .item(0, 1) }
        #expect(renamed.count == 1)
        #expect(renamed.first?.old?.id == .item(0, 1) && renamed.first?.new?.id == .item(0, 1))
        #expect(renamed.first?.change == .renamed && renamed.first?.looksAlike == false)
    }
}

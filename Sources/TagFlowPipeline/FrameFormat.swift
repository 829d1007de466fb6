/// How the frames written to a folder are drawn: `scroll --frame-format`, and a diff's transition's.
package enum FrameFormat: String, CaseIterable { case png, svg }

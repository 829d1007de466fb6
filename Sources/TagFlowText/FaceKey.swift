/// Identifies a face across fallback chains, so each (file, index) is loaded once.
struct FaceKey: Hashable {
    let path: String
    let index: Int
}

/// What makes a finding the same one in every variant: its kind, section and tag.
struct FindingKey: Hashable {
    var kind: FitFinding.Kind
    var section: Int
    var item: Int?
}

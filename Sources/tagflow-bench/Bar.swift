/// A target a result has to meet, shown in the table's last column.
struct Bar {
    let target: String
    let isMet: Bool
}

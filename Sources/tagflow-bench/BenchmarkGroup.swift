/// A named set of benchmarks, selected on the command line by its name (`tagflow-bench layout`).
struct BenchmarkGroup: Sendable {
    let name: String
    let summary: String
    let run: @Sendable (inout Report) throws -> Void
}

/// The abstracts of `paths`, `explore` and `verify`, the same whether the tool has input samples or not.
enum SampledAbstracts {
    static func paths(machine: String) -> String {
        "Write event scripts that together fire every row of the \(machine) table."
    }

    static func explore(machine: String) -> String {
        "Drive the \(machine) machine with random inputs and check its invariants after every move."
    }

    static func verify(machine: String) -> String {
        "Visit every state of the \(machine) machine the input samples reach, breadth first, and check its invariants in each."
    }
}

import MachineCore
import MachineRuntime

/// The providers `--provider` can name: `script`, where the script's `respond` and `fail` lines
/// answer, and the tool's own, each made when named.
struct Providers<M: MachineDefinition>: Sendable {
    /// The tool's providers by name.
    let factories: [String: @Sendable () throws -> Answerer<M>]

    /// The name of the script's own answers, the default.
    static var script: String { "script" }

    /// Every name, the script's first.
    var names: [String] { [Self.script] + factories.keys.sorted() }

    /// The `--provider` option.
    var option: Option {
        let choices = ["\(Self.script) (default: the script's respond and fail lines)"] + factories.keys.sorted()
        return .value("provider", "provider", help: "Who answers requests: \(HelpText.alternatives(choices)).")
    }

    /// The answerer of the provider `name` (the script's, `nil`, when not named).
    func answerer(named name: String?) throws -> Answerer<M>? {
        guard let name, name != Self.script else { return nil }
        guard let factory = factories[name] else {
            throw UsageError("--provider takes \(HelpText.alternatives(names)), not '\(name)'")
        }
        return try factory()
    }
}

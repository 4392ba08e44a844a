import MachineCore
import MachineRuntime

/// The providers `--provider` can name: `script`, where the script's `respond` and `fail` lines
/// answer, and the tool's own, each made when named.
struct Providers<M: MachineDefinition>: Sendable {
    /// The tool's providers by name.
    let factories: [String: @Sendable () throws -> Provider<M>]

    /// The name of the script's own answers, the default.
    static var script: String { "script" }

    /// Every name, the script's first.
    var names: [String] { [Self.script] + factories.keys.sorted() }

    /// The `--provider` option.
    var option: Option<String?> {
        let choices = ["\(Self.script) (default: the script's respond and fail lines)"] + factories.keys.sorted()
        return Option(
            "provider", "provider", .choices(names), help: "Who answers requests: \(HelpText.alternatives(choices)).")
    }

    /// The hint for a script `file` whose expectations failed while the script answered
    /// requests (the default): when it made requests and answered none, and the tool has
    /// providers, it was likely written for one of them.
    func hint(file: String, requests: [RequestRecord<M>]) -> String? {
        guard !factories.isEmpty, !requests.isEmpty, !requests.contains(where: \.isAnswered) else { return nil }
        let choices = HelpText.alternatives(factories.keys.sorted().map { "--provider \($0)" })
        let count = "\(requests.count) request\(requests.count == 1 ? "" : "s")"
        return "hint: \(file) made \(count) and answered none itself; was it written for a provider? Replay it with \(choices)."
    }

    /// The provider of the provider `name`, one of ``names`` (the script's, `nil`, when not named).
    func provider(named name: String?) throws -> Provider<M>? {
        guard let name, let factory = factories[name] else { return nil }
        return try factory()
    }
}

import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime

/// What `paths` and `explore` try, given to ``MachineCommandLine``'s `exploration:`: the
/// machine's input samples (host events and answers), and the contexts they may start from.
///
/// It can be made only when the machine's context is `Hashable`: the search for covering paths
/// tells states apart by it. A tool without one still lists `paths` and `explore`, which then
/// explain what they need.
public struct Exploration<M: MachineDefinition>: Sendable {
    /// Makes `paths` and `explore` for the tool.
    let sampled: any SampledSubcommands<M>

    /// `samples` to try, from the initial contexts `initialContexts`, by name (`--initial NAME`,
    /// the first by default; without any, the vocabulary's initial context, named `default`).
    /// Names must differ.
    public init<S: InputSamples>(samples: S, initialContexts: KeyValuePairs<String, M.Context> = [:])
    where S.Machine == M, M.Context: Hashable {
        sampled = Sampled(samples: samples, initialContexts: initialContexts.map { ($0.key, $0.value) })
    }
}

/// `paths` and `explore` for any vocabulary of the machine.
protocol SampledSubcommands<Machine>: Sendable {
    associatedtype Machine: MachineDefinition

    /// `paths` and `explore` of the tool `tool`, `explore` checking the standard invariants and
    /// `invariants` (one named like a standard one is checked once).
    func subcommands<V: ScriptVocabulary>(tool: String, vocabulary: V, invariants: [Invariant<Machine>]) -> [Subcommand]
    where V.Machine == Machine

    /// What `mutate --suggest` searches with: the samples, from the first initial context.
    func suggester<V: ScriptVocabulary>(tool: String, vocabulary: V) -> MutantSuggester<V> where V.Machine == Machine
}

/// The samples and initial contexts of an ``Exploration``.
private struct Sampled<S: InputSamples>: SampledSubcommands where S.Machine.Context: Hashable {
    let samples: S
    let initialContexts: [(String, S.Machine.Context)]

    func subcommands<V: ScriptVocabulary>(tool: String, vocabulary: V, invariants: [Invariant<S.Machine>]) -> [Subcommand]
    where V.Machine == S.Machine {
        let starts = InitialContexts(vocabulary: vocabulary, named: initialContexts)
        let standard = Invariant<S.Machine>.standard
        let checked = standard + invariants.filter { invariant in !standard.contains { $0.name == invariant.name } }
        return [
            PathsCommand(tool: tool, vocabulary: vocabulary, samples: samples, initialContexts: starts).subcommand,
            ExploreCommand(tool: tool, vocabulary: vocabulary, samples: samples, invariants: checked, initialContexts: starts)
                .subcommand,
        ]
    }

    func suggester<V: ScriptVocabulary>(tool: String, vocabulary: V) -> MutantSuggester<V> where V.Machine == S.Machine {
        let initial = InitialContexts(vocabulary: vocabulary, named: initialContexts).start(named: nil)
        let samples = samples
        return MutantSuggester { mutant in
            KillingScripts.suggest(
                for: mutant, vocabulary: vocabulary, samples: samples, from: initial, maximumDepth: MutantSuggester<V>.depth,
                generatedBy: "\(tool) mutate --suggest")
        }
    }
}

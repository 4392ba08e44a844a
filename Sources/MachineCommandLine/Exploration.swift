import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime

/// What `paths`, `explore` and `verify` try, given to ``MachineCommandLine``'s `exploration:`: the
/// machine's input samples (host events and answers), and the contexts they may start from.
///
/// It can be made only when the machine's context is `Hashable`: the search for covering paths
/// tells states apart by it. A tool without one still lists `paths`, `explore` and `verify`, which
/// then explain what they need.
public struct Exploration<M: MachineDefinition>: Sendable {
    /// Makes `paths`, `explore` and `verify` for the tool.
    @usableFromInline let sampled: any SampledSubcommands<M>

    /// `samples` to try, from the initial contexts `initialContexts`, by name (`--initial NAME`,
    /// the first by default; without any, the vocabulary's initial context, named `default`).
    /// Names must differ.
    ///
    /// `verify` visits each distinct state once; `ignoring` leaves fields of the context out of
    /// what makes a state distinct, by setting them to one value: `ignoring: { $0.attempts = 0 }`
    /// makes states that differ only in `attempts` one state. A field that grows without end (a
    /// counter, a log) keeps the search from ever ending, and `verify` names it; leaving it out
    /// bounds the search, at a price: an invariant about it is checked only in the states visited.
    @inlinable
    public init<S: InputSamples>(
        samples: S, initialContexts: KeyValuePairs<String, M.Context> = [:],
        ignoring: (@Sendable (inout M.Context) -> Void)? = nil
    )
    where S.Machine == M, M.Context: Hashable {
        // The search and the standard invariants are made here, in the tool's own module when
        // this initialiser is inlined there, so that `explore` and `verify` run code compiled for
        // the machine.
        sampled = Sampled(
            samples: samples, initialContexts: initialContexts.map { ($0.key, $0.value) }, standard: Invariant.standard,
            ignoring: ignoring, verify: { verifier, progress in verifier.verify(progress: progress) })
    }
}

/// `paths`, `explore` and `verify` for any vocabulary of the machine.
@usableFromInline
protocol SampledSubcommands<Machine>: Sendable {
    associatedtype Machine: MachineDefinition

    /// `paths` and `explore` of the tool `tool`, `explore` checking the standard invariants and
    /// `invariants` (one named like a standard one is checked once).
    func subcommands<V: ScriptVocabulary>(tool: String, vocabulary: V, invariants: [Invariant<Machine>]) -> [Subcommand]
    where V.Machine == Machine

    /// What `mutate --suggest` searches with: the samples, from the first initial context.
    func suggester<V: ScriptVocabulary>(tool: String, vocabulary: V) -> MutantSuggester<V> where V.Machine == Machine
}

/// The samples and initial contexts of an ``Exploration``, and its search compiled for the machine.
@usableFromInline
struct Sampled<S: InputSamples>: SampledSubcommands where S.Machine.Context: Hashable {
    let samples: S
    let initialContexts: [(String, S.Machine.Context)]
    /// `Invariant.standard`, compiled for the machine.
    let standard: [Invariant<S.Machine>]
    /// What `verify` leaves out of a state's identity.
    let ignoring: (@Sendable (inout S.Machine.Context) -> Void)?
    let verify: Search

    /// Runs a verifier, reporting progress (`verify`'s progress line).
    @usableFromInline
    typealias Search = @Sendable (Verifier<S>, (_ depth: Int, _ states: Int) -> Void) -> VerificationReport<S.Machine>

    @usableFromInline
    init(
        samples: S, initialContexts: [(String, S.Machine.Context)], standard: [Invariant<S.Machine>],
        ignoring: (@Sendable (inout S.Machine.Context) -> Void)?, verify: @escaping Search
    ) {
        self.samples = samples
        self.initialContexts = initialContexts
        self.standard = standard
        self.ignoring = ignoring
        self.verify = verify
    }

    @usableFromInline
    func subcommands<V: ScriptVocabulary>(tool: String, vocabulary: V, invariants: [Invariant<S.Machine>]) -> [Subcommand]
    where V.Machine == S.Machine {
        let starts = InitialContexts(vocabulary: vocabulary, named: initialContexts)
        let checked = standard + invariants.filter { invariant in !standard.contains { $0.name == invariant.name } }
        return [
            PathsCommand(tool: tool, vocabulary: vocabulary, samples: samples, initialContexts: starts).subcommand,
            ExploreCommand(tool: tool, vocabulary: vocabulary, samples: samples, invariants: checked, initialContexts: starts)
                .subcommand,
            VerifyCommand(
                tool: tool, vocabulary: vocabulary, samples: samples, invariants: checked, initialContexts: starts,
                ignoring: ignoring, search: verify
            ).subcommand,
        ]
    }

    @usableFromInline
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

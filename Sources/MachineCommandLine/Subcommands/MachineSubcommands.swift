import EventScripts
import MachineCore
import MachineDiagrams
import MachineRuntime

/// The machine's subcommands that need no input samples.
struct MachineSubcommands<V: ScriptVocabulary>: Sendable {
    let tool: String
    let vocabulary: V
    /// Checks and replays the machine's scripts, compiled for it.
    let runner: ScriptRunner<V>
    let providers: Providers<V.Machine>
    /// How `replay` saves and restores states, when the machine's are Codable.
    let savedStates: SavedStateFiles<V.Machine>?
    /// The tool's invariants, which a restored state must hold.
    let invariants: [Invariant<V.Machine>]
    /// What `mutate --suggest` searches with, when the tool has input samples.
    let suggester: MutantSuggester<V>?
    /// The diagrams the tool writes itself rather than draws from the table (see
    /// ``DiagramCommand/texts``).
    let diagramTexts: [DiagramFormat: @Sendable () -> String]

    init(
        tool: String, vocabulary: V, runner: ScriptRunner<V>, providers: [String: @Sendable () throws -> Provider<V.Machine>],
        savedStates: SavedStateFiles<V.Machine>?, invariants: [Invariant<V.Machine>], suggester: MutantSuggester<V>?,
        diagramTexts: [DiagramFormat: @Sendable () -> String] = [:]
    ) {
        precondition(providers[Providers<V.Machine>.script] == nil, "the provider name 'script' is the script's own answers")
        self.tool = tool
        self.vocabulary = vocabulary
        self.runner = runner
        self.providers = Providers(factories: providers)
        self.savedStates = savedStates
        self.invariants = invariants
        self.suggester = suggester
        self.diagramTexts = diagramTexts
    }

    /// `replay`, `diagram`, `check`, `coverage` and `mutate`.
    var scripted: [Subcommand] {
        [
            ReplayCommand(
                tool: tool, vocabulary: vocabulary, runner: runner, providers: providers,
                recordVariable: MachineCommandLine.recordVariable(forTool: tool), savedStates: savedStates,
                invariants: invariants
            ).subcommand,
            DiagramCommand(tool: tool, vocabulary: vocabulary, texts: diagramTexts).subcommand,
            CheckCommand(tool: tool, vocabulary: vocabulary).subcommand,
            CoverageCommand(vocabulary: vocabulary, runner: runner, providers: providers).subcommand,
            MutateCommand(vocabulary: vocabulary, runner: runner, providers: providers, suggester: suggester).subcommand,
        ]
    }
}

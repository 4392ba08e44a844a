import EventScripts
import MachineAnalysis

/// `mutate --suggest`: for a surviving mutant, a script that kills it. Made where the machine's
/// input samples are known (an ``Exploration``); a tool without them has none.
@usableFromInline
struct MutantSuggester<V: ScriptVocabulary>: Sendable {
    /// The longest input sequence the search tries.
    static var depth: Int { 8 }

    /// The suggestion for one mutant.
    let suggest: @Sendable (Mutant<V.Machine>) -> KillingScripts.Suggestion
}

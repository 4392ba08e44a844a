/// How the step treats an event kind: the timer whose firing it is and the request kind it
/// answers (raw values, or -1), whether it takes the routed path, and which regions have rows
/// for it. The step reads it once, first: five bytes (a machine has at most 15 timers and 15
/// request kinds, and at most 8 regions).
@usableFromInline
struct EventRoute: Sendable, BitwiseCopyable {
    @usableFromInline let timer: Int8
    @usableFromInline let answers: Int8
    /// Whether its step needs more than the table's rows: the table has final states, or the
    /// event is a timer's firing or a provider's answer. The others take the short path of
    /// ``TransitionTable/step(_:_:into:)``.
    @usableFromInline let needsRouting: Bool
    /// The regions that have a row for it in some state: bit `r` for region `r` (a table has at
    /// most 8). Choosing rows visits only these: any other would be looked up only to find
    /// nothing.
    @usableFromInline let reactingRegions: UInt8
    /// Whether its step only fires each region's row as it is chosen: it needs no routing, and
    /// the table's regions after the first have no guards (see
    /// ``TransitionTable/_firesAsChosen``). The step inlines this path and calls the others.
    @usableFromInline let firesAsChosen: Bool

    init(timer: Int?, answers: Int?, hasFinalStates: Bool, reactingRegions: UInt8, tableFiresAsChosen: Bool) {
        self.timer = Int8(timer ?? -1)
        self.answers = Int8(answers ?? -1)
        self.needsRouting = hasFinalStates || timer != nil || answers != nil
        self.reactingRegions = reactingRegions
        self.firesAsChosen = !needsRouting && tableFiresAsChosen
    }
}

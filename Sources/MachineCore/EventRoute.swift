/// How the step treats an event kind: the timer whose firing it is and the request kind it
/// answers (raw values, or -1), whether it takes the routed path, and which regions have rows
/// for it. The step reads it once, first: five bytes (a machine has at most 15 timers and 15
/// request kinds, and at most 8 regions).
@usableFromInline
struct EventRoute: Sendable, BitwiseCopyable {
    @usableFromInline let timer: Int8
    @usableFromInline let answers: Int8
    /// Bit 0: whether its step needs more than the table's rows (``needsRouting``); bit 1: its
    /// rows all fire plainly (``firesPlainly``); bit 2: they may fire as they are chosen
    /// (``mayFireAsChosen``). One byte, so that the route stays five bytes: the step finds it
    /// with one scaled addition.
    @usableFromInline let flags: UInt8
    /// The regions that have a row for it in some state: bit `r` for region `r` (a table has at
    /// most 8). Choosing rows visits only these: any other would be looked up only to find
    /// nothing.
    @usableFromInline let reactingRegions: UInt8
    /// Whether its step only fires each region's row as it is chosen, the path the step inlines
    /// (it calls the others): 2 for every result, 1 for a result that records no state changes,
    /// 0 for none. Rows fire as they are chosen when the event needs no routing and the table's
    /// regions after the first have no guards (see ``TransitionTable/_firesAsChosen``), and
    /// their order cannot tell (``mayFireAsChosen``); in a table with hierarchy or state
    /// actions, only for a result that records no state changes. A level rather than two flags,
    /// so that the step tests it with one comparison.
    @usableFromInline let firesAsChosen: UInt8

    init(
        timer: Int?, answers: Int?, hasFinalStates: Bool, reactingRegions: UInt8, tableFiresAsChosen: Bool, isFlat: Bool,
        firesPlainly: Bool
    ) {
        self.timer = Int8(timer ?? -1)
        self.answers = Int8(answers ?? -1)
        let needsRouting = hasFinalStates || timer != nil || answers != nil
        // Rows fired as they are chosen run one region's exits, action and entries before the
        // next region's: only plain rows, or one region, keep SCXML's order that way.
        let mayFireAsChosen = firesPlainly || reactingRegions & (reactingRegions &- 1) == 0
        self.flags = (needsRouting ? 1 : 0) | (firesPlainly ? 2 : 0) | (mayFireAsChosen ? 4 : 0)
        self.reactingRegions = reactingRegions
        self.firesAsChosen = needsRouting || !tableFiresAsChosen || !mayFireAsChosen ? 0 : isFlat ? 2 : 1
    }

    /// Whether its step needs more than the table's rows: the table has final states, or the
    /// event is a timer's firing or a provider's answer. The others take the short path of
    /// ``TransitionTable/step(_:_:into:)``.
    @inlinable
    var needsRouting: Bool { flags & 1 != 0 }

    /// Whether every candidate row for it fires plainly (see ``CandidateStep/isPlain``): rows of
    /// several regions then fire one after the other, each moving its region and running its
    /// action; otherwise SCXML's order takes every row's exits, then every action, then every
    /// row's entries.
    @inlinable
    var firesPlainly: Bool { flags & 2 != 0 }

    /// Whether its rows may fire as they are chosen in SCXML's order: they fire plainly, or only
    /// one region has rows for it.
    @inlinable
    var mayFireAsChosen: Bool { flags & 4 != 0 }

    /// Whether a step of this event takes the inlined path of rows fired as they are chosen,
    /// into a result that records state changes when `recordsStateChanges` is true.
    @inlinable @inline(__always)
    func firesAsChosen(recordsStateChanges: Bool) -> Bool {
        // The Bool's byte (0 or 1) as is: a conditional here becomes a second branch.
        firesAsChosen > unsafeBitCast(recordsStateChanges, to: UInt8.self)
    }
}

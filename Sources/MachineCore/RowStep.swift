/// What the step needs to know about a row, packed in one small plain value so that choosing and
/// firing a row reads one array element; the guard and action closures are read only when the
/// row has them.
@usableFromInline
struct RowStep: Sendable, BitwiseCopyable {
    /// The region's index.
    @usableFromInline let region: Int32
    /// The target state, or -1 to stay.
    @usableFromInline let target: Int32
    @usableFromInline let hasGuard: Bool
    @usableFromInline let hasAction: Bool

    init(region: Int, target: Int?, hasGuard: Bool, hasAction: Bool) {
        self.region = Int32(region)
        self.target = Int32(target ?? -1)
        self.hasGuard = hasGuard
        self.hasAction = hasAction
    }
}

/// How an event kind touches the work ledger: the timer whose firing it is and the request kind
/// it answers (raw values, or -1).
@usableFromInline
struct EventRoute: Sendable, BitwiseCopyable {
    @usableFromInline let timer: Int32
    @usableFromInline let answers: Int32

    init(timer: Int?, answers: Int?) {
        self.timer = Int32(timer ?? -1)
        self.answers = Int32(answers ?? -1)
    }
}

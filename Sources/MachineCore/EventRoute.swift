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

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
    /// Whether the target is a final state of the region: the step then cancels the work still
    /// running once the rows have run.
    @usableFromInline let entersFinal: Bool

    init(region: Int, target: Int?, hasGuard: Bool, hasAction: Bool, entersFinal: Bool) {
        self.region = Int32(region)
        self.target = Int32(target ?? -1)
        self.hasGuard = hasGuard
        self.hasAction = hasAction
        self.entersFinal = entersFinal
    }
}

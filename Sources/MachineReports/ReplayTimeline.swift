import EventScripts
import MachineCore

/// What an HTML report of one replay shows, collected from its transcript entry by entry (the
/// same entries the text and JSON transcripts are written from): the script's header, one
/// moment per step or quiet `advance`, with the control state of every region after it, the
/// expectations that held or failed after it, and the outcome.
///
/// It keeps at most ``stepLimit`` moments; past that it keeps counting but stores nothing, and
/// ``isOverLimit`` tells the caller to refuse the report.
public struct ReplayTimeline: TranscriptSink, Sendable {
    /// The most moments a report holds: larger reports would be too big to open comfortably (a
    /// 10,000-step report is a few megabytes).
    public static let stepLimit = 20_000

    /// One step, or one `advance` that made nothing fall due.
    public struct Moment: Sendable {
        /// The step as the transcript renders it; `nil` for a quiet `advance`.
        public let step: TranscriptStep?
        /// The virtual time.
        public let time: Duration
        /// What came in, as a statement.
        public let input: String
        /// The control state of every region after it, by region index.
        public let states: [Int]
        /// The indexes of the rows that fired, in order.
        public let firedRows: [Int]
        /// The expectations checked after it that held: their line and statement.
        public internal(set) var held: [(line: Int, statement: String)] = []
        /// The indexes (in ``ReplayTimeline/failures``) of the expectations checked after it that failed.
        public internal(set) var failures: [Int] = []
    }

    /// The table the rows and states are indexes into.
    public let listing: TableListing
    /// The most moments kept.
    public let limit: Int
    /// The script's file, as the transcript names it.
    public private(set) var file = ""
    /// The machine's name.
    public private(set) var machine = ""
    /// The `given` lines, as field and value text.
    public private(set) var givens: [(field: String, value: String)] = []
    /// The control state of every region before the first step.
    public let initialStates: [Int]
    /// The moments, in order.
    public private(set) var moments: [Moment] = []
    /// The failed expectations, in order.
    public private(set) var failures: [ExpectationFailure] = []
    /// Expectations that failed or held before any step, by index into ``failures`` and as statements.
    public private(set) var failuresBeforeAnyStep: [Int] = []
    /// Expectations that held before any step.
    public private(set) var heldBeforeAnyStep: [(line: Int, statement: String)] = []
    /// How the script ended, once it has.
    public private(set) var outcome: Outcome?
    /// How many moments the replay made, kept or not.
    public private(set) var momentCount = 0

    private var current: [Int]
    private let rowIndex: [String: Int]
    private let regionIndex: [String: Int]

    /// An empty timeline of a replay of `listing`'s machine that starts with its regions in
    /// `initialStates` (a program's `initialState.controls`, read region by region).
    public init(listing: TableListing, initialStates: [Int], limit: Int = ReplayTimeline.stepLimit) {
        self.listing = listing
        self.initialStates = initialStates
        self.limit = limit
        current = initialStates
        var rows: [String: Int] = [:]
        for (index, row) in listing.rows.enumerated() { rows[row.id] = index }
        rowIndex = rows
        var regions: [String: Int] = [:]
        for (index, region) in listing.regions.enumerated() { regions[region.name] = index }
        regionIndex = regions
    }

    /// Whether the replay made more moments than ``limit``: the report would be incomplete.
    public var isOverLimit: Bool { momentCount > limit }

    /// Receives held expectations too, to show them.
    public var wantsHeldExpectations: Bool { true }

    /// Collects `entry`.
    public mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header(let file, let machine, let givens):
            self.file = file
            self.machine = machine
            self.givens = givens.map { ($0.field, $0.value.description) }
        case .step(let step):
            for change in step.stateChanges {
                guard let region = regionIndex[change.name],
                    let state = listing.regions[region].states.firstIndex(of: change.new)
                else { continue }
                current[region] = state
            }
            append(
                Moment(
                    step: step, time: step.time, input: step.input, states: current,
                    firedRows: step.fired.compactMap { rowIndex[$0] }))
        case .quiet(let time, let input):
            append(Moment(step: nil, time: time, input: input, states: current, firedRows: []))
        case .failure(let failure):
            failures.append(failure)
            if moments.isEmpty {
                failuresBeforeAnyStep.append(failures.count - 1)
            } else if !isOverLimit {
                moments[moments.count - 1].failures.append(failures.count - 1)
            }
        case .held(let location, let statement):
            if moments.isEmpty {
                heldBeforeAnyStep.append((location.line, statement))
            } else if !isOverLimit {
                moments[moments.count - 1].held.append((location.line, statement))
            }
        case .end(let outcome):
            self.outcome = outcome
        }
    }

    private mutating func append(_ moment: Moment) {
        momentCount += 1
        if momentCount <= limit { moments.append(moment) }
    }
}

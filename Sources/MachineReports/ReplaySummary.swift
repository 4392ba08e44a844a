import EventScripts
import MachineCore

/// What the top of a replay's page says, collected from a first replay of the script (a
/// transcript sink the player writes to): its header, its outcome, how many steps it made, and
/// its failed expectations. ``ReplayPage`` writes the page from it as a second replay of the same
/// script goes, step by step, so that no replay's steps are ever held in memory.
///
/// It keeps no step: a count, the numbers of the steps an expectation failed after, and the
/// first ``failureLimit`` failures, their values shortened as the page shows them. Its memory
/// does not grow with the script.
package struct ReplaySummary: TranscriptSink, Sendable {
    /// The most steps a page shows: a longer replay is refused (see ``isOverLimit``), for its
    /// page would be too long to read or to open comfortably (a page is a few hundred bytes a
    /// step, at most a few kilobytes).
    package static let stepLimit = 20_000
    /// The most failed expectations listed at the top of a page; the timeline marks them all.
    package static let failureLimit = 100
    /// The most characters of a value (an input, a field's value, a command, an expectation) a
    /// page shows; a longer one is shortened, with a marker that says how long it was.
    package static let valueLimit = 400

    /// The table the page draws.
    package let listing: TableListing
    /// The control state of every region before the first step, by region index.
    package let initialStates: [Int]
    /// The script's file, as the transcript names it.
    package private(set) var file = ""
    /// The machine's name.
    package private(set) var machine = ""
    /// The `given` lines, as field and value text.
    package private(set) var givens: [(field: String, value: String)] = []
    /// How the script ended, once it has.
    package private(set) var outcome: Outcome?
    /// How many steps the replay made (each input makes one, or more when timers fall due or
    /// the machine takes microsteps after it).
    package private(set) var stepCount = 0
    /// How many of the steps were microsteps: eventless rows, raised and done events.
    package private(set) var microstepCount = 0
    /// How many expectations failed.
    package private(set) var failureCount = 0

    /// The first ``failureLimit`` failures, as the top of the page lists them.
    private(set) var failures: [Failure] = []
    /// The steps an expectation failed after, in order, up to ``stepLimit``.
    private(set) var stepsWithFailures: [Int] = []

    /// A failed expectation as the page lists it.
    struct Failure: Sendable {
        let location: ScriptLocation
        /// The step it was checked after, or `nil` before any step.
        let step: Int?
        /// Its description, as HTML: what was expected and what was found, shortened.
        let html: String
    }

    /// An empty summary of a replay of `listing`'s machine that starts with its regions in
    /// `initialStates` (a program's or checked script's `initialState.controls`, region by region).
    package init(listing: TableListing, initialStates: [Int]) {
        self.listing = listing
        self.initialStates = initialStates
    }

    /// Whether the replay made more steps than ``stepLimit``: its page is refused.
    package var isOverLimit: Bool { stepCount > Self.stepLimit }

    /// Collects `entry`.
    package mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header(let file, let machine, let givens):
            self.file = file
            self.machine = machine
            self.givens = givens.map { ($0.field, $0.value.description) }
        case .step(let step):
            stepCount += 1
            if step.isMicrostep { microstepCount += 1 }
        case .quiet:
            stepCount += 1
        case .failure(let failure):
            failureCount += 1
            let step = stepCount == 0 ? nil : stepCount
            if let step, step <= Self.stepLimit, stepsWithFailures.last != step { stepsWithFailures.append(step) }
            if failures.count < Self.failureLimit {
                failures.append(Failure(location: failure.location, step: step, html: Self.describe(failure)))
            }
        case .held:
            break
        case .end(let outcome):
            self.outcome = outcome
        }
    }

    /// What a failure says in the list at the top of the page: the statement, what it expected
    /// and what was found; for a bare `expect`, the lines `replay --update` writes in its place.
    static func describe(_ failure: ExpectationFailure) -> String {
        guard failure.statement == "expect" else {
            return "<code>\(LongValue.text(failure.statement))</code> expected <code>\(LongValue.text(failure.expected))</code>,"
                + " actual <code>\(LongValue.text(failure.actual))</code>"
        }
        let input = failure.inputLine.map { "line \($0)" } ?? "its input"
        return "a bare <code>expect</code>, which <code>replay --update</code> fills with what \(input) did:"
            + "<span class=lines>"
            + bareExpectLines(failure).map { "<code>\(LongValue.text($0))</code>" }.joined(separator: "<br>") + "</span>"
    }

    /// The lines `replay --update` writes for a bare `expect`, or what stands in for them.
    static func bareExpectLines(_ failure: ExpectationFailure) -> [String] {
        failure.rewrite?.lines.map { $0.trimmingPrefix(while: \.isWhitespace) }.map(String.init) ?? [failure.actual]
    }
}

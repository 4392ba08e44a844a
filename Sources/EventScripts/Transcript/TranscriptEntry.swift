import MachineCore

/// One entry of a transcript, in the order the player produces them. Sinks turn entries into
/// text or JSON as they come, so a transcript is never held whole in memory.
public enum TranscriptEntry: Sendable {
    /// The script starts: its file, machine and `given` lines.
    case header(file: String, machine: String, givens: [(field: String, value: Value)])
    /// A step of the machine (or a dropped answer).
    case step(TranscriptStep)
    /// An `advance` that made nothing fall due.
    case quiet(time: Duration, input: String)
    /// An expectation that did not hold.
    case failure(ExpectationFailure)
    /// An expectation that held: its location and its statement as written (canonically). Only
    /// sinks that ask for them (``TranscriptSink/wantsHeldExpectations``) receive these; the text
    /// and JSON transcripts do not show them.
    case held(location: ScriptLocation, statement: String)
    /// The script ended.
    case end(Outcome)
}

/// What one step did, rendered: the transcript's unit.
public struct TranscriptStep: Sendable {
    /// The virtual time of the step.
    package let time: Duration
    /// What came in: `send …`, `timer …`, `respond kind#N …`, `fail kind#N …` or `drop kind#N …`.
    package let input: String
    /// The ids of the rows that fired, in order.
    package let fired: [String]
    /// Why nothing fired, when nothing did.
    package let ignored: String?
    /// For a dropped answer, why it was dropped.
    package let dropped: String?
    /// The compound states the fired rows exited, entered or restored by history, in the order
    /// their actions ran; empty for a flat machine (its leaves are in ``stateChanges``).
    package let compoundChanges: [CompoundChange]
    /// Control states that changed, region by region.
    package let stateChanges: [Change]
    /// Fields that changed, in field order.
    package let fieldChanges: [Change]
    /// The commands, in order, each as scripts write it (`expect command`):
    /// `startTimer(searchDebounce, 300ms)`. Held as text, as the changes' values are.
    package let commands: [String]
    /// Whether the step is a microstep the machine took on its own after an input (its cause is
    /// `eventless`, `raised …` or `done …`; see `RuntimeStep/isMicrostep`).
    @usableFromInline package var isMicrostep = false

    /// A step, rendered.
    public init(
        time: Duration, input: String, fired: [String], ignored: String?, dropped: String?,
        compoundChanges: [CompoundChange] = [], stateChanges: [Change], fieldChanges: [Change], commands: [String]
    ) {
        self.time = time
        self.input = input
        self.fired = fired
        self.ignored = ignored
        self.dropped = dropped
        self.compoundChanges = compoundChanges
        self.stateChanges = stateChanges
        self.fieldChanges = fieldChanges
        self.commands = commands
    }

    /// A compound state exited, entered or restored by history: `entered search.active`.
    public struct CompoundChange: Sendable, Equatable {
        /// The region's name.
        public let region: String
        /// The compound state's name.
        package let state: String
        /// Whether it was exited, entered, or entered by its history.
        package let kind: StateChange.Kind

        /// A change of the compound state `state` of `region`.
        public init(region: String, state: String, kind: StateChange.Kind) {
            self.region = region
            self.state = state
            self.kind = kind
        }

        /// What happened to the state, as transcripts write it: `exited`, `entered` or `restored`.
        var verb: String {
            switch kind {
            case .exited: "exited"
            case .entered: "entered"
            case .restored: "restored"
            }
        }

        /// The change as the text transcript writes it, the verb padded to the width of the
        /// other labels: `entered search.active`, `exited  search.active`.
        package var text: String {
            verb + String(repeating: " ", count: max(1, 8 - verb.count)) + region + "." + state
        }
    }

    /// One changed field: its old and new values, as scripts write them.
    ///
    /// The values are held as their text (``Value/description``): every sink shows them as text.
    public struct Change: Sendable {
        /// The field's or the region's name.
        @usableFromInline package let name: String
        /// Its value before the step, as scripts write it: `"Apple"`, `[completions]`, or a
        /// region's control state's name, `editing`.
        package let old: String
        /// Its value after, as scripts write it.
        package let new: String

        /// A change of `name` from `old` to `new`, each value's text.
        public init(name: String, old: String, new: String) {
            self.name = name
            self.old = old
            self.new = new
        }
    }
}

/// An `expect` line that did not hold, with what was expected, what was found, and the changes
/// of the input statement it refers to.
public struct ExpectationFailure: Sendable {
    /// Where the `expect` line is.
    package let location: ScriptLocation
    /// The expectation as written (canonically).
    package let statement: String
    /// What was expected.
    package let expected: String
    /// What was found.
    package let actual: String
    /// The line of the most recent send, advance, respond or fail, if any.
    package let inputLine: Int?
    /// The steps of that statement.
    package let changes: [TranscriptStep]
    /// How `replay --update` makes it hold, or `nil` when it cannot: a comparison other than
    /// `==` and `~=`, `expect REGION in STATE`, `expect command`, `expect dropped`, `expect
    /// ignored`, a path that reads nothing, or a value the script language cannot write.
    package let rewrite: ExpectationRewrite?

    /// A failed expectation.
    public init(
        location: ScriptLocation, statement: String, expected: String, actual: String, inputLine: Int?,
        changes: [TranscriptStep], rewrite: ExpectationRewrite? = nil
    ) {
        self.location = location
        self.statement = statement
        self.expected = expected
        self.actual = actual
        self.inputLine = inputLine
        self.changes = changes
        self.rewrite = rewrite
    }
}

/// How a script ended.
public enum Outcome: Sendable, Equatable {
    /// Every expectation held.
    case passed(expectations: Int)
    /// Some expectations failed (the replay went on to the end).
    case failed(failures: Int, expectations: Int)
    /// The script is invalid.
    case invalid(ScriptError)

    /// The exit code a tool returns for it: 0 passed, 1 an expectation failed, 2 invalid.
    public var exitCode: Int32 {
        switch self {
        case .passed: 0
        case .failed: 1
        case .invalid: 2
        }
    }
}

/// Receives a transcript entry by entry.
public protocol TranscriptSink {
    /// Whether the sink shows steps; when none of its sinks does, the player does not render them.
    var wantsSteps: Bool { get }
    /// Whether the sink shows the expectations that held; when none of its sinks does, the
    /// player does not render their statements.
    var wantsHeldExpectations: Bool { get }
    /// Receives the next entry.
    mutating func write(_ entry: TranscriptEntry)
}

extension TranscriptSink {
    /// By default, a sink shows steps.
    public var wantsSteps: Bool { true }
    /// By default, a sink shows only the expectations that failed.
    public var wantsHeldExpectations: Bool { false }
}

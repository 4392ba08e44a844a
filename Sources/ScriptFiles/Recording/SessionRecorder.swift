import EventScripts
import Foundation
import MachineCore
import MachineRuntime

/// Writes a live session into an event script as it happens, so that anyone can replay it.
///
/// Start it from the runtime a `MachineRuntime/LiveRuntime` is about to take over, attach it before
/// the first input, and finish it at the end:
///
/// ```swift
/// let start = Runtime(table: SignIn.table, state: SignIn.table.initialState(context: SignIn.Context()))
/// let recorder = try SessionRecorder(vocabulary: SignInVocabulary(), file: "session.events",
///                                    recordedBy: "sign-in play", at: Date(), startingFrom: start)
/// let live = LiveRuntime(runtime: start, clock: ContinuousClock(), provider: signInProvider) { output in … }
/// live.onInput = recorder.record
/// …
/// try recorder.finish(in: live.state)
/// ```
///
/// The script starts with a comment saying what recorded it and when, the `machine` line and the
/// `given` lines of a context that differs from the vocabulary's. Then comes every input the live
/// runtime applied, written by `ScriptWriter`: each host event as `send`, the time between
/// inputs as `advance` (whole milliseconds, see `MachineRuntime/LiveRuntime`), each answer as
/// `respond` or `fail` (with `#N` when its request had been abandoned: the replay drops it, as the
/// session did). ``finish(in:)`` ends it with an `expect` line for every control state and for
/// every other field that differs from the start, so that the replay checks where the session
/// ended. The replay takes the session's steps exactly: its transcript is the live session's
/// (see `Player.transcribe(_:into:)`), byte for byte.
///
/// Each input is written with one `write` as it is recorded, with no buffer in between: a crash
/// of the process loses at most the input being written, and the script up to it still replays
/// (without the final expectations). The recorder does not wait for the disk after each line
/// (`fsync`), so a crash of the whole system may lose what the system had not yet stored.
///
/// A failure to write (a full disk, a file removed from under it) never traps: the recorder keeps
/// the first error in `failure`, writes nothing more, and ``finish(in:)`` throws it.
public final class SessionRecorder<V: ScriptVocabulary> {
    /// The vocabulary's machine.
    public typealias M = V.Machine

    /// The path of the script being written.
    package let file: String
    /// The first write that failed, if one did: nothing was written after it.
    package private(set) var failure: RecordingError?
    /// Whether ``finish(in:)`` was called: nothing more is recorded.
    package private(set) var isFinished = false

    private let writer: ScriptWriter<V>
    private let fields: StateFields<M>
    private let initial: MachineState<M>
    private var descriptor: Int32

    /// Creates (or empties) `file` and writes the script's header: a comment naming
    /// `recordedBy` and `date`, the `machine` line and the `given` lines of `runtime`'s context.
    ///
    /// The recorder does not read the clock: the host says when the recording was made.
    ///
    /// - Parameters:
    ///   - vocabulary: The machine's words, for the script's statements.
    ///   - file: The script's path.
    ///   - recordedBy: Who recorded it (a tool's name), for the header: written on one line, its
    ///     control characters escaped (`\u{0}`), at most 200 characters of it.
    ///   - date: When it was recorded, for the header.
    ///   - runtime: The runtime the session starts from, the one handed to the live runtime (a
    ///     live runtime's `MachineRuntime/LiveRuntime/runtime` reads the clock, so it is past time
    ///     zero as soon as a millisecond has passed): one a script can start from, at time zero,
    ///     with no request and no timer, each region in its initial state, and a context its
    ///     vocabulary's `given` lines can set up.
    /// - Throws: ``RecordingError/cannotRecord(_:)`` for a runtime a script cannot start from,
    ///   ``RecordingError/cannotWrite(file:reason:)`` when the file cannot be written; no file is
    ///   created then, or, if the header could not be written, it is left empty or partial.
    public init(
        vocabulary: V, file: String, recordedBy: String, at date: Date, startingFrom runtime: Runtime<M>
    ) throws(RecordingError) {
        if let problem = Self.problem(startingFrom: runtime, vocabulary) { throw .cannotRecord(problem) }
        self.file = file
        self.writer = ScriptWriter(vocabulary: vocabulary)
        self.fields = StateFields(vocabulary)
        self.initial = runtime.state
        descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(file: file, reason: String(cString: strerror(errno))) }
        var header = "# Recorded by \(Self.commentText(recordedBy)) at \(date.ISO8601Format()): a live session, input by input.\n"
        header += "# Each advance is the time that passed before the next input.\n"
        header += "machine \(vocabulary.machineName)\n"
        header += writer.givens(for: runtime.state.context).map { $0 + "\n" }.joined()
        write(header)
        if let failure {
            close(descriptor)
            descriptor = -1
            throw failure
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Writes the statement of `input`, an input the live runtime applied (hand this method to
    /// `MachineRuntime/LiveRuntime/onInput`). Nothing is written after ``finish(in:)`` or a
    /// failed write.
    public func record(_ input: Input<M>) {
        write(writer.statement(input) + "\n")
    }

    /// Ends the script with an `expect` line for every control state of `state` (the session's
    /// last state, `MachineRuntime/LiveRuntime/state`) and for every other field whose value
    /// differs from the start, and closes the file.
    ///
    /// - Throws: ``RecordingError/cannotWrite(file:reason:)`` for the first write that failed,
    ///   during the session or now.
    public func finish(in state: MachineState<M>) throws(RecordingError) {
        guard !isFinished else { return }
        var text = "\n"
        for line in writer.expectations(of: state, fields: fields)
            + writer.expectations(of: state, fields: fields, kinds: [.context, .work], differingFrom: initial)
        {
            text += line + "\n"
        }
        write(text)
        isFinished = true
        if descriptor >= 0, close(descriptor) != 0, failure == nil {
            failure = .cannotWrite(file: file, reason: String(cString: strerror(errno)))
        }
        descriptor = -1
        if let failure { throw failure }
    }

    /// Writes `text` whole, retrying after interruptions and short writes; keeps the first error.
    private func write(_ text: String) {
        guard failure == nil, !isFinished, descriptor >= 0 else { return }
        var text = text
        let error = text.withUTF8 { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
        if let error { failure = .cannotWrite(file: file, reason: String(cString: strerror(error))) }
    }

    /// The most Unicode scalars of the host's text a header comment holds.
    static var commentLimit: Int { 200 }

    /// `text` as a comment can hold it, whatever the host passed: one line (line breaks become
    /// spaces), control characters written as `\u{1F}` (a NUL would make the script unreadable),
    /// at most ``commentLimit`` scalars (then `…`).
    static func commentText(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < commentLimit else { return result + "…" }
            count += 1
            if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value) {
                result += " "
            } else if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Why a script cannot start from `runtime`, or `nil` when one can.
    private static func problem(startingFrom runtime: Runtime<M>, _ vocabulary: V) -> String? {
        let state = runtime.state
        if runtime.now != .zero { return "the runtime is \(Value.milliseconds(runtime.now)) in; a script starts at 0ms" }
        if !runtime.requests.isEmpty { return "the runtime has made requests; a script starts with none" }
        if !runtime.timers.isEmpty || !state.work.timers.isEmpty || !state.work.pending.isEmpty {
            return "the runtime has work running; a script starts with none"
        }
        let table = vocabulary.table
        if state.controls != table.initialState(context: state.context).controls {
            return "a region is not in its initial state; a script starts with every region in it"
        }
        var context = vocabulary.initialContext
        for field in vocabulary.fields where field.differs(context, state.context) {
            guard let write = field.write else { return "'\(field.name)' differs from its initial value, and no 'given' sets it" }
            do {
                try write(&context, field.read(state.context))
            } catch {
                return "'\(field.name)' cannot be set to \(field.read(state.context)): \(error.message)"
            }
        }
        if let field = vocabulary.fields.first(where: { $0.differs(context, state.context) }) {
            return "'given' lines cannot set up '\(field.name)' as it is"
        }
        return nil
    }
}

/// Why a session could not be recorded.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    /// The runtime does not start where a script can: the reason says why.
    case cannotRecord(String)
    /// The script file could not be written.
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case .cannotRecord(let reason): "cannot record the session: \(reason)"
        case .cannotWrite(let file, let reason): "cannot write '\(file)': \(reason)"
        }
    }
}

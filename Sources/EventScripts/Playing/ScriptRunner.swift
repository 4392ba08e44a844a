import MachineCore
import MachineRuntime

/// A machine's scripts checked and replayed by code compiled for the machine, for code that is
/// generic over any vocabulary (a machine's command-line tool).
///
/// Generic code runs the checker and the player unspecialised, several times slower than code
/// compiled for the machine. The runner's closures are made where it is made: a tool makes it in
/// an `@inlinable` initialiser, so that they are compiled in the tool's own module, for its
/// machine. The sink is passed as ``AnySink``, so that one specialised player serves them all.
@usableFromInline
package struct ScriptRunner<V: ScriptVocabulary>: Sendable {
    /// Checks all of a script read in chunks (``ScriptChecker/check(reading:file:)``).
    @usableFromInline let check: @Sendable (any ScriptBytes, String) throws -> CheckedScript<V>
    /// Replays a checked script on a runtime (``Player/play(_:on:into:onStep:)``).
    @usableFromInline
    let play:
        @Sendable (CheckedScript<V>, inout Runtime<V.Machine>, inout AnySink, ((RuntimeStep<V.Machine>) -> Void)?) throws ->
            Outcome

    /// A runner for `vocabulary`'s scripts.
    @inlinable
    package init(_ vocabulary: V) {
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        check = { bytes, file in try checker.check(reading: bytes, file: file) }
        play = { script, runtime, sink, onStep in try player.play(script, on: &runtime, into: &sink, onStep: onStep) }
    }

    /// Checks `bytes`, read from `file`.
    package func check(_ bytes: any ScriptBytes, file: String) throws -> CheckedScript<V> { try check(bytes, file) }

    /// Replays `script` on `runtime` into `sink`, which it gives back.
    package func play<S: TranscriptSink>(
        _ script: CheckedScript<V>, on runtime: inout Runtime<V.Machine>, into sink: inout S,
        onStep: ((RuntimeStep<V.Machine>) -> Void)? = nil
    ) throws -> Outcome {
        var any = AnySink(sink)
        defer { if let back = any.base as? S { sink = back } }
        return try play(script, &runtime, &any, onStep)
    }
}

/// Any sink behind one type, so that a replay compiled for a machine serves every sink.
@usableFromInline
struct AnySink: TranscriptSink {
    /// The sink that receives the entries.
    @usableFromInline var base: any TranscriptSink

    @usableFromInline
    init(_ base: any TranscriptSink) { self.base = base }

    @usableFromInline package var wantsSteps: Bool { base.wantsSteps }
    @usableFromInline package var wantsHeldExpectations: Bool { base.wantsHeldExpectations }

    @usableFromInline package mutating func write(_ entry: TranscriptEntry) { base.write(entry) }
}

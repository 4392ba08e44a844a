import EventScripts
import MachineRuntime

/// `replay --save-state FILE` and `replay --from-state FILE`, for machines whose context and
/// requests are Codable (see ``SavedStateFiles``).
extension ReplayCommand {
    /// What `--help` says of them.
    var savedStateDiscussion: String {
        guard savedStates != nil else { return "" }
        return "\n" + """

            SAVED STATES:
              --save-state writes the state once the script has run to its end (its expectations
              held or not); an invalid script writes nothing. --from-state starts each script from
              the saved state (its clock, timers and requests in flight go on; respond can name the
              saved requests); such a script cannot have given lines (exit 2). A state file of
              another format version or machine, or a broken one, or a state that breaks one of the
              machine's invariants, is exit 2, nothing replayed.
            """
    }

    /// Where the scripts start and where the state goes, from the options; `nil` start for a
    /// new machine.
    func savedStatePlan(
        _ invocation: Invocation, files: [String], provider: Provider<V.Machine>?
    ) throws -> (start: Runtime<V.Machine>?, saveTo: String?) {
        let saveTo = invocation.arguments[options.saveState]
        let from = invocation.arguments[options.fromState]
        guard let savedStates, saveTo != nil || from != nil else { return (nil, nil) }
        if saveTo != nil, files.count != 1 {
            throw UsageError("--save-state writes the state one script ends in: name one script, not \(files.count)")
        }
        if saveTo == "-" { throw UsageError("--save-state takes a file, not - (the transcript goes to standard output)") }
        if let saveTo { try InputFiles.refuseWriting(saveTo, over: files, as: "the saved state") }
        if from == "-", files.contains("-") {
            throw UsageError("standard input (-) can be read only once: the state and a script cannot both come from it")
        }
        // Written once the script has run: a path that cannot be written fails now, not then.
        if let saveTo { try OutputFile.check(saveTo) }
        guard let from else { return (nil, saveTo) }
        let bytes = try invocation.read(from)
        do {
            return (try savedStates.restore(bytes, vocabulary.table, invariants, provider), saveTo)
        } catch {
            throw InvalidSavedState(file: InputFiles.displayName(from), error: error)
        }
    }

    /// The script's error when it has `given` lines but starts from a saved state.
    func givensRefused(_ givens: [CheckedScript<V>.Given], file: String) -> ScriptError? {
        givens.first.map { given in
            ScriptError(
                "'given' sets up a new machine; with --from-state the script starts from the saved state",
                at: given.location, file: file)
        }
    }

    /// Writes `runtime`'s state to `path`, atomically.
    func saveState(of runtime: Runtime<V.Machine>, to path: String) throws {
        guard let savedStates else { return }
        let bytes = try savedStates.save(runtime)
        try OutputFile.write(path) { output in
            output.write(bytes: bytes)
            return true
        }
    }
}

/// A `--from-state` file that cannot be restored: exit 2, naming the file and the problem.
struct InvalidSavedState: Error, CustomStringConvertible {
    let file: String
    let error: SavedStateError

    var description: String { "'\(file)': \(error)" }
}

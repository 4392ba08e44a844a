import EventScripts
import MachineRuntime
import ScriptFiles

extension ReplayCommand {
    /// `--update [--check]`: writes each script's expectations (see ``ScriptUpdater``), prints
    /// the unified diff of each script that changes, and writes it atomically unless `--check`.
    /// An invalid script is reported and never written.
    func update(_ files: [String], _ invocation: Invocation, provider: Provider<V.Machine>?) throws -> ExitCode {
        if files.contains("-") {
            throw UsageError("--update rewrites script files in place; it cannot update standard input (-)")
        }
        let check = invocation.arguments[options.check]
        let updater = ScriptUpdater(vocabulary: vocabulary)
        var status = ExitCode.success
        var output = invocation.standardOutput
        for file in files {
            let update: ScriptUpdate
            do {
                update = try updater.update(try invocation.read(file), file: file, provider: provider)
            } catch let error as ScriptError {
                invocation.printError(error.description)
                invocation.printError("INVALID \(file): not updated")
                status = max(status, .invalid)
                continue
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                continue
            }
            report(update.failures, of: file, invocation)
            status = max(status, ExitCode(update.outcome.exitCode))
            guard let diff = update.diff(from: Self.diffName("a", file), to: Self.diffName("b", file)) else {
                invocation.printError("\(update.failures.isEmpty ? "UP TO DATE" : "FAIL") \(file)")
                continue
            }
            output.write(diff)
            let count = "\(update.rewrites) expectation\(update.rewrites == 1 ? "" : "s")"
            if check {
                invocation.printError("WOULD UPDATE \(file) (\(count))")
                status = max(status, .failure)
                continue
            }
            do {
                try output.finish("the diff to standard output")
                try invocation.write(to: file) { $0.write(bytes: update.updated) }
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                continue
            }
            invocation.printError(
                "UPDATED \(file) (\(count))\(update.failures.isEmpty ? "" : ", \(update.failures.count) still failing")")
        }
        try output.finish("the diff to standard output")
        return status
    }

    /// How a diff header names `file` on `side` (`a` or `b`), as git does: `a/dir/x.events`, and
    /// `a/tmp/x.events` for `/tmp/x.events`, never `a//tmp/x.events`.
    static func diffName(_ side: String, _ file: String) -> String {
        side + "/" + file.drop { $0 == "/" }
    }

    /// Prints the expectations the update could not make hold, as a replay reports failures.
    private func report(_ failures: [ExpectationFailure], of file: String, _ invocation: Invocation) {
        var diagnostics = Diagnostics(streams: invocation.streams)
        diagnostics.write(.header(file: file, machine: vocabulary.machineName, givens: []))
        for failure in failures { diagnostics.write(.failure(failure)) }
    }
}

import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime

/// `NAME paths --output DIR`: event scripts that together fire every row.
struct PathsCommand<V: ScriptVocabulary, S: InputSamples>: Sendable where S.Machine == V.Machine, V.Machine.Context: Hashable {
    let tool: String
    let vocabulary: V
    let samples: S
    let initialContexts: InitialContexts<V>

    /// `--output <directory>`.
    var output: Option<String> {
        Option(
            required: "output", short: "o", "directory", .folder,
            help:
                "The folder to write path-NN.events into (created if missing), as one set: path-NN.events files of an earlier run are replaced or removed."
        )
    }

    /// `--expect`.
    var expect: Option<Bool> {
        Option(
            flag: "expect",
            help: "After each input, write the exact expectations of what it did, so each script is also a regression test.")
    }

    var subcommand: Subcommand {
        Subcommand(
            "paths", abstract: SampledAbstracts.paths(machine: vocabulary.machineName),
            options: [output, expect, initialContexts.option],
            exitCodes: [
                .success: "the scripts were written and together fire every row",
                .failure: "some rows were not reached (named on standard error)",
            ],
            discussion: """
                Each script is a shortest path from the initial state (found by a breadth-first search over
                sample inputs: host events, timer deadlines, answers and failures), ends with an expect line
                per region, and answers the requests its path makes. With --expect, each input is followed by
                what `replay --update` fills a bare expect with: the script then checks every step. Replaying
                them all covers every row and every state, and fires each row that enters a compound state by
                history both when that state was never exited and when it restores what it remembers (states
                and history entries not reached are named on standard error too):
                  \(tool) coverage <directory>/*.events
                Progress is shown on standard error when it is a terminal and the search takes over a second.

                \(initialContexts.discussion)
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let directory = arguments[output]
        let initialName = arguments[initialContexts.option]
        let expectations = arguments[expect]
        let initial = initialContexts.start(named: initialName)
        let table = vocabulary.table
        var progress = Progress(descriptor: invocation.streams.error)
        let result = CoveringPaths.search(table: table, from: initial, samples: samples) { depth, states, rows in
            progress.update(
                "paths: depth \(depth), \(states.counted("state")) explored, \(rows) of \(table.rows.count.counted("row")) reached"
            )
        }
        progress.finish()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ToolError("cannot create the folder '\(directory)': \(error.localizedDescription)")
        }
        let command =
            "\(tool) paths" + (initialName.map { " --initial \($0)" } ?? "") + (expectations ? " --expect" : "")
        let scripts = CoveringScripts.render(
            result.paths, vocabulary: vocabulary, from: initial, generatedBy: command, expectations: expectations)
        try Self.replaceSet(in: directory, with: scripts)
        try invocation.print(
            "wrote \(result.paths.count.counted("script")) to \(directory): \(table.rows.count - result.uncoveredRows.count) of "
                + "\(table.rows.count.counted("row")), \(result.statesExplored.counted("state")) explored"
        )
        if !result.uncoveredRows.isEmpty {
            invocation.printError("not reached: " + result.uncoveredRows.map { table.rows[$0].id }.joined(separator: ", "))
        }
        // States never entered and history rows never seen restoring, or entering by default:
        // what coverage counts beyond rows.
        let otherGoals = result.unreachedGoals.filter { if case .row = $0 { false } else { true } }
        if !otherGoals.isEmpty {
            invocation.printError(
                "also not reached: " + otherGoals.map { $0.description(in: table.listing) }.joined(separator: ", "))
        }
        return result.uncoveredRows.isEmpty ? .success : .failure
    }

    /// Writes `scripts` into `directory` as one set: every file is checked before any is written,
    /// so one that cannot be written (a folder in its place) leaves the folder as it was; then the
    /// `path-NN.events` files of an earlier run that this one did not write are removed, so the
    /// folder holds exactly this run's set. (A disk that fills up part way still leaves the files
    /// written so far, each whole.)
    static func replaceSet(in directory: String, with scripts: [(name: String, text: String)]) throws {
        let folder = URL(fileURLWithPath: directory)
        let paths = scripts.map { folder.appendingPathComponent("\($0.name).events").path }
        for path in paths { try OutputFile.check(path) }
        for (script, path) in zip(scripts, paths) {
            try OutputFile.write(path) { output in
                output.write(script.text)
                return true
            }
        }
        let written = Set(scripts.map { "\($0.name).events" })
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in listed where isPathScript(name) && !written.contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Whether `name` is one of the files `paths` writes: `path-`, digits, `.events`.
    static func isPathScript(_ name: String) -> Bool {
        guard name.hasPrefix("path-"), name.hasSuffix(".events") else { return false }
        let number = name.dropFirst("path-".count).dropLast(".events".count)
        return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
    }
}

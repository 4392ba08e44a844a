import Foundation

/// `address-picker-bench`: release-mode benchmarks, each a ratio against a baseline measured in
/// the same run. Run with `swift run -c release address-picker-bench`.
let usage = """
    OVERVIEW: Benchmarks of the address-picker framework, each against a baseline in the same run.

    USAGE: address-picker-bench [--runs <n>] [--only <name>] [--json <file>] [--events <n>]
                                [--statements <n>] [--update-statements <n>] [--reverse-checks <n>] [--cycles <n>]
                                [--saves <n>] [--verify-depth <n>] [--baseline-tool <path>] [--requests <n>]

    OPTIONS:
      --runs <n>            Timed runs per benchmark (default 5); min, median and max are reported.
      --only <name>         Run one benchmark: step, reference, hierarchy, replay, update, gazetteer,
                            recording, store, saved-state, play, verify, scxml or geocoders.
      --json <file>         Also write the results as JSON to <file>.
      --events <n>          Events of the reference workload (default 10000000).
      --statements <n>      Statements in the generated script of the replay benchmark (default 1000000).
      --baseline-tool <path>
                            Another build of address-picker that the replay benchmark also runs end to
                            end, as a baseline (an earlier commit's, say).
      --update-statements <n>
                            Statements in the script of the update benchmark, every expectation
                            wrong (default 10000).
      --reverse-checks <n>  Random points whose nearest place is checked against brute force
                            (default 2000; 100000 takes about 5 minutes on 2 cores).
      --cycles <n>          Cycles of the live session of the recording and store benchmarks (default 2000).
      --saves <n>           Saves and restores of the picker per timed run (default 20000).
      --verify-depth <n>    The depth of the verify benchmark's search (default 5).
      --requests <n>        HTTP requests per run of the geocoders benchmark (default 200; 0 parses only).
      -h, --help            Show help information.
    """

struct Options {
    static let benchmarks = [
        "step", "reference", "hierarchy", "replay", "update", "gazetteer", "recording", "store", "saved-state", "play", "verify",
        "scxml", "geocoders",
    ]
    var runs = 5
    var only: String?
    var json: String?
    var events = 10_000_000
    var statements = 1_000_000
    var updateStatements = 10_000
    var reverseChecks = 2_000
    var cycles = 2_000
    var saves = 20_000
    var verifyDepth = 5
    var requests = 200
    var baselineTool: String?

    func includes(_ benchmark: String) -> Bool { only == nil || only == benchmark }
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        func value() -> String {
            guard let value = parts.count > 1 ? parts[1] : arguments.popFirst() else { fail("\(parts[0]) needs a value") }
            return value
        }
        func count(atLeast minimum: Int) -> Int {
            guard let number = Int(value()), number >= minimum else {
                fail("\(parts[0]) takes a whole number of at least \(minimum)")
            }
            return number
        }
        switch parts[0] {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--runs": options.runs = count(atLeast: 1)
        case "--events": options.events = count(atLeast: 8)
        case "--statements": options.statements = count(atLeast: 10) / 10 * 10
        case "--update-statements": options.updateStatements = count(atLeast: 11)
        case "--reverse-checks": options.reverseChecks = count(atLeast: 0)
        case "--cycles": options.cycles = count(atLeast: 1)
        case "--saves": options.saves = count(atLeast: 1)
        case "--verify-depth": options.verifyDepth = count(atLeast: 1)
        case "--requests": options.requests = count(atLeast: 0)
        case "--json": options.json = value()
        case "--baseline-tool": options.baselineTool = value()
        case "--only":
            let name = value()
            guard Options.benchmarks.contains(name) else {
                fail("--only takes one of \(Options.benchmarks.joined(separator: ", "))")
            }
            options.only = name
        default:
            fail("unknown argument '\(argument)'")
        }
    }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    exit(64)
}

let options = parseOptions()
var report = Report()
Report.printHeader()
do {
    if options.includes("step") {
        let (comparison, allocations) = try PickerStepBenchmark.run(runs: options.runs, steps: 2_000_000)
        report.add(comparison)
        report.add(
            "heap allocations per step (table)", allocations.map { String(format: "%.2f", $0) } ?? "not counted on this platform")
    }
    if options.includes("reference") {
        let (comparison, counter) = try ReferenceWorkloadBenchmark.run(runs: options.runs, events: options.events)
        report.add(comparison)
        report.add("reference workload counter (resolved searches)", "\(counter)")
        report.add(
            "reference workload events per second (table, median)",
            String(format: "%.1f million", comparison.subject.operationsPerSecond / 1e6))
    }
    if options.includes("hierarchy") {
        report.add(try HierarchyBenchmark.run(runs: options.runs, events: options.events))
    }
    if options.includes("replay") {
        let comparisons = try ReplayBenchmark.run(runs: options.runs, statements: options.statements)
        for comparison in comparisons { report.add(comparison) }
        if let quiet = comparisons.first {
            report.add(
                "replay of \(options.statements) statements, quiet (median)",
                String(format: "%.2f s", quiet.subject.median * Double(options.statements) / 1e9))
        }
        try EndToEndReplayBenchmark.run(
            runs: options.runs, statements: options.statements, baselineTool: options.baselineTool, into: &report)
    }
    if options.includes("update") {
        let comparison = try UpdateBenchmark.run(runs: options.runs, statements: options.updateStatements)
        report.add(comparison)
        report.add(
            "update of a \(options.updateStatements)-statement script, every expectation rewritten (median)",
            String(format: "%.3f s", comparison.subject.median / 1e9))
    }
    if options.includes("gazetteer") {
        try GazetteerBenchmark.run(runs: options.runs, reverseChecks: options.reverseChecks, into: &report)
    }
    if options.includes("recording") {
        report.add(try await RecordingBenchmark.run(runs: options.runs, cycles: options.cycles))
    }
    if options.includes("store") {
        report.add(try await StoreBenchmark.run(runs: options.runs, cycles: options.cycles))
    }
    if options.includes("saved-state") {
        try SavedStateBenchmark.run(runs: options.runs, operations: options.saves, into: &report)
    }
    if options.includes("play") {
        let comparison = try PlayFrameBenchmark.run(runs: options.runs, frames: 200)
        report.add(comparison)
        report.add("play frame at 200×60 (median)", String(format: "%.3f ms (budget 2 ms)", comparison.subject.median / 1e6))
    }
    if options.includes("verify") {
        try VerifyBenchmark.run(runs: options.runs, depth: options.verifyDepth, into: &report)
    }
    if options.includes("scxml") {
        try SCXMLBenchmark.run(runs: options.runs, events: options.events, into: &report)
    }
    if options.includes("geocoders") {
        for line in try await GeocoderBenchmark.run(runs: options.runs, requests: options.requests) {
            switch line {
            case .comparison(let comparison): report.add(comparison)
            case .fact(let name, let value): report.add(name, value)
            }
        }
    }
    if let peak = peakResidentMemory() { report.add("peak resident memory", String(format: "%.1f MiB", peak)) }
    if let path = options.json {
        try report.write(toJSON: path)
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

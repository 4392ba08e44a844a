import Foundation

/// `address-picker-bench`: release-mode benchmarks, each a ratio against a baseline measured in
/// the same run. Run with `swift run -c release address-picker-bench`.
let usage = """
    USAGE: address-picker-bench [--runs <n>] [--only <name>] [--statements <n>]

    OPTIONS:
      --runs <n>          Timed runs per benchmark (default 5); min, median and max are reported.
      --only <name>       Run one benchmark: step, replay or gazetteer.
      --statements <n>    Statements in the generated script of the replay benchmark (default 1000000).
      --reverse-checks <n> Random points whose nearest place is checked against brute force (default 2000; 100000 takes about 5 minutes on 2 cores).
      -h, --help          Show help information.
    """

struct Options {
    var runs = 5
    var only: String?
    var statements = 1_000_000
    var reverseChecks = 2_000
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        func value() -> String { parts.count > 1 ? parts[1] : arguments.popFirst() ?? "" }
        switch parts[0] {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--runs":
            guard let runs = Int(value()), runs > 0 else { fail("--runs takes a positive whole number") }
            options.runs = runs
        case "--statements":
            guard let statements = Int(value()), statements >= 10 else { fail("--statements takes a whole number of at least 10") }
            options.statements = statements / 10 * 10
        case "--only":
            options.only = value()
            guard ["step", "replay", "gazetteer"].contains(options.only) else { fail("--only takes step, replay or gazetteer") }
        case "--reverse-checks":
            guard let checks = Int(value()), checks >= 0 else { fail("--reverse-checks takes a whole number") }
            options.reverseChecks = checks
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

func format(_ value: Double) -> String { String(format: "%.2f", value) }

func printRow(_ measurement: Measurement) {
    print(measurement.name.padding(toLength: 44, withPad: " ", startingAt: 0),
          format(measurement.min).leftPadded(10), format(measurement.median).leftPadded(10),
          format(measurement.max).leftPadded(10), String(format: "%.3g", measurement.operationsPerSecond).leftPadded(10))
}

func printComparison(_ comparison: Comparison, ratioName: String) {
    printRow(comparison.subject)
    printRow(comparison.baseline)
    print("  ratio \(ratioName): \(format(comparison.ratio))×  [\(comparison.note)]")
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

let options = parseOptions()
print("benchmark".padding(toLength: 44, withPad: " ", startingAt: 0),
      "min ns".leftPadded(10), "median ns".leftPadded(10), "max ns".leftPadded(10), "ops/s".leftPadded(10))
do {
    if options.only == nil || options.only == "step" {
        let (comparison, allocations) = try PickerStepBenchmark.run(runs: options.runs, steps: 2_000_000)
        printComparison(comparison, ratioName: "table / switch")
        print("  heap allocations per step (table): " + (allocations.map(format) ?? "not counted on this platform"))
    }
    if options.only == nil || options.only == "replay" {
        for comparison in try ReplayBenchmark.run(runs: options.runs, statements: options.statements) {
            printComparison(comparison, ratioName: "replay / direct")
            let seconds = comparison.subject.median * Double(options.statements) / 1e9
            print("  \(options.statements) statements in \(format(seconds)) s (median)")
        }
    }
    if options.only == nil || options.only == "gazetteer" {
        for line in try GazetteerBenchmark.run(runs: options.runs, reverseChecks: options.reverseChecks) { print(line) }
    }
    if let peak = peakResidentMemory() { print("peak resident memory: \(format(peak)) MiB") }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

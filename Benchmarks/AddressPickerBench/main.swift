import Foundation

/// `address-picker-bench`: release-mode benchmarks, each a ratio against a baseline measured in
/// the same run. Run with `swift run -c release address-picker-bench`.
let usage = """
    USAGE: address-picker-bench [--runs N] [--steps N]

    OPTIONS:
      --runs N    Timed runs per benchmark (default 7); min, median and max are reported.
      --steps N   Machine steps per run (default 2000000).
      -h, --help  Show this help.
    """

var runs = 7
var steps = 2_000_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    let (flag, inline) = argument.split(separator: "=", maxSplits: 1).map(String.init).splitPair
    func value() -> Int? { Int(inline ?? arguments.popFirst() ?? "") }
    switch flag {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--runs":
        guard let parsed = value(), parsed > 0 else { fail("--runs takes a positive whole number") }
        runs = parsed
    case "--steps":
        guard let parsed = value(), parsed > 0 else { fail("--steps takes a positive whole number") }
        steps = parsed
    default:
        fail("unknown argument '\(argument)'")
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

extension Array where Element == String {
    var splitPair: (String, String?) { (self[0], count > 1 ? self[1] : nil) }
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

do {
    let (comparison, allocations) = try PickerStepBenchmark.run(runs: runs, steps: steps)
    print("benchmark                          min ns   median ns   max ns   ops/s")
    for measurement in [comparison.subject, comparison.baseline] {
        print(measurement.name.padding(toLength: 34, withPad: " ", startingAt: 0),
              format(measurement.min).leftPadded(7), format(measurement.median).leftPadded(10),
              format(measurement.max).leftPadded(8), String(format: "%.3g", measurement.operationsPerSecond).leftPadded(8))
    }
    print("ratio (table / switch, medians): \(format(comparison.ratio))×  [\(comparison.note)]")
    if let allocations {
        print("heap allocations per step (table): \(format(allocations))")
    } else {
        print("heap allocations per step: not counted on this platform")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

import Foundation

/// Everything one run of the benchmarks measured: the comparisons, in order, and the facts
/// checked along the way (agreement with baselines, allocations, memory). Printed as a table and
/// written as JSON with `--json`.
struct Report: Encodable {
    struct Fact: Encodable {
        let name: String
        let value: String
    }

    /// Where the figures were taken.
    let machine: [String: String] = Report.describeMachine()
    private(set) var comparisons: [Comparison] = []
    private(set) var facts: [Fact] = []

    /// Records and prints a comparison.
    mutating func add(_ comparison: Comparison) {
        comparisons.append(comparison)
        printRow(comparison.subject)
        printRow(comparison.baseline, indent: "  vs ")
        let ratio = comparison.ratio
        let verdict =
            ratio >= 1
            ? String(format: "%.2f× the baseline's time", ratio)
            : String(format: "%.2f× faster than the baseline", 1 / ratio)
        print("    \(verdict); \(comparison.note)")
    }

    /// Records and prints a fact.
    mutating func add(_ name: String, _ value: String) {
        facts.append(Fact(name: name, value: value))
        print("  \(name): \(value)")
    }

    static func printHeader() {
        print(
            "benchmark (ns per operation)".padding(toLength: 48, withPad: " ", startingAt: 0),
            "min".leftPadded(11), "median".leftPadded(11), "max".leftPadded(11), "ops/s".leftPadded(10))
    }

    private func printRow(_ measurement: Measurement, indent: String = "") {
        func format(_ value: Double) -> String { String(format: "%.2f", value) }
        print(
            (indent + measurement.name).padding(toLength: 48, withPad: " ", startingAt: 0),
            format(measurement.min).leftPadded(11), format(measurement.median).leftPadded(11),
            format(measurement.max).leftPadded(11), String(format: "%.3g", measurement.operationsPerSecond).leftPadded(10))
    }

    /// Writes the report as JSON to `path`.
    func write(toJSON path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func describeMachine() -> [String: String] {
        let info = ProcessInfo.processInfo
        var machine = [
            "cores": "\(info.activeProcessorCount)",
            "memoryGiB": String(format: "%.1f", Double(info.physicalMemory) / 1_073_741_824),
            "operatingSystem": info.operatingSystemVersionString,
        ]
        #if arch(x86_64)
            machine["architecture"] = "x86_64"
        #elseif arch(arm64)
            machine["architecture"] = "arm64"
        #endif
        return machine
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

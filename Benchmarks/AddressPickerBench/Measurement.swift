/// Timings of one benchmark: nanoseconds per operation in each run.
struct Measurement {
    let name: String
    let nanosecondsPerOperation: [Double]

    var sorted: [Double] { nanosecondsPerOperation.sorted() }
    var min: Double { sorted.first ?? .nan }
    var median: Double { sorted.isEmpty ? .nan : sorted[sorted.count / 2] }
    var max: Double { sorted.last ?? .nan }
    var operationsPerSecond: Double { 1e9 / median }
}

/// Runs `body` (which performs `operations` operations and returns a checksum) once to warm up,
/// then `runs` times, timing each run with the monotonic clock.
func measure(_ name: String, runs: Int, operations: Int, _ body: () -> Int) -> (Measurement, checksum: Int) {
    var checksum = body()
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        var result = 0
        let elapsed = clock.measure { result = body() }
        checksum &+= result
        let (seconds, attoseconds) = elapsed.components
        samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations))
    }
    return (Measurement(name: name, nanosecondsPerOperation: samples), checksum)
}

/// A benchmark compared with a baseline measured in the same run.
struct Comparison {
    let subject: Measurement
    let baseline: Measurement
    let note: String

    /// How many times slower the subject is than the baseline, by medians.
    var ratio: Double { subject.median / baseline.median }
}

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

/// Measures `subject` and `baseline` in alternating runs, so that whatever else the machine is
/// doing slows both alike and their ratio stays meaningful on a noisy machine.
func compare(
    _ subjectName: String, _ subject: () -> Int, against baselineName: String, _ baseline: () -> Int,
    runs: Int, operations: Int, note: String
) -> (Comparison, checksums: (Int, Int)) {
    var subjectSamples: [Double] = []
    var baselineSamples: [Double] = []
    var checksums = (subject(), baseline())
    let clock = ContinuousClock()
    func time(_ body: () -> Int, _ checksum: inout Int) -> Double {
        var result = 0
        let (seconds, attoseconds) = clock.measure { result = body() }.components
        checksum &+= result
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations)
    }
    for _ in 0..<runs {
        subjectSamples.append(time(subject, &checksums.0))
        baselineSamples.append(time(baseline, &checksums.1))
    }
    let comparison = Comparison(
        subject: Measurement(name: subjectName, nanosecondsPerOperation: subjectSamples),
        baseline: Measurement(name: baselineName, nanosecondsPerOperation: baselineSamples), note: note)
    return (comparison, checksums)
}

/// A benchmark compared with a baseline measured in the same run.
struct Comparison {
    let subject: Measurement
    let baseline: Measurement
    let note: String

    /// How many times slower the subject is than the baseline, by medians.
    var ratio: Double { subject.median / baseline.median }
}

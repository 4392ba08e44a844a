/// Timings of one benchmark: nanoseconds per operation in each run (or, for latencies, in each
/// query timed alone).
struct Measurement: Encodable {
    let name: String
    let nanosecondsPerOperation: [Double]

    var sorted: [Double] { nanosecondsPerOperation.sorted() }
    var min: Double { sorted.first ?? .nan }
    var median: Double { percentile(0.5) }
    var max: Double { sorted.last ?? .nan }
    var operationsPerSecond: Double { 1e9 / median }

    /// The sample below which a fraction `p` of the samples lie.
    func percentile(_ p: Double) -> Double {
        let values = sorted
        return values.isEmpty ? .nan : values[Swift.min(values.count - 1, Int(Double(values.count) * p))]
    }

    enum CodingKeys: String, CodingKey { case name, samples, minNanoseconds, medianNanoseconds, maxNanoseconds }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(nanosecondsPerOperation.count, forKey: .samples)
        try container.encode(min, forKey: .minNanoseconds)
        try container.encode(median, forKey: .medianNanoseconds)
        try container.encode(max, forKey: .maxNanoseconds)
    }
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
    func time(_ body: () -> Int, _ checksum: inout Int) -> Double {
        var result = 0
        let nanoseconds = elapsedNanoseconds { result = body() }
        checksum &+= result
        return nanoseconds / Double(operations)
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

/// The nanoseconds `body` takes on the continuous clock.
func elapsedNanoseconds(_ body: () -> Void) -> Double {
    let (seconds, attoseconds) = ContinuousClock().measure(body).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// A benchmark compared with a baseline measured in the same run.
struct Comparison: Encodable {
    let subject: Measurement
    let baseline: Measurement
    let note: String

    /// How many times slower the subject is than the baseline, by medians (below 1 when faster).
    var ratio: Double { subject.median / baseline.median }

    enum CodingKeys: String, CodingKey { case subject, baseline, ratio, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject, forKey: .subject)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(note, forKey: .note)
    }
}

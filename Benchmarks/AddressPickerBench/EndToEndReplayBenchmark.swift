import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `address-picker replay` of the generated script, end to end: the tool run as a process
/// (start, reading the file, both passes, writing, exit), timed from spawn to exit, with its peak
/// resident memory from `wait4`. Against the runtime driven directly in this process with the
/// same inputs, alternating runs. Needs the tool built beside the benchmark
/// (`swift build -c release`).
enum EndToEndReplayBenchmark {
    /// One run of the tool: wall nanoseconds, peak resident memory in KiB, exit status.
    struct Run {
        let nanoseconds: Double
        let peakKilobytes: Int
        let status: Int32
    }

    /// The tool beside this executable, if it was built.
    static var tool: String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("address-picker").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `arguments` (the tool first) with standard output and error to /dev/null.
    static func spawn(_ arguments: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw BenchmarkError.mismatch("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError.mismatch("wait4 failed") }
        }
        let (seconds, attoseconds) = (clock.now - start).components
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        return Run(
            nanoseconds: Double(seconds) * 1e9 + Double(attoseconds) / 1e9, peakKilobytes: usage.ru_maxrss, status: exit)
    }

    static func run(runs: Int, statements: Int, into report: inout Report) throws {
        guard let tool else {
            report.add("replay end to end", "skipped: build the tool first (swift build -c release)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("generated.events").path
        try Data(ReplayBenchmark.script(statements: statements)).write(to: URL(fileURLWithPath: script))
        let output = folder.appendingPathComponent("out").path
        let cycles = statements / 10
        let note = "\(statements) statements, the tool as a process"
        for (name, arguments) in [
            ("address-picker replay --quiet", [tool, "replay", "--quiet", script]),
            ("address-picker replay -o DIR (text transcript)", [tool, "replay", "-o", output, script]),
        ] {
            var subject: [Double] = []
            var baseline: [Double] = []
            var peak = 0
            for _ in 0..<runs {
                let run = try spawn(arguments)
                guard run.status == 0 else { throw BenchmarkError.mismatch("\(name) exited with \(run.status)") }
                subject.append(run.nanoseconds / Double(statements))
                peak = max(peak, run.peakKilobytes)
                var steps = 0
                baseline.append(elapsedNanoseconds { steps = (try? ReplayBenchmark.drive(cycles: cycles)) ?? 0 } / Double(statements))
                guard steps > 0 else { throw BenchmarkError.mismatch("the direct runtime did not run") }
            }
            let comparison = Comparison(
                subject: Measurement(name: name, nanosecondsPerOperation: subject),
                baseline: Measurement(name: "runtime driven directly (in process)", nanosecondsPerOperation: baseline),
                note: note)
            report.add(comparison)
            report.add(
                "\(name), \(statements) statements (median; peak resident memory)",
                String(format: "%.2f s; %.1f MiB", comparison.subject.median * Double(statements) / 1e9, Double(peak) / 1024))
        }
    }
}

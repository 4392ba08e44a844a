import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `address-picker replay` of the generated script, end to end: the tool run as a process
/// (start, reading the file, both passes, writing, exit), timed from spawn to exit, with its peak
/// resident memory as `/usr/bin/time` reports it (a child's own `ru_maxrss` would count this
/// process's memory, which the child shares until it runs the tool). Against the runtime driven
/// directly in this process with the same inputs, alternating runs, and, with
/// `--baseline-tool PATH`, against another build of the tool. Needs the tool built beside the
/// benchmark (`swift build -c release`).
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

    /// Runs `arguments` (the tool first) with standard output and error to /dev/null, under
    /// `/usr/bin/time` when there is one, for the peak memory (0 without).
    static func spawn(_ arguments: [String], folder: URL) throws -> Run {
        let timeTool = "/usr/bin/time"
        let report = folder.appendingPathComponent("time.txt").path
        let measured = FileManager.default.isExecutableFile(atPath: timeTool)
        let command = measured ? [timeTool, "-f", "%M", "-o", report] + arguments : arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else {
            throw BenchmarkError.mismatch("cannot start \(command[0])")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkError.mismatch("waitpid failed") }
        }
        let (seconds, attoseconds) = (clock.now - start).components
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        let peak =
            measured
            ? (try? String(contentsOfFile: report, encoding: .utf8)).flatMap {
                Int($0.split(separator: "\n").last.map(String.init) ?? "")
            } ?? 0 : 0
        return Run(nanoseconds: Double(seconds) * 1e9 + Double(attoseconds) / 1e9, peakKilobytes: peak, status: exit)
    }

    static func run(runs: Int, statements: Int, baselineTool: String?, into report: inout Report) throws {
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
        func measure(_ arguments: [String], _ name: String) throws -> (Double, Int) {
            let run = try spawn(arguments, folder: folder)
            guard run.status == 0 else { throw BenchmarkError.mismatch("\(name) exited with \(run.status)") }
            return (run.nanoseconds / Double(statements), run.peakKilobytes)
        }
        for (name, arguments) in [
            ("address-picker replay --quiet", ["replay", "--quiet", script]),
            ("address-picker replay -o DIR (text transcript)", ["replay", "-o", output, script]),
        ] {
            var subject: [Double] = []
            var baseline: [Double] = []
            var other: [Double] = []
            var peak = 0
            var otherPeak = 0
            for _ in 0..<runs {
                let (time, kilobytes) = try measure([tool] + arguments, name)
                subject.append(time)
                peak = max(peak, kilobytes)
                var steps = 0
                baseline.append(
                    elapsedNanoseconds { steps = (try? ReplayBenchmark.drive(cycles: cycles)) ?? 0 } / Double(statements))
                guard steps > 0 else { throw BenchmarkError.mismatch("the direct runtime did not run") }
                if let baselineTool {
                    let (time, kilobytes) = try measure([baselineTool] + arguments, name)
                    other.append(time)
                    otherPeak = max(otherPeak, kilobytes)
                }
            }
            let measurement = Measurement(name: name, nanosecondsPerOperation: subject)
            let comparison = Comparison(
                subject: measurement,
                baseline: Measurement(name: "runtime driven directly (in process)", nanosecondsPerOperation: baseline),
                note: note)
            report.add(comparison)
            report.add(
                "\(name), \(statements) statements (median; peak resident memory)",
                String(format: "%.2f s; %.1f MiB", comparison.subject.median * Double(statements) / 1e9, Double(peak) / 1024))
            if let baselineTool {
                report.add(
                    Comparison(
                        subject: measurement,
                        baseline: Measurement(name: "the same, \(baselineTool)", nanosecondsPerOperation: other),
                        note:
                            "\(note); the baseline tool's peak resident memory \(String(format: "%.1f MiB", Double(otherPeak) / 1024))"
                    ))
            }
        }
    }
}

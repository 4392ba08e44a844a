import Foundation
import ScriptFiles
import Testing

/// A run stopped by a signal, or by the file-size limit, leaves no temporary file behind.
@Suite(.timeLimit(.minutes(1))) struct SignalTests {
    /// A script long enough that writing its transcript takes a while.
    static let longScript =
        "send searchActivated\n" + String(repeating: "send queryChanged(\"Apple\")\nsend queryChanged(\"Pear\")\n", count: 60_000)

    /// The files of `folder`, by name.
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Defect: a write past `ulimit -f` killed the tool with SIGXFSZ (exit 153) and left
    /// `out/.big.transcript.PID.tmp`. It is a write error now, reported with exit 74.
    @Test func aWritePastTheFileSizeLimitIsAWriteErrorAndLeavesNothing() throws {
        let executable = try #require(Tool.executable)
        // About 400 KB of transcript, past the limit of 100 blocks.
        let script =
            "send searchActivated\n"
            + String(repeating: "send queryChanged(\"Apple\")\nsend queryChanged(\"Pear\")\n", count: 1_000)
        let folder = try Tool.folder(["big.events": script])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let result = try Tool.run(
            ["-c", "ulimit -f 100; exec \"$0\" replay -o out big.events", executable.path], in: folder,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74, "\(result.error)")
        #expect(result.error.contains("File too large"), "\(result.error)")
        #expect(Self.names(in: folder.appendingPathComponent("out")).isEmpty)
    }

    /// Defect: SIGUSR1 and SIGALRM (among others) during `replay -o` left the temporary file.
    /// Every signal that ends the run removes it first, then ends the run as the signal would.
    @Test(arguments: [SIGUSR1, SIGALRM, SIGTERM, SIGHUP, SIGUSR2, SIGVTALRM])
    func aSignalDuringAWriteRemovesTheTemporaryFile(signal number: Int32) throws {
        let executable = try #require(Tool.executable)
        let folder = try Tool.folder(["big.events": Self.longScript])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let pid = try Self.spawn(executable.path, ["replay", "-o", out.path, folder.appendingPathComponent("big.events").path])
        // Waits until the temporary file is being written, then sends the signal.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(20))
        var status: Int32 = 0
        while !Self.names(in: out).contains(where: { $0.hasSuffix(".tmp") }), clock.now < deadline {
            guard waitpid(pid, &status, WNOHANG) == 0 else {
                Issue.record("the run ended before its temporary file was seen")
                return
            }
            usleep(1_000)
        }
        kill(pid, number)
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // Ended by the signal itself (not an exit status), as an unhandled signal would end it.
        #expect(status & 0x7F == number, "wait status \(status)")
        #expect(Self.names(in: out).isEmpty, "\(Self.names(in: out))")
    }

    /// Starts `path` with `arguments`, its output discarded, with no signal blocked: a test
    /// runner's threads block some, and `Process` hands their mask down to the child.
    static func spawn(_ path: String, _ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let command = [path] + arguments
        let argv = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL) }
        return pid
    }
}

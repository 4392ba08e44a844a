import EventScripts
import Foundation

/// The temporary file being written, removed when the process is interrupted or killed by any
/// signal it can catch, so no run leaves one behind.
///
/// Only a tool's `main()` (MachineCommandLine's) installs the handlers, for the one run of its
/// process, which writes one file at a time; runs in process (a tool's tests, in parallel)
/// register nothing. ``ReplacedFile`` registers the file it writes.
package enum TemporaryFile {
    /// The path as a C string, read by the signal handler (which may not allocate).
    nonisolated(unsafe) private static var current: UnsafeMutablePointer<CChar>?
    /// Whether the handlers are installed; set once, before the run.
    nonisolated(unsafe) private static var isInstalled = false

    /// The signals whose default action ends the process and that a process can catch: each
    /// removes the temporary file first. (SIGXFSZ is not among them: it is ignored, see below.)
    static var terminatingSignals: [Int32] {
        var signals = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU]
        #if os(Linux)
            signals += [SIGIO, SIGPWR, SIGSTKFLT]
        #endif
        return signals
    }

    /// Installs the handler for every signal that would end a run (``terminatingSignals``): it
    /// removes the file being written, then ends the process as the signal would have. A write
    /// past the file-size limit (`ulimit -f`) is made an ordinary write error, which the tool
    /// reports (exit 74) and cleans up after, rather than a signal that kills it: SIGXFSZ is
    /// ignored. Called once, at start.
    package static func removeOnSignals() {
        isInstalled = true
        signal(SIGXFSZ, SIG_IGN)
        for number in terminatingSignals {
            signal(number) { number in
                if let path = TemporaryFile.current { unlink(path) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Notes `path` as the file to remove on a signal (when the handlers are installed).
    static func register(_ path: String) {
        guard isInstalled else { return }
        unregister()
        current = strdup(path)
    }

    /// Forgets the file noted, once it is moved into place or removed.
    static func unregister() {
        guard isInstalled else { return }
        let path = current
        current = nil
        free(path)
    }
}

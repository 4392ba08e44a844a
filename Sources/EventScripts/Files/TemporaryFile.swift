import Foundation

/// The temporary file being written, removed when the process is interrupted or killed by a
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

    /// Installs the handler for the signals that end a run: interrupt, terminate, hang-up and a
    /// closed pipe. Called once, at start.
    package static func removeOnSignals() {
        isInstalled = true
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            Foundation.signal(signal) { number in
                if let path = TemporaryFile.current { unlink(path) }
                Foundation.signal(number, SIG_DFL)
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal taken over for a full-screen program: raw mode (every key as it is pressed, no
/// echo, no signal keys) and the alternate screen, both given back by ``restore()``.
///
/// Call ``restore()`` on every way out (quit, a signal, an error): it is safe to call more than
/// once, and the terminal is as it was before ``start()``, the person's scrollback untouched.
package final class Terminal {
    /// The descriptor keys are read from.
    package let input: Int32
    /// The descriptor frames are written to.
    package let output: Int32
    private var saved: termios?

    /// The terminal on `input` and `output` (the process's standard input and output by default).
    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether both descriptors are terminals: a full-screen program needs them to be.
    package var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// Puts the terminal in raw mode and switches to the alternate screen, cursor hidden.
    ///
    /// - Throws: ``TerminalError`` when the terminal's settings cannot be read or changed;
    ///   nothing is changed then.
    package func start() throws(TerminalError) {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw .settings(String(cString: strerror(errno))) }
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .settings(String(cString: strerror(errno))) }
        saved = settings
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Leaves the alternate screen, shows the cursor and puts the terminal's settings back.
    /// Does nothing when the terminal was not started or is already restored.
    package func restore() {
        guard var settings = saved else { return }
        saved = nil
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(input, TCSAFLUSH, &settings)
    }

    /// The terminal's size now, or `nil` when the system does not say.
    package var size: TerminalSize? {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Writes `text` whole, retrying after interruptions and short writes; a terminal that
    /// went away is not an error here (the program notices on its next read).
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(output, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR || errno == EAGAIN { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Why a terminal could not be taken over.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Its settings could not be read or changed: the reason.
    case settings(String)

    package var description: String {
        switch self {
        case .settings(let reason): "cannot put the terminal in raw mode: \(reason)"
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

import EventScripts

/// Reports failed expectations and run-time script errors on standard error.
struct Diagnostics: TranscriptSink {
    let streams: StandardStreams
    private var file = ""

    init(streams: StandardStreams) {
        self.streams = streams
    }

    var wantsSteps: Bool { false }

    mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header(let file, _, _):
            self.file = file
        case .failure(let failure):
            streams.printError(
                "\(file):\(failure.location): expectation failed: \(failure.statement)\n"
                    + "    expected: \(failure.expected)\n    actual:   \(failure.actual)")
        case .end(.invalid(let error)):
            streams.printError(error.description)
        default:
            break
        }
    }
}

/// The text transcript (as `TextTranscript` writes it), written into a buffered output's buffer
/// as bytes: no string is made for an entry, and none of its bytes checked again as UTF-8.
struct BufferedTextTranscript: TranscriptSink {
    var output: BufferedOutput

    mutating func write(_ entry: TranscriptEntry) {
        output.append { $0.append(transcriptOf: entry) }
    }
}

/// Sends every entry to two sinks.
struct Tee<First: TranscriptSink, Second: TranscriptSink>: TranscriptSink {
    var first: First
    var second: Second

    var wantsSteps: Bool { first.wantsSteps || second.wantsSteps }
    var wantsHeldExpectations: Bool { first.wantsHeldExpectations || second.wantsHeldExpectations }

    mutating func write(_ entry: TranscriptEntry) {
        first.write(entry)
        second.write(entry)
    }
}

import EventScripts
import MachineAnalysis
import MachineRuntime

/// Hostile scripts for one vocabulary: valid seed scripts mutated byte by byte and line by line,
/// and scripts generated from the language's words, each of which must either replay or be
/// rejected with an error located inside it.
public struct HostileScripts<V: ScriptVocabulary>: Sendable {
    /// The vocabulary the scripts are checked against.
    public let vocabulary: V
    /// Valid scripts to mutate.
    public let seeds: [[UInt8]]
    /// Words and fragments of the language (and some that are not) to insert and generate from.
    public let words: [String]
    /// The start of a constructed value, inserted many times over to nest deeply (`hit(`).
    public let opening: String

    /// What became of one script.
    public enum Handling: Sendable { case valid, located, unlocated }

    /// The tally of a batch: how many replayed, and the scripts whose error was not located
    /// inside them (their first 300 bytes).
    public struct Tally: Sendable {
        public var valid = 0
        public var unlocated: [String] = []
    }

    static var bytes: [UInt8] {
        [
            0, 0x0A, 0x0D, 0x20, 0x22, 0x23, 0x28, 0x29, 0x2C, 0x2E, 0x3A, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D,
            0x30, 0x39, 0x2D, 0x41, 0x7A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF,
        ]
    }

    /// The words every script language has, whatever the machine.
    public static var languageWords: [String] {
        [
            "machine", "given", "send", "advance", "respond", "fail", "expect", "command", "commands", "dropped", "ignored",
            "==", "!=", "~=", "<", "<=", ">", ">=", "(", ")", "[", "]", ",", ":", ".", "#", "#2", "\n", " ", "\"",
            "\"Apple\"", "\\", "\\u{1F600}", "0", "-1", "40.7", "-74.0", "1e999", "99999999999999999999", "300ms", "1.5s",
            "0ms", "-5ms", "nil", "true", "false", "pending", "timers", "\u{0}", "\u{FEFF}", "é", "\r\n", "\t", "/*", "//",
        ]
    }

    /// Hostile scripts of `vocabulary` from `seeds`, inserting `words` (the machine's own, added
    /// to ``languageWords``) and runs of `opening`.
    public init(vocabulary: V, seeds: [[UInt8]], words: [String], opening: String) {
        self.vocabulary = vocabulary
        self.seeds = seeds
        self.words = Self.languageWords + ["machine \(vocabulary.machineName)"] + words
        self.opening = opening
    }

    /// A mutation of `script`: bytes or a byte range replaced, removed, repeated or spliced in
    /// from another seed, lines swapped, or a run of brackets or openings inserted.
    package func mutate(_ script: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var result = script
        for _ in 0...random.below(3) {
            let at = random.below(result.count + 1)
            switch random.below(8) {
            case 0 where !result.isEmpty:
                result[min(at, result.count - 1)] = random.pick(Self.bytes) ?? 0
            case 1:
                result.insert(random.pick(Self.bytes) ?? 0, at: at)
            case 2:
                let end = min(result.count, at + random.below(40))
                result.removeSubrange(at..<end)
            case 3:
                let end = min(result.count, at + random.below(60))
                result.insert(contentsOf: result[at..<end], at: at)
            case 4:
                result.insert(contentsOf: Array((random.pick(words) ?? "").utf8), at: at)
            case 5:
                let other = random.pick(seeds) ?? []
                let start = random.below(other.count)
                result.insert(contentsOf: other[start..<min(other.count, start + random.below(200))], at: at)
            case 6:
                var lines = result.split(separator: 0x0A, omittingEmptySubsequences: false)
                if lines.count > 1 { lines.swapAt(random.below(lines.count), random.below(lines.count)) }
                result = Array(lines.joined(separator: [0x0A]))
            default:
                let open = random.below(2) == 0 ? "[" : opening
                result.insert(contentsOf: Array(String(repeating: open, count: 1 + random.below(300)).utf8), at: at)
            }
        }
        return result
    }

    /// A script of the language's words in random order, usually after a valid header.
    package func generate(using random: inout SplitMix64) -> [UInt8] {
        var text = random.below(8) == 0 ? "" : "machine \(vocabulary.machineName)\n"
        for _ in 0..<random.below(40) {
            text += random.pick(words) ?? ""
            if random.below(3) == 0 { text += " " }
        }
        return Array(text.utf8)
    }

    /// Checks one script: valid (and replayed), or invalid at a line and column inside it.
    public func handle(_ script: [UInt8], file: String) -> Handling {
        let error: ScriptError
        do {
            let checked = try ScriptChecker(vocabulary: vocabulary).check(script, file: file)
            var sink = OutcomeOnly()
            guard case .invalid(let invalid) = try Player(vocabulary: vocabulary).play(checked, into: &sink) else {
                return .valid
            }
            error = invalid
        } catch let thrown as ScriptError {
            error = thrown
        } catch {
            preconditionFailure("reading a script in memory failed: \(error)")
        }
        // A line ends at LF, CR LF or a lone CR.
        let lines =
            script.indices.count { script[$0] == 0x0A || (script[$0] == 0x0D && script.dropFirst($0 + 1).first != 0x0A) } + 1
        let located =
            error.file == file && !error.message.isEmpty
            && (1...lines).contains(error.location.line) && error.location.column >= 1
        return located ? .located : .unlocated
    }

    /// `count` scripts from `seed`, a quarter generated and the rest mutated seeds, each handled.
    public func run(count: Int, seed: UInt64) -> Tally {
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for index in 0..<count {
            let script = random.below(4) == 0 ? generate(using: &random) : mutate(random.pick(seeds) ?? [], using: &random)
            switch handle(script, file: "fuzz-\(index).events") {
            case .valid: tally.valid += 1
            case .located: break
            case .unlocated: tally.unlocated.append(String(decoding: script.prefix(300), as: UTF8.self))
            }
        }
        return tally
    }

    /// A sink that keeps nothing: only the outcome matters.
    struct OutcomeOnly: TranscriptSink {
        var wantsSteps: Bool { false }
        mutating func write(_ entry: TranscriptEntry) {}
    }
}

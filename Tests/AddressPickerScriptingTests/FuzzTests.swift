import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineExploration
import Testing

/// Hostile scripts: the examples mutated byte by byte and line by line, and scripts generated
/// from the language's words in random order. Every one must parse and check, or fail with an
/// error located inside the script; the ones that check must replay to an outcome. A crash or a
/// hang fails the run.
@Suite("Hostile scripts of the address picker") struct FuzzTests {
    static let seeds: [[UInt8]] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".events") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { [UInt8]($0) }
        }
    }()

    /// Words and fragments of the language, and some that are not.
    static let words: [String] = [
        "machine", "address-picker", "given", "send", "advance", "respond", "fail", "expect", "command", "commands",
        "dropped", "ignored", "==", "!=", "~=", "<", "<=", ">", ">=", "(", ")", "[", "]", ",", ":", ".", "#", "#2", "\n",
        " ", "\"", "\"Apple\"", "\\", "\\u{1F600}", "0", "-1", "40.7", "-74.0", "1e999", "99999999999999999999", "300ms",
        "1.5s", "0ms", "-5ms", "nil", "true", "false", "appeared", "searchActivated", "queryChanged", "completionSelected",
        "regionChanged", "region", "center", "span", "byUser", "completion", "place", "address", "completions", "places",
        "pending", "timers", "search", "map", "==", "editing", "showingResults", "results[0].name", "query", "region.center",
        "searchDebounce", "cancel", "startTimer", "setRegion", "\u{0}", "\u{FEFF}", "é", "\r\n", "\t", "/*", "//",
    ]

    static let bytes: [UInt8] = [0, 0x0A, 0x0D, 0x20, 0x22, 0x23, 0x28, 0x29, 0x2C, 0x2E, 0x3A, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D,
                                 0x30, 0x39, 0x2D, 0x41, 0x7A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

    /// A mutation of `script`: bytes or a byte range replaced, removed, repeated or spliced in
    /// from another example, lines swapped, or a run of brackets or words inserted.
    static func mutate(_ script: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var result = script
        for _ in 0...random.below(3) {
            let at = random.below(result.count + 1)
            switch random.below(8) {
            case 0 where !result.isEmpty:
                result[min(at, result.count - 1)] = random.pick(bytes) ?? 0
            case 1:
                result.insert(random.pick(bytes) ?? 0, at: at)
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
                let open = random.below(2) == 0 ? "[" : "completion("
                result.insert(contentsOf: Array(String(repeating: open, count: 1 + random.below(300)).utf8), at: at)
            }
        }
        return result
    }

    /// A script of the language's words in random order, after a valid header.
    static func generate(using random: inout SplitMix64) -> [UInt8] {
        var text = random.below(8) == 0 ? "" : "machine address-picker\n"
        for _ in 0..<random.below(40) {
            text += random.pick(words) ?? ""
            if random.below(3) == 0 { text += " " }
        }
        return Array(text.utf8)
    }

    enum Handling { case valid, located, unlocated }

    /// Checks one script: valid, or invalid at a line and column inside it; a valid one replays.
    static func handle(_ script: [UInt8], index: Int, checker: ScriptChecker<AddressPickerVocabulary>,
                       player: Player<AddressPickerVocabulary>) -> Handling {
        let file = "fuzz-\(index).events"
        let error: ScriptError
        do {
            let program = try checker.program(from: script, file: file)
            var sink = OutcomeOnly()
            guard case .invalid(let invalid) = player.play(program, into: &sink) else { return .valid }
            error = invalid
        } catch let thrown {
            error = thrown
        }
        let lines = script.count { $0 == 0x0A } + 1
        let located = error.file == file && !error.message.isEmpty
            && (1...lines).contains(error.location.line) && error.location.column >= 1
        return located ? .located : .unlocated
    }

    struct OutcomeOnly: TranscriptSink {
        var wantsSteps: Bool { false }
        mutating func write(_ entry: TranscriptEntry) {}
    }

    /// 100,000 scripts in four batches of 25,000 that run side by side.
    @Test(arguments: 0..<4) func hostileScriptsParseOrFailWithALocatedError(batch: Int) throws {
        try #require(Self.seeds.count >= 6, "the examples seed the mutations")
        let checker = ScriptChecker(vocabulary: AddressPickerVocabulary())
        let player = Player(vocabulary: AddressPickerVocabulary())
        var random = SplitMix64(seed: UInt64(batch))
        var unlocated: [String] = []
        var valid = 0
        for index in 0..<25_000 {
            let script = random.below(4) == 0 ? Self.generate(using: &random)
                                              : Self.mutate(random.pick(Self.seeds) ?? [], using: &random)
            switch Self.handle(script, index: index, checker: checker, player: player) {
            case .valid: valid += 1
            case .located: break
            case .unlocated: unlocated.append(String(decoding: script.prefix(300), as: UTF8.self))
            }
        }
        #expect(unlocated.isEmpty, "\(unlocated.count) scripts failed without a location inside them, e.g. \(unlocated.prefix(3))")
        #expect(valid > 250, "some mutations stay valid and replay: \(valid)")
        #expect(valid < 22_500, "most mutations are invalid: \(valid)")
    }
}

import EventScripts
import MachineRuntime

/// Writes a script's expectations from what its replay did, in the manner of expect tests: fills
/// each bare `expect` with the exact expectations of the input before it, and rewrites each
/// failed `expect PATH == VALUE` (or `~=`) and `expect commands [...]` to the actual value.
///
/// Only those ranges change: comments, blank lines, spacing, line breaks and every other
/// statement stay byte for byte. A filled `expect` keeps its indentation on each line it becomes,
/// and its line's break (LF, CR LF or CR). An expectation the update cannot make hold (`!=`, `<`,
/// `expect REGION in STATE`, `expect command`, `expect dropped`, `expect ignored`, a path that
/// reads nothing, a value the script language cannot write) stays as written and still fails.
package struct ScriptUpdater<V: ScriptVocabulary>: Sendable {
    /// The vocabulary's machine.
    public typealias M = V.Machine

    /// Checks the script and its update.
    package let checker: ScriptChecker<V>
    /// Replays them.
    package let player: Player<V>

    /// An updater of scripts of `vocabulary`'s machine.
    package init(vocabulary: V) {
        self.checker = ScriptChecker(vocabulary: vocabulary)
        self.player = Player(vocabulary: vocabulary)
    }

    /// The update of the script `bytes`, read from `file`, replayed with `provider` if given.
    ///
    /// - Throws: the `ScriptError` that makes the script invalid (it has no update), or, should
    ///   a rewrite ever make it invalid, that error: an invalid script is never written.
    package func update(_ bytes: [UInt8], file: String, provider: Provider<M>? = nil) throws(ScriptError) -> ScriptUpdate {
        let before = try replay(bytes, file: file, provider: provider)
        let rewrites = before.failures.compactMap(\.rewrite)
        guard !rewrites.isEmpty else {
            return ScriptUpdate(
                original: bytes, updated: bytes, edits: [], rewrites: 0, outcome: before.outcome, failures: before.failures)
        }
        let (updated, edits) = Self.apply(rewrites, to: bytes)
        let after = try replay(updated, file: file, provider: provider)
        return ScriptUpdate(
            original: bytes, updated: updated, edits: edits, rewrites: rewrites.count,
            outcome: after.outcome, failures: after.failures)
    }

    private func replay(_ bytes: [UInt8], file: String, provider: Provider<M>?) throws(ScriptError) -> FailureCollector {
        var collector = FailureCollector()
        let script = try checker.check(bytes, file: file)
        let outcome: Outcome
        do {
            outcome = try player.play(script, provider: provider, into: &collector)
        } catch let error as ScriptError {
            throw error
        } catch {
            preconditionFailure("reading bytes in memory failed: \(error)")
        }
        if case .invalid(let error) = outcome { throw error }
        collector.outcome = outcome
        return collector
    }

    /// `bytes` with `rewrites` made (at most one per line, as a statement is one line), and the
    /// edit script from the old lines to the new.
    static func apply(_ rewrites: [ExpectationRewrite], to bytes: [UInt8]) -> (bytes: [UInt8], edits: [TextDiff.Edit]) {
        let lines = TextDiff.lines(bytes[...])
        let firstBreak = lines.first.map(lineBreak) ?? []
        let byLine = Dictionary(rewrites.map { ($0.range.lowerBound.line, $0) }, uniquingKeysWith: { first, _ in first })
        var updated: [UInt8] = []
        updated.reserveCapacity(bytes.count + bytes.count / 4)
        var edits: [TextDiff.Edit] = []
        edits.reserveCapacity(lines.count + rewrites.count)
        for (index, line) in lines.enumerated() {
            guard let rewrite = byLine[index + 1], rewrite.range.lowerBound.line == rewrite.range.upperBound.line else {
                updated += line
                edits.append(.same(line))
                continue
            }
            let lineBreak = lineBreak(line)
            let content = line.dropLast(lineBreak.count)
            let start = offset(of: rewrite.range.lowerBound.column, in: content)
            let end = offset(of: rewrite.range.upperBound.column, in: content)
            let indent =
                content[content.startIndex..<start].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                ? Array(content[content.startIndex..<start]) : []
            let between = lineBreak.isEmpty ? (firstBreak.isEmpty ? [UInt8(ascii: "\n")] : firstBreak) : lineBreak
            edits.append(.removed(line))
            for (position, text) in rewrite.lines.enumerated() {
                var newLine = position == 0 ? Array(content[content.startIndex..<start]) : indent
                newLine += Array(text.utf8)
                if position == rewrite.lines.count - 1 {
                    newLine += content[end...]
                    newLine += lineBreak
                } else {
                    newLine += between
                }
                updated += newLine
                edits.append(.added(newLine[...]))
            }
        }
        return (updated, edits)
    }

    /// The line break that ends `line`: LF, CR LF, CR, or none.
    private static func lineBreak(_ line: ArraySlice<UInt8>) -> [UInt8] {
        if line.last == UInt8(ascii: "\n") {
            return line.dropLast().last == UInt8(ascii: "\r") ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]
        }
        return line.last == UInt8(ascii: "\r") ? [UInt8(ascii: "\r")] : []
    }

    /// The byte offset of `column` (counted in Unicode scalars from 1) in `line`.
    private static func offset(of column: Int, in line: ArraySlice<UInt8>) -> Int {
        var scalars = 1
        var index = line.startIndex
        while index < line.endIndex, scalars < column {
            index += 1
            if index >= line.endIndex || line[index] & 0xC0 != 0x80 { scalars += 1 }
        }
        return index
    }
}

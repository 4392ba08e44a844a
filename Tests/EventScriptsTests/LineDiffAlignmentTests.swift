import MachineAnalysis
import MachineRuntime
import Testing

@testable import ScriptFiles

/// `TextDiff.align` (Myers' algorithm in linear space) against a longest common subsequence
/// computed by the full table: every alignment turns the old lines into the new ones and keeps as
/// many lines as the longest common subsequence has.
@Suite("Line diff alignment") struct LineDiffAlignmentTests {
    /// The length of a longest common subsequence of `a` and `b`, by the quadratic table.
    func commonLength(_ a: [Substring], _ b: [Substring]) -> Int {
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                lengths[i][j] =
                    a[i].utf8.elementsEqual(b[j].utf8) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        return lengths[0][0]
    }

    func check(_ old: [Substring], _ new: [Substring]) {
        let edits = TextDiff.align(old.map { Array($0.utf8)[...] }, new.map { Array($0.utf8)[...] })
        var (olds, news, kept) = ([ArraySlice<UInt8>](), [ArraySlice<UInt8>](), 0)
        for edit in edits {
            switch edit {
            case .same(let line): olds.append(line); news.append(line); kept += 1
            case .removed(let line): olds.append(line)
            case .added(let line): news.append(line)
            }
        }
        #expect(olds.map { Array($0) } == old.map { Array($0.utf8) }, "\(old) → \(new)")
        #expect(news.map { Array($0) } == new.map { Array($0.utf8) }, "\(old) → \(new)")
        #expect(kept == commonLength(old, new), "\(old) → \(new): \(edits)")
    }

    @Test func randomLinesAlignAsTheLongestCommonSubsequence() {
        var random = SplitMix64(seed: 20)
        let alphabet: [Substring] = ["a", "b", "c", "d", "", "e\u{301}", "\u{E9}"]
        for round in 0..<2_000 {
            let letters = 2 + round % 5
            func lines() -> [Substring] {
                (0..<Int(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(letters))] }
            }
            check(lines(), lines())
        }
    }

    @Test func edgeCases() {
        check([], [])
        check(["a"], [])
        check([], ["a"])
        check(["a", "b", "c"], ["x", "y", "z"])
        check(["a", "b", "c", "a", "b", "b", "a"], ["c", "b", "a", "b", "a", "c"])
        // Canonically equal but different bytes: never the same line.
        check(["\u{E9}"], ["e\u{301}"])
    }

    @Test func removalsComeBeforeAdditionsInARun() {
        func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }
        let edits = TextDiff.unified(
            TextDiff.align(["k", "a", "b", "k"].map(line), ["k", "x", "y", "k"].map(line)), context: 1,
            missingNewline: .markedWhenEndingsDiffer)
        #expect(edits == "@@ -1,4 +1,4 @@\n k\n-a\n-b\n+x\n+y\n k\n")
    }
}

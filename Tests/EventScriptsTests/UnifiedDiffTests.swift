import EventScripts
import Foundation
import MachineAnalysis
import MachineRuntime
import ScriptFiles
import Testing

@Suite("Unified diffs") struct UnifiedDiffTests {
    /// The edit script of `old` into `new` when `new` is `old` with the lines at `replaced`
    /// (old line numbers from 1) replaced by `with`, in order.
    static func edits(_ old: String, replacing replaced: [Int: [String]]) -> (edits: [TextDiff.Edit], new: String) {
        var edits: [TextDiff.Edit] = []
        var new = ""
        for (index, line) in TextDiff.lines(Array(old.utf8)[...]).enumerated() {
            guard let replacement = replaced[index + 1] else {
                edits.append(.same(line))
                new += String(decoding: line, as: UTF8.self)
                continue
            }
            edits.append(.removed(line))
            for text in replacement {
                edits.append(.added(Array(text.utf8)[...]))
                new += text
            }
        }
        return (edits, new)
    }

    static func render(_ edits: [TextDiff.Edit]) -> String? {
        TextDiff.unified(edits, header: ["--- a/f", "+++ b/f"], missingNewline: .marked)
    }

    @Test func linesKeepTheirBreaks() {
        let lines = TextDiff.lines(Array("a\nb\r\nc\rd".utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines == ["a\n", "b\r\n", "c\r", "d"])
        #expect(TextDiff.lines([]).isEmpty)
    }

    /// Found by the snapshot-diff fuzz target: a last line a lone CR ends made a diff whose
    /// last line had no LF.
    @Test func aLineALoneCREndsIsADiffLineThatEndsWithLF() throws {
        let diff = try #require(
            TextDiff.unified(from: "H\n\u{FFFD}\r", to: "", missingNewline: .markedWhenEndingsDiffer))
        #expect(diff == "@@ -1,2 +0,0 @@\n-H\n-\u{FFFD}\r\n")
        let marked = try #require(TextDiff.unified(from: "a\rb", to: "a\rc", missingNewline: .marked))
        #expect(marked == "@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }

    @Test func noChangeIsNoDiff() {
        #expect(Self.render(Self.edits("a\nb\n", replacing: [:]).edits) == nil)
    }

    @Test func oneLineChangedInTheMiddleOfTen() {
        let old = (1...10).map { "\($0)\n" }.joined()
        #expect(
            Self.render(Self.edits(old, replacing: [5: ["five\n"]]).edits) == """
                --- a/f
                +++ b/f
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8

                """)
    }

    @Test func aLineBecomesThreeAtTheStartAndCountsOfOneAreLeftOut() {
        #expect(
            Self.render(Self.edits("x\ny\n", replacing: [1: ["a\n", "b\n", "c\n"]]).edits) == """
                --- a/f
                +++ b/f
                @@ -1,2 +1,4 @@
                -x
                +a
                +b
                +c
                 y

                """)
        #expect(Self.render(Self.edits("x\n", replacing: [1: ["y\n"]]).edits) == "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n+y\n")
        #expect(Self.render(Self.edits("x\n", replacing: [1: []]).edits) == "--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-x\n")
    }

    @Test func changesSixLinesApartShareAHunkAndSevenApartDoNot() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let near = Self.render(Self.edits(old, replacing: [4: ["X\n"], 11: ["Y\n"]]).edits) ?? ""
        #expect(near.components(separatedBy: "@@ -").count == 2)
        #expect(near.contains("@@ -1,14 +1,14 @@\n"))
        let far = Self.render(Self.edits(old, replacing: [4: ["X\n"], 12: ["Y\n"]]).edits) ?? ""
        #expect(
            far.contains(
                "@@ -1,7 +1,7 @@\n 1\n 2\n 3\n-4\n+X\n 5\n 6\n 7\n@@ -9,7 +9,7 @@\n 9\n 10\n 11\n-12\n+Y\n 13\n 14\n 15\n"))
    }

    @Test func aLastLineWithoutABreakIsMarked() {
        #expect(
            Self.render(Self.edits("a\nb", replacing: [2: ["c"]]).edits) == """
                --- a/f
                +++ b/f
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +c
                \\ No newline at end of file

                """)
    }

    /// Random replacements in a file of distinct lines, whose diff is unique: the same as
    /// `diff -u` prints, when `diff` is installed.
    @Test func randomEditsMatchDiffU() throws {
        let diff = ["/usr/bin/diff", "/bin/diff"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let diff else {
            print("diff is not installed: the comparison with diff -u is skipped")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unified-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: 11)
        var compared = 0
        for round in 0..<40 {
            let count = 1 + random.below(60)
            let old = (1...count).map { "line \($0)\n" }.joined()
            var replaced: [Int: [String]] = [:]
            for line in 1...count where random.below(6) == 0 {
                replaced[line] = (0..<random.below(4)).map { "new \(line).\($0)\n" }
            }
            let (edits, new) = Self.edits(old, replacing: replaced)
            let oldURL = folder.appendingPathComponent("old-\(round)")
            let newURL = folder.appendingPathComponent("new-\(round)")
            try Data(old.utf8).write(to: oldURL)
            try Data(new.utf8).write(to: newURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: diff)
            process.arguments = ["-u", "--label", "a/f", "--label", "b/f", oldURL.path, newURL.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let expected = String(decoding: output, as: UTF8.self)
            #expect(Self.render(edits) ?? "" == expected, "round \(round): \(replaced)")
            compared += expected.isEmpty ? 0 : 1
        }
        #expect(compared > 30)
    }
}

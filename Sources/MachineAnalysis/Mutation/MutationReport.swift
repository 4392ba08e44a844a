import Foundation

/// How strong a machine's scripts are: for each mutant of its table (one planted fault), whether
/// a script noticed it, and the score, the share of mutants killed.
///
/// A mutant is *killed* when a script's expectation fails on it, or when a script cannot go on
/// (an answer to a request the mutant never made); it *survives* when every script passes. A
/// survivor is a fault the scripts would not notice: a row they never reach, or a change they
/// reach but do not check.
public struct MutationReport: Sendable, Equatable, Codable {
    /// The machine's name.
    public let machine: String
    /// The scripts replayed, as named on the command line.
    public let scripts: [String]
    /// Every mutant's result, in the order the mutants were made (table order).
    public let results: [Result]

    /// One mutant and what became of it.
    public struct Result: Sendable, Equatable, Codable {
        /// The mutant's stable name: the row's id, then what changed (`open/target=closed`).
        public let id: String
        /// The id of the row the fault is in.
        public let row: String
        /// The kind of fault (`target-changed`, `command-dropped`, …).
        public let fault: String
        /// What changed, in words.
        public let description: String
        /// The script that killed it and how, or `nil` when it survived.
        public let killedBy: Kill?
        /// For a survivor, where the scripts fired its row (`file:line` of the input), at most
        /// three; empty when no script reaches it.
        public let reachedAt: [String]

        /// Whether every script passed on the mutant.
        public var survived: Bool { killedBy == nil }

        package init(id: String, row: String, fault: String, description: String, killedBy: Kill?, reachedAt: [String]) {
            self.id = id
            self.row = row
            self.fault = fault
            self.description = description
            self.killedBy = killedBy
            self.reachedAt = reachedAt
        }
    }

    /// How a script killed a mutant.
    public struct Kill: Sendable, Equatable, Codable {
        /// The script's name.
        public let script: String
        /// Where it noticed (`file:line`): the first failed expectation, or where it could not go on.
        public let location: String
        /// `failed` (an expectation failed) or `invalid` (the script could not go on).
        public let outcome: String

        package init(script: String, location: String, outcome: String) {
            self.script = script
            self.location = location
            self.outcome = outcome
        }
    }

    /// The survivors that the `--suggest` search found no script to tell apart from the machine,
    /// and how deep it searched for each: most likely equivalent mutants, which no script can
    /// kill. `nil` when no search ran.
    package var undistinguished: [Undistinguished]?

    /// A survivor that no script of up to `depth` inputs tells apart from the machine.
    package struct Undistinguished: Sendable, Equatable, Codable {
        /// The mutant's id.
        package let id: String
        /// The longest input sequence the search tried.
        package let depth: Int

        package init(id: String, depth: Int) {
            self.id = id
            self.depth = depth
        }
    }

    package init(machine: String, scripts: [String], results: [Result]) {
        self.machine = machine
        self.scripts = scripts
        self.results = results
    }

    /// How many mutants were killed.
    public var killed: Int { results.count { !$0.survived } }
    /// The mutants that survived, in table order.
    public var survivors: [Result] { results.filter(\.survived) }
    /// The percentage of mutants killed (100 when there are none).
    public var score: Double { results.isEmpty ? 100 : Double(killed) * 100 / Double(results.count) }

    /// The score with one decimal: `92.5%`.
    package var scoreText: String { String(format: "%.1f%%", score) }

    /// How many mutants a script can tell apart: all but the survivors in ``undistinguished``.
    package var distinguishable: Int { results.count - (undistinguished?.count ?? 0) }

    /// The percentage killed of the mutants a script can tell apart (100 when there are none):
    /// the score that leaves out the likely equivalent mutants.
    var distinguishableScore: Double {
        distinguishable == 0 ? 100 : Double(killed) * 100 / Double(distinguishable)
    }

    /// The report as the `mutate` command prints it: the totals, then each survivor under its
    /// row, with where the scripts reach the row.
    package var text: String {
        var lines = [
            "\(machine): \(results.count.counted("mutant")), \(killed) killed, \(results.count - killed) survived: score \(scoreText)"
        ]
        if let undistinguished {
            let depths = undistinguished.map(\.depth)
            let bound =
                depths.min() == depths.max() ? "\(depths.first ?? 0)" : "\(depths.min() ?? 0) to \(depths.max() ?? 0)"
            let inputs = bound == "1" ? "input" : "inputs"
            let left =
                switch undistinguished.count {
                case 0: ""
                case 1: " (the survivor that no script of up to \(bound) \(inputs) told apart is left out)"
                default:
                    " (the \(undistinguished.count) survivors that no script of up to \(bound) \(inputs) told apart are left out)"
                }
            lines.append(
                "counting only the \(distinguishable.counted("mutant")) a script can tell apart: score "
                    + String(format: "%.1f%%", distinguishableScore) + left)
        }
        var row: String?
        for survivor in survivors {
            if survivor.row != row {
                row = survivor.row
                let reach =
                    survivor.reachedAt.isEmpty
                    ? "no script reaches it" : "reached at \(survivor.reachedAt.joined(separator: ", "))"
                lines.append("")
                lines.append("row \(survivor.row) (\(reach))")
            }
            let change = survivor.description.dropFirst(
                survivor.description.hasPrefix("row \(survivor.row): ") ? "row \(survivor.row): ".count : 0)
            lines.append("  \(survivor.id): \(change)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON, keys sorted: the same bytes for the same report.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let summary = Summary(
            machine: machine, scripts: scripts, mutants: results.count, killed: killed, survived: results.count - killed,
            score: (score * 10).rounded() / 10, distinguishable: undistinguished.map { _ in distinguishable },
            distinguishableScore: undistinguished.map { _ in (distinguishableScore * 10).rounded() / 10 },
            undistinguished: undistinguished, results: results)
        guard let data = try? encoder.encode(summary) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What `--format json` prints.
    private struct Summary: Encodable {
        let machine: String
        let scripts: [String]
        let mutants: Int
        let killed: Int
        let survived: Int
        let score: Double
        /// With `--suggest`: the mutants a script can tell apart, the score among them, and
        /// the survivors left out.
        let distinguishable: Int?
        let distinguishableScore: Double?
        let undistinguished: [Undistinguished]?
        let results: [Result]
    }
}

import EventScripts

/// What ``ScriptUpdater`` made of a script: its new text, what changed, and how the new text
/// replays.
package struct ScriptUpdate: Sendable {
    /// The script as it was.
    package let original: [UInt8]
    /// The script with its expectations written: the same bytes when nothing needed writing.
    package let updated: [UInt8]
    /// The old lines to the new, for ``diff(from:to:)``.
    let edits: [TextDiff.Edit]
    /// How many expectations were rewritten or filled.
    package let rewrites: Int
    /// How the updated script replays: failures are those the update could not make hold.
    package let outcome: Outcome
    /// The expectations that still fail in the updated script, in order.
    package let failures: [ExpectationFailure]

    /// Whether the update changes the script.
    package var changesScript: Bool { rewrites > 0 }

    /// The unified diff from the original to the updated script, its files named `oldName` and
    /// `newName` (`a/FILE`, `b/FILE`), or `nil` when nothing changes.
    package func diff(from oldName: String, to newName: String) -> String? {
        TextDiff.unified(edits, header: ["--- \(oldName)", "+++ \(newName)"], missingNewline: .marked)
    }
}

/// Keeps the failures of a replay and nothing else.
struct FailureCollector: TranscriptSink {
    var failures: [ExpectationFailure] = []
    var outcome = Outcome.passed(expectations: 0)

    var wantsSteps: Bool { false }

    mutating func write(_ entry: TranscriptEntry) {
        if case .failure(let failure) = entry { failures.append(failure) }
    }
}

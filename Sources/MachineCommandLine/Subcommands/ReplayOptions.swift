import ScriptFiles

/// `replay`'s options, each declared once: the parser, the usage line, `--help` and the errors of
/// options that do not go together come from these declarations.
struct ReplayOptions {
    enum Format: String, CaseIterable { case text, json }

    let quiet = Option(
        flag: "quiet", short: "q",
        help:
            "Print one line per script instead of its transcript: PASS, FAIL, INVALID, UNREADABLE (the script could not be read) or ERROR (a file could not be read or written as it ran)."
    )
    let format = Option(
        "format", "format", .choices(Format.self), default: .text,
        help: "text, or json for JSON Lines: one object per entry, or per script with --quiet.")
    let output = Option(
        "output", short: "o", "directory", .folder,
        help: "Write each transcript to <directory>/NAME.transcript (.jsonl for json), atomically.")
    let provider: Option<String?>
    /// `--save-state` and `--from-state`: declared whether or not the machine's states can be
    /// saved, listed only when they can (unlisted, they are never given).
    let saveState = Option(
        "save-state", "file", .file, help: "Write the state the script ends in to <file> (JSON), atomically; one script only.")
    let fromState = Option(
        "from-state", "file", .file, help: "Start every script from the state saved in <file> instead of a new machine.")
    let snapshot: Option<String?>
    let record: Option<SnapshotRecordMode?>
    let html: Option<String?>
    let update: Option<Bool>
    let check: Option<Bool>
    /// Whether `--save-state` and `--from-state` are listed.
    let savesStates: Bool

    init(provider: Option<String?>, savesStates: Bool) {
        self.provider = provider
        self.savesStates = savesStates
        let savedStateOptions: [any AnyOption] = savesStates ? [saveState, fromState] : []
        snapshot = Option(
            "snapshot", "directory", .folder,
            help: "Compare each transcript with <directory>/NAME.transcript instead of printing it.",
            conflictsWith: [output, format] + savedStateOptions)
        record = Option(
            "record", "mode", .choices(SnapshotRecordMode.self), alone: .missing,
            help: "Write missing references (or all, with --record=all).", requires: [snapshot])
        html = ReplayOptions.html(conflictsWith: [output, snapshot, record] + savedStateOptions)
        update = Option(
            flag: "update",
            help:
                "Write the expectations: fill each bare expect and rewrite each failing == and commands [...]; print a diff of each change.",
            conflictsWith: [snapshot, record, output, format, quiet, html] + savedStateOptions)
        check = Option(
            flag: "check", help: "Print the diffs and exit 1 if a script would change, writing nothing (for CI).",
            requires: [update])
    }

    /// Every option, in the order usage and help list them.
    var all: [any AnyOption] {
        [quiet, format, output, provider, snapshot, record, html, update, check] + (savesStates ? [saveState, fromState] : [])
    }
}

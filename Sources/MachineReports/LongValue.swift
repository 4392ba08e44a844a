import MachineDiagrams

/// Values a page shows (inputs, field values, commands, expectations) are shortened past
/// ``ReplaySummary/valueLimit`` characters, with a marker that says so and how long the value was, so that a page
/// grows with its steps and not with its strings: a script whose inputs carry 40 KB strings
/// gets a page of a few kilobytes a step. The transcript (`replay` without `--html`) keeps them whole.
enum LongValue {
    /// `value` as HTML text (quotes kept, as ``Escaping/text(_:)``), shortened past ``ReplaySummary/valueLimit``.
    static func text(_ value: String) -> String {
        let count = value.count
        guard count > ReplaySummary.valueLimit else { return Escaping.text(value) }
        return Escaping.text(String(value.prefix(ReplaySummary.valueLimit)))
            + "<span class=cut>… [shortened: \(count) characters]</span>"
    }
}

/// Statements as a script writes them, for transcripts and generated scripts.
public enum StatementText {
    /// `respond kind value`, `respond places(region, [...])` or `fail kind "message"` for an answer
    /// event rendered as `value` (a record named after the event: `completions([...])`,
    /// `completionsFailed("message")`); `reference` is the kind, with `#N` if wanted.
    public static func answer(_ reference: String, _ value: Value) -> String {
        guard case .record(let name, let fields) = value else { return "respond \(reference) \(value)" }
        if name.hasSuffix("Failed") {
            let message = fields.first?.value ?? .null
            return "fail \(reference)" + (message == .null ? "" : " \(message)")
        }
        if fields.count == 1 { return "respond \(reference) \(fields[0].value)" }
        return "respond \(reference)" + value.description.dropFirst(name.count)
    }
}

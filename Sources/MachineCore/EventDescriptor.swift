/// Which events a row takes, as SCXML's event descriptors say (§3.12.1): `*` takes every event;
/// a name takes the event of that name and every event whose name continues it after a dot, so
/// that `error` (or `error.*`, or `error.`) takes `error.execution` and `error.communication`.
/// Several descriptors, separated by spaces, take what any of them takes.
///
/// ```swift
/// Row("anyError", in: link, from: .any, on: "error", to: .failed)
/// Row("logAll", in: log, from: .any, on: "*") { context, event, _ in context.seen += 1 }
/// ```
///
/// A row on a descriptor competes, in table order, with the rows on the events it takes. It
/// takes the machine's events (by ``IndexedCase/name``, whose dots it reads) and the done events
/// of its states (`done.state.NAME`), never the firing of a delay declared without a timer.
public struct EventDescriptor: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The descriptors, each without a trailing `.*` or `.`; `*` for every event.
    let tokens: [String]

    /// The descriptors in `text`, separated by spaces (`"error.* done.state.login"`); a string
    /// literal where a descriptor is expected is one, and `EventDescriptor(stringLiteral:)` makes
    /// one of a string at run time.
    package init(_ text: String) {
        tokens = text.split(separator: " ").map { token in
            if token.hasSuffix(".*") { return String(token.dropLast(2)) }
            // SCXML §3.12.1: `error.` is `error`, as `error.*` is.
            if token.count > 1, token.hasSuffix(".") { return String(token.dropLast()) }
            return String(token)
        }
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// Whether it takes the event named `name`.
    package func matches(_ name: String) -> Bool {
        tokens.contains { token in
            token == "*" || name == token || (name.hasPrefix(token) && name.dropFirst(token.count).first == ".")
        }
    }

    /// The descriptors as SCXML writes them: `*`, `error`, `a b`.
    package var description: String { tokens.joined(separator: " ") }
}

/// The "did you mean …?" of a mistyped word (an event, a field, a state in a script; a
/// subcommand, an option or a choice on the command line): the known word nearest to what was
/// typed, when it is near enough to be the one meant.
@usableFromInline package enum Suggestion {
    /// The word of `candidates` nearest to `typed`, by edit distance (a letter added, removed,
    /// changed, or two neighbours swapped: `replya` is one edit from `replay`), when it is at
    /// most one edit away from a word of up to five letters (`brew` is not a mistyped `beep`),
    /// two from a longer one; the first of equals.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        guard typed.count >= 2 else { return nil }
        let limit = typed.count < 6 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let distance = editDistance(Array(typed), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The optimal-string-alignment distance between `a` and `b`: the fewest insertions,
    /// deletions, substitutions and transpositions of adjacent characters that turn one into
    /// the other.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// The message of an unknown word: `unknown event 'queryChangd'; did you mean
    /// 'queryChanged'?` when one of `names` is near it, else the list of `names` (`; expected
    /// one of …`), or that there is none to choose from. `what` names the kind of word (`event`,
    /// or nothing), `owner` what it is of (`unknown state 'x' of map`).
    @usableFromInline
    package static func unknown(_ what: String, _ typed: String, of owner: String? = nil, among names: [String]) -> String {
        let word = (what.isEmpty ? "unknown" : "unknown \(what)") + " '\(typed)'" + (owner.map { " of \($0)" } ?? "")
        if let near = closest(to: typed, among: names) { return "\(word); did you mean '\(near)'?" }
        guard !names.isEmpty else { return "\(word); there are none to choose from" }
        return "\(word); expected one of \(names.joined(separator: ", "))"
    }
}

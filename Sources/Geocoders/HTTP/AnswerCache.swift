import Foundation

/// The bodies of the answers to the requests made most recently, by URL, at most `capacity` of them; the one
/// used longest ago goes first. Services ask clients to cache (Nominatim's policy does), and the
/// picker asks again for what it showed a moment ago (a query typed back, the map panned back).
actor AnswerCache {
    private let capacity: Int
    /// The entries, most recently used last: a few hundred at most, so a linear search serves.
    private var entries: [(key: String, answer: Data)] = []

    /// A cache of `capacity` answers; zero or less keeps none.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The answer kept for `key`, which becomes the most recently used.
    func answer(for key: String) -> Data? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.answer
    }

    /// Keeps `answer` for `key`, dropping the entry used longest ago when full.
    func keep(_ answer: Data, for key: String) {
        guard capacity > 0 else { return }
        entries.removeAll { $0.key == key }
        if entries.count == capacity { entries.removeFirst() }
        entries.append((key, answer))
    }
}

/// A suggestion for what the person is typing: a title and a subtitle ("Apple Store", "Search Nearby").
public struct Completion: Hashable, Sendable, Codable {
    /// The suggestion's main line.
    public var title: String
    /// Its second line: where it is, or "Search Nearby" for a collection of places.
    public var subtitle: String

    /// A completion.
    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}

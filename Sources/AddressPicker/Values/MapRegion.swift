/// The part of the map on screen: its centre and its span.
public struct MapRegion: Hashable, Sendable, Codable {
    /// The centre of the map.
    public var center: Coordinate
    /// The height and width shown.
    public var span: Span

    /// A region of `span` around `center`.
    public init(center: Coordinate, span: Span) {
        self.center = center
        self.span = span
    }
}

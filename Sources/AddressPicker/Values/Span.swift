/// How much of the map a region shows: its height and width in degrees.
///
/// Spans are not capped: a region computed to hold places around the globe may be wider than 180°.
public struct Span: Hashable, Sendable, Codable {
    /// The height in degrees of latitude.
    public var latitudeDelta: Double
    /// The width in degrees of longitude.
    public var longitudeDelta: Double

    /// A span of the given height and width.
    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

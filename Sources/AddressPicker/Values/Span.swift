/// How much of the map a region shows: its height and width in degrees.
///
/// A span's deltas are finite numbers: a span of infinity or NaN degrees cannot be constructed,
/// so that every region a machine sees can be written in a script and replayed. Spans are not
/// capped: a region computed to hold places around the globe may be wider than 180°.
public struct Span: Hashable, Sendable {
    /// The height in degrees of latitude.
    public let latitudeDelta: Double
    /// The width in degrees of longitude.
    public let longitudeDelta: Double

    /// A span of the given height and width, checked.
    ///
    /// - Throws: ``SpanError`` when either delta is infinite or not a number.
    public init(latitudeDelta: Double, longitudeDelta: Double) throws(SpanError) {
        guard latitudeDelta.isFinite else { throw .notFinite(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta) }
        guard longitudeDelta.isFinite else { throw .notFinite(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta) }
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    /// A span whose deltas the caller knows to be finite (a literal, or computed inside the
    /// package from finite values).
    package init(checkedLatitudeDelta latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// Why a span could not be constructed.
public enum SpanError: Error, Equatable, CustomStringConvertible {
    /// A delta is infinite or not a number.
    case notFinite(latitudeDelta: Double, longitudeDelta: Double)

    public var description: String {
        switch self {
        case .notFinite(let latitude, let longitude): "span(\(latitude), \(longitude)) is not finite"
        }
    }
}

extension Span: Codable {
    private enum CodingKeys: String, CodingKey { case latitudeDelta, longitudeDelta }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitudeDelta, forKey: .latitudeDelta)
        try container.encode(longitudeDelta, forKey: .longitudeDelta)
    }

    /// Decodes a span whose deltas are finite.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                latitudeDelta: try container.decode(Double.self, forKey: .latitudeDelta),
                longitudeDelta: try container.decode(Double.self, forKey: .longitudeDelta))
        } catch let error as SpanError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

import Foundation

/// A point on the Earth: latitude and longitude in degrees.
///
/// A coordinate is always valid: latitude in −90…90 and longitude in −180…180, both finite. An
/// out-of-range value cannot be constructed, so no machine ever sees one.
public struct Coordinate: Hashable, Sendable {
    /// Degrees north of the equator, −90…90.
    public let latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public let longitude: Double

    /// A coordinate, checked.
    ///
    /// - Throws: ``CoordinateError`` when either value is out of range or not a number.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A coordinate the caller has already checked (computed inside the package).
    init(checkedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth used for distances, in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance to `other` in metres, by the haversine formula on a sphere of
    /// radius ``earthRadius``.
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let φ1 = latitude * radians
        let φ2 = other.latitude * radians
        let Δφ = (other.latitude - latitude) * radians
        let Δλ = (other.longitude - longitude) * radians
        let sinΔφ = sin(Δφ / 2)
        let sinΔλ = sin(Δλ / 2)
        let h = sinΔφ * sinΔφ + cos(φ1) * cos(φ2) * sinΔλ * sinΔλ
        return 2 * Coordinate.earthRadius * asin(min(1, h.squareRoot()))
    }
}

/// Why a coordinate could not be constructed.
public enum CoordinateError: Error, Equatable, CustomStringConvertible {
    /// The latitude is not in −90…90.
    case latitudeOutOfRange(Double)
    /// The longitude is not in −180…180.
    case longitudeOutOfRange(Double)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value): "latitude \(value) is outside -90...90"
        case .longitudeOutOfRange(let value): "longitude \(value) is outside -180...180"
        }
    }
}

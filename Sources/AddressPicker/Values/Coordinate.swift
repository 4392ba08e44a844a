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

    /// The coordinate nearest to the given values: latitude clamped into −90…90, longitude into
    /// −180…180, a value that is not a number taken as 0. For data already known to be in range
    /// (a loaded gazetteer), where a thrown error could not happen.
    public init(clampingLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude.isNaN ? 0 : min(90, max(-90, latitude))
        self.longitude = longitude.isNaN ? 0 : min(180, max(-180, longitude))
    }

    /// A coordinate the caller has already checked (computed inside the package).
    init(checkedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean radius of the Earth used for distances, in metres (IUGG).
    package static let earthRadius = 6_371_008.8

    /// The great-circle distance to `other` in metres, by the haversine formula on a sphere of
    /// radius `earthRadius`.
    public func distance(to other: Coordinate) -> Double {
        Coordinate.distance(latitude, longitude, other.latitude, other.longitude)
    }

    /// The haversine distance in metres between two positions given in degrees.
    package static func distance(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let φ1 = latitude1 * radians
        let φ2 = latitude2 * radians
        let Δφ = (latitude2 - latitude1) * radians
        let Δλ = (longitude2 - longitude1) * radians
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

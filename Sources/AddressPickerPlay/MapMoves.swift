import AddressPicker

/// Where the map keys move the map: pans by a quarter of the span, zooms by a factor of two.
enum MapMove: Equatable, Sendable {
    case north, south, east, west
    case zoomIn, zoomOut

    /// The smallest span a zoom reaches, in degrees (about 500 m).
    package static let smallestSpan = 0.005
    /// The largest span a zoom reaches, in degrees of latitude (longitude may be twice it).
    static let largestSpan = 160.0

    /// `region` after the move: the centre stays a valid coordinate (latitude held within
    /// ±90°, longitude wrapped across the antimeridian), spans within the zoom's limits.
    package func applied(to region: MapRegion) -> MapRegion {
        let center = region.center
        let span = region.span
        switch self {
        case .north, .south:
            let step = span.latitudeDelta / 4 * (self == .north ? 1 : -1)
            return MapRegion(
                center: Coordinate(clampingLatitude: center.latitude + step, longitude: center.longitude), span: span)
        case .east, .west:
            let step = span.longitudeDelta / 4 * (self == .east ? 1 : -1)
            return MapRegion(
                center: Coordinate(clampingLatitude: center.latitude, longitude: Self.wrapped(center.longitude + step)),
                span: span)
        case .zoomIn, .zoomOut:
            let factor = self == .zoomIn ? 0.5 : 2
            let latitude = min(Self.largestSpan, max(Self.smallestSpan, span.latitudeDelta * factor))
            let longitude = min(2 * Self.largestSpan, max(Self.smallestSpan, span.longitudeDelta * factor))
            return MapRegion(center: center, span: Span(checkedLatitudeDelta: latitude, longitudeDelta: longitude))
        }
    }

    /// `longitude` moved into −180…180.
    static func wrapped(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 }
        if value < -180 { value += 360 }
        return value
    }
}

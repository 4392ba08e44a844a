extension MapRegion {
    /// The region that shows every one of `coordinates`, or `nil` when there are none.
    ///
    /// The centre is the middle of the latitude extent and of the smallest longitude arc that
    /// holds every coordinate, so places on both sides of the antimeridian stay together. The arc
    /// leaves out the largest gap between neighbouring longitudes (normalised into −180..<180);
    /// of equally large gaps, the one whose western end is smallest, the gap that wraps past 180°
    /// last. Each span is 1.2 × the extent, but at least `minimumSpan`'s; spans are not capped.
    package static func enclosing(_ coordinates: [Coordinate], minimumSpan: Span) -> MapRegion? {
        guard let first = coordinates.first else { return nil }
        var south = first.latitude
        var north = first.latitude
        for coordinate in coordinates {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
        }
        let longitudes = coordinates.map { normalized($0.longitude) }.sorted()
        // The wrapping gap, from the easternmost longitude past 180 to the westernmost, comes
        // last, so it wins only when no other gap is as large.
        var gapStart = longitudes.count - 1
        var largestGap = longitudes[0] + 360 - longitudes[gapStart]
        for index in 0..<(longitudes.count - 1) {
            let gap = longitudes[index + 1] - longitudes[index]
            if gap > largestGap || (gap == largestGap && gapStart == longitudes.count - 1) {
                largestGap = gap
                gapStart = index
            }
        }
        let west = longitudes[(gapStart + 1) % longitudes.count]
        let width = 360 - largestGap
        let center = Coordinate(checkedLatitude: (south + north) / 2, longitude: normalized(west + width / 2))
        let span = Span(
            checkedLatitudeDelta: max(1.2 * (north - south), minimumSpan.latitudeDelta),
            longitudeDelta: max(1.2 * width, minimumSpan.longitudeDelta))
        return MapRegion(center: center, span: span)
    }

    /// `longitude` moved into −180..<180.
    static func normalized(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value < -180 { value += 360 }
        if value >= 180 { value -= 360 }
        return value
    }
}

extension MapRegion {
    /// The region that shows every one of `coordinates`, or `nil` when there are none.
    ///
    /// The centre is the middle of the latitude extent and of the smallest longitude arc that
    /// holds every coordinate, so places on both sides of the antimeridian stay together. The arc
    /// leaves out the largest gap between neighbouring longitudes (normalised into −180..<180);
    /// of equally large gaps, the one whose western end is smallest, the gap that wraps past 180°
    /// last. Each span is 1.2 × the extent, but at least `minimumSpan`'s; spans are not capped.
    /// The centre and the spans are rounded to 10⁻⁷ degrees (about a centimetre), so that they
    /// read as the decimals they are (`2.391925`, not `2.3919250000000036`).
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
        let center = Coordinate(
            checkedLatitude: onGrid((south + north) / 2), longitude: onGrid(normalized(west + width / 2)))
        let span = Span(
            checkedLatitudeDelta: onGrid(max(1.2 * (north - south), minimumSpan.latitudeDelta)),
            longitudeDelta: onGrid(max(1.2 * width, minimumSpan.longitudeDelta)))
        return MapRegion(center: center, span: span)
    }

    /// `degrees` rounded to 10⁻⁷: a whole number of ten-millionths divided by 10⁷ is the `Double`
    /// nearest that decimal, which prints as it. Spans too large for the grid (a configured
    /// minimum can be) are left as they are.
    static func onGrid(_ degrees: Double) -> Double {
        guard abs(degrees) < 1e8 else { return degrees }
        return (degrees * 1e7).rounded() / 1e7
    }

    /// `longitude` moved into −180..<180.
    static func normalized(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value < -180 { value += 360 }
        if value >= 180 { value -= 360 }
        return value
    }
}

import AddressPicker
import Foundation
import MachineCore
import TerminalUI

/// The map: the region's centre as a crosshair, the gazetteer's places around it, the search's
/// results and the points of interest, each at its position relative to the centre, scaled so
/// that the panel shows the region's span; the centre and the span written on its edges.
enum MapPanel {
    /// The crosshair's centre cell.
    static let crosshair: Character = "┼"
    /// A place of the gazetteer.
    static let placeMarker: Character = "•"
    /// A result of the search.
    static let resultMarker: Character = "◆"
    /// A point of interest.
    static let pointOfInterestMarker: Character = "◇"

    /// Draws the map in rows `top..<bottom` and columns `0..<width`.
    static func draw(
        _ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, top: Int, bottom: Int, width: Int
    ) {
        let region = state.context.region
        let rule = "─ Map " + String(repeating: "─", count: max(0, width - 6))
        canvas.put(rule, row: top, column: 0, style: Style(color: .blue), width: width)
        let title = " \(state[AddressPicker.map].name) "
        canvas.put(title, row: top, column: max(6, width - title.count - 1), style: Style(color: .blue), width: width)
        let area = Area(top: top + 1, bottom: bottom, width: width, region: region)
        guard area.height > 2 else { return }

        var taken = Set<Int>()
        let center = (row: area.centerRow, column: area.centerColumn)
        // Keep the crosshair's cells free of labels.
        for offset in -2...2 { taken.insert(center.row * width + center.column + offset) }
        taken.insert((center.row - 1) * width + center.column)
        taken.insert((center.row + 1) * width + center.column)

        for place in state.context.pointsOfInterest {
            mark(place, with: pointOfInterestMarker, style: Style(color: .magenta), in: area, canvas: &canvas, taken: &taken)
        }
        for place in state.context.results {
            mark(place, with: resultMarker, style: Style(color: .cyan, bold: true), in: area, canvas: &canvas, taken: &taken)
        }
        for place in view.nearby where !state.context.results.contains(where: { $0.center == place.center }) {
            mark(place, with: placeMarker, style: .plain, in: area, canvas: &canvas, taken: &taken)
        }

        let crosshairStyle = Style(color: .red, bold: true)
        canvas.put("─\(crosshair)─", row: center.row, column: center.column - 1, style: crosshairStyle)
        canvas.put("│", row: center.row - 1, column: center.column, style: crosshairStyle)
        canvas.put("│", row: center.row + 1, column: center.column, style: crosshairStyle)

        let position = String(format: "centre %.5f, %.5f", region.center.latitude, region.center.longitude)
        canvas.put(position, row: area.top, column: 0, style: Style(color: .blue), width: width)
        canvas.put(spanLabel(region), row: bottom - 1, column: 0, style: Style(color: .blue), width: width)
    }

    /// "span 0.075° × 0.075° (8.3 × 6.3 km)": height × width in degrees, then in kilometres.
    static func spanLabel(_ region: MapRegion) -> String {
        let kilometresPerDegree = Coordinate.earthRadius * .pi / 180 / 1000
        let height = region.span.latitudeDelta * kilometresPerDegree
        let width = region.span.longitudeDelta * kilometresPerDegree * cos(region.center.latitude * .pi / 180)
        let degrees = String(format: "%g° × %g°", region.span.latitudeDelta, region.span.longitudeDelta)
        return "span \(degrees) (\(kilometres(height)) × \(kilometres(width)) km)"
    }

    private static func kilometres(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }

    /// The cells of the map and where a coordinate falls in them.
    struct Area {
        let top: Int
        let bottom: Int
        let width: Int
        let region: MapRegion

        var height: Int { bottom - top }
        var centerRow: Int { top + height / 2 }
        var centerColumn: Int { width / 2 }

        /// The cell of `coordinate`, or `nil` when it is off the map.
        func cell(of coordinate: Coordinate) -> (row: Int, column: Int)? {
            let span = region.span
            guard span.latitudeDelta > 0, span.longitudeDelta > 0 else { return nil }
            var east = (coordinate.longitude - region.center.longitude).truncatingRemainder(dividingBy: 360)
            if east > 180 { east -= 360 }
            if east < -180 { east += 360 }
            let north = coordinate.latitude - region.center.latitude
            let column = Double(centerColumn) + (east / span.longitudeDelta * Double(width)).rounded()
            let row = Double(centerRow) - (north / span.latitudeDelta * Double(height)).rounded()
            guard column >= 0, column < Double(width), row >= Double(top), row < Double(bottom) else { return nil }
            return (Int(row), Int(column))
        }
    }

    /// Draws `place`'s marker at its cell, and its name after it when those cells are free.
    private static func mark(
        _ place: Place, with marker: Character, style: Style, in area: Area, canvas: inout Canvas, taken: inout Set<Int>
    ) {
        guard let cell = area.cell(of: place.center) else { return }
        let index = cell.row * area.width + cell.column
        guard !taken.contains(index) else { return }
        canvas.put(String(marker), row: cell.row, column: cell.column, style: style)
        taken.insert(index)
        let label = " " + place.name
        let end = cell.column + 1 + label.count
        guard end <= area.width, !(index + 1..<index + 1 + label.count).contains(where: taken.contains) else { return }
        canvas.put(label, row: cell.row, column: cell.column + 1, style: style)
        for offset in 1...label.count + 1 { taken.insert(index + offset) }
    }
}

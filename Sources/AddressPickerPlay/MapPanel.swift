import AddressPicker
import Foundation
import MachineCore
import TerminalUI

/// The map: the region's centre as a crosshair, the search's results, the points of interest
/// and the gazetteer's places around it, each at its position relative to the centre, scaled
/// so that the panel shows the region's span; the centre and the span on lines of their own,
/// above and below it, which nothing is drawn over.
enum MapPanel {
    /// The crosshair's centre cell.
    static let crosshair: Character = "┼"
    /// A place of the gazetteer.
    static let placeMarker: Character = "•"
    /// A result of the search.
    static let resultMarker: Character = "◆"
    /// A point of interest.
    static let pointOfInterestMarker: Character = "◇"

    /// Draws the map in rows `top..<bottom` and columns `0..<width`: its rule, the line of its
    /// centre, the places, the line of its span. No marker or label goes under `box`, or
    /// against it, as the box is drawn over the map.
    static func draw(
        _ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, top: Int, bottom: Int, width: Int,
        under box: HelpOverlay.Box?
    ) {
        let region = state.context.region
        let rule = "─ Map " + String(repeating: "─", count: max(0, width - 6))
        canvas.put(rule, row: top, column: 0, style: Style(color: .blue), width: width)
        let title = " \(PlayWords.map(state[AddressPicker.map])) "
        canvas.put(title, row: top, column: max(6, width - title.count - 1), style: Style(color: .blue), width: width)
        let position = String(format: "centre %.5f, %.5f", region.center.latitude, region.center.longitude)
        canvas.put(position, row: top + 1, column: 0, style: Style(color: .blue), within: width)
        let area = Area(mapTop: top, mapBottom: bottom, width: width)
        guard area.height >= Area.smallest else { return }
        canvas.put(spanLabel(region, width: width), row: bottom - 1, column: 0, style: Style(color: .blue), within: width)

        let center = (row: area.centerRow, column: area.centerColumn)
        var layout = MapLayout(rows: area.height, columns: width, crosshair: (center.row - area.top, center.column))
        if let box {
            for row in area.top..<area.bottom {
                for column in 0..<width where box.contains(row: row, column: column) {
                    layout.cover(row: row - area.top, column: column)
                }
            }
        }
        let crosshairStyle = Style(color: .red, bold: true)
        canvas.put("─\(crosshair)─", row: center.row, column: center.column - 1, style: crosshairStyle)
        canvas.put("│", row: center.row - 1, column: center.column, style: crosshairStyle)
        canvas.put("│", row: center.row + 1, column: center.column, style: crosshairStyle)

        // The markers first, the most important first, so that every label knows them all.
        var marked: [(mark: Mark, row: Int, column: Int)] = []
        for mark in marks(state, view: view) {
            guard let cell = area.cell(of: mark.place.center, in: region),
                layout.takeMarker(row: cell.row - area.top, column: cell.column, mayCoverArms: mark.mayCoverArms)
            else { continue }
            canvas.put(String(mark.marker), row: cell.row, column: cell.column, style: mark.style)
            marked.append((mark, cell.row - area.top, cell.column))
        }
        for (mark, row, column) in marked {
            guard let label = layout.placeLabel(mark.place.name, row: row, column: column) else { continue }
            canvas.put(label.text, row: area.top + label.row, column: label.column, style: mark.style)
        }
    }

    /// The crosshair's centre cell of a map drawn in rows `top..<bottom` and columns
    /// `0..<width`, or `nil` when there is no room for the map.
    static func crosshairCell(top: Int, bottom: Int, width: Int) -> (row: Int, column: Int)? {
        let area = Area(mapTop: top, mapBottom: bottom, width: width)
        return area.height >= Area.smallest ? (area.centerRow, area.centerColumn) : nil
    }

    /// A place to mark, its marker and style.
    struct Mark {
        let place: Place
        let marker: Character
        let style: Style
        /// Results and points of interest are drawn on the crosshair's arms too: they are what
        /// the person looks for. Any place may be drawn on its centre.
        let mayCoverArms: Bool
    }

    /// The places to mark, the most important first: the results (the highlighted one in
    /// reverse), the points of interest, then the gazetteer's places, the most populous first.
    static func marks(_ state: MachineState<AddressPicker>, view: PlayView) -> [Mark] {
        let context = state.context
        let highlighted = PlayMode(state, view: view) == .results ? PlayScreen.highlighted(state, view: view) : nil
        let result = Style(color: .cyan, bold: true)
        let results = context.results.enumerated().map { index, place in
            Mark(
                place: place, marker: resultMarker,
                style: index == highlighted ? Style(color: .cyan, bold: true, reversed: true) : result,
                mayCoverArms: true)
        }
        let pointsOfInterest = context.pointsOfInterest.map {
            Mark(place: $0, marker: pointOfInterestMarker, style: Style(color: .magenta), mayCoverArms: true)
        }
        let nearby = view.nearby.filter { place in !context.results.contains { $0.center == place.center } }.map {
            Mark(place: $0, marker: placeMarker, style: .plain, mayCoverArms: false)
        }
        return results + pointsOfInterest + nearby
    }

    /// "span 6.3 km wide × 8.3 km high, 0.075° × 0.075°": width then height, in kilometres, then
    /// in degrees of longitude and latitude when they fit in `width` cells.
    static func spanLabel(_ region: MapRegion, width: Int) -> String {
        let kilometresPerDegree = Coordinate.earthRadius * .pi / 180 / 1000
        let high = region.span.latitudeDelta * kilometresPerDegree
        let wide = region.span.longitudeDelta * kilometresPerDegree * cos(region.center.latitude * .pi / 180)
        let distances = "span \(kilometres(wide)) km wide × \(kilometres(high)) km high"
        let degrees = String(format: ", %g° × %g°", region.span.longitudeDelta, region.span.latitudeDelta)
        return distances.count + degrees.count <= width ? distances + degrees : distances
    }

    private static func kilometres(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }

    /// The cells of the map and where a coordinate falls in them.
    struct Area {
        let top: Int
        let bottom: Int
        let width: Int

        /// The places' rows of a map drawn in rows `mapTop..<mapBottom`: below its rule and the
        /// line of its centre, above the line of its span.
        init(mapTop: Int, mapBottom: Int, width: Int) {
            top = mapTop + 2
            bottom = mapBottom - 1
            self.width = width
        }

        /// The fewest rows a map is drawn in: the crosshair's.
        static let smallest = 3

        var height: Int { bottom - top }
        var centerRow: Int { top + height / 2 }
        var centerColumn: Int { width / 2 }

        /// The cell of `coordinate` on a map of `region`, or `nil` when it is off the map.
        func cell(of coordinate: Coordinate, in region: MapRegion) -> (row: Int, column: Int)? {
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
}

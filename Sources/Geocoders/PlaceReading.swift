import AddressPicker

/// What both services' answers share once read: a place's name and a completion's lines from
/// an address, and the region of the places' extents.
enum PlaceReading {
    /// The region that holds every one of `corners` exactly (no margin), or `nil` for none.
    static func region(enclosing corners: [Coordinate]) -> MapRegion? {
        guard let region = MapRegion.enclosing(corners, minimumSpan: smallestSpan) else { return nil }
        // `enclosing` adds a fifth on each side for markers; an extent is the place's own edge.
        guard
            let span = try? Span(
                latitudeDelta: max(region.span.latitudeDelta / 1.2, smallestSpan.latitudeDelta),
                longitudeDelta: max(region.span.longitudeDelta / 1.2, smallestSpan.longitudeDelta))
        else { return region }
        return MapRegion(center: region.center, span: span)
    }

    /// The smallest span of an extent's region: about 100 m.
    static let smallestSpan = Span(checkedLatitudeDelta: 0.001, longitudeDelta: 0.001)

    /// `text` from a service as a screen or a terminal may show it: each control character
    /// (a line break, a tab, an escape that would start a terminal's command) a space, each
    /// character that overrides or embeds a direction of writing left out, the ends trimmed;
    /// `nil` when nothing is left. A service's data is anyone's, and text that moves a cursor or
    /// turns a line around is no part of an address.
    static func shown(_ text: String?) -> String? {
        guard let text else { return nil }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069: continue
            default: kept.append(scalar.properties.generalCategory == .control ? " " : scalar)
            }
        }
        let shown = String(kept).trimmingCharacters(in: .whitespaces)
        return shown.isEmpty ? nil : shown
    }

    /// The name a place is shown by: the address's first part (its name, else its street line,
    /// else its city …).
    static func placeName(of address: Address) -> String {
        let line = address.formatted
        guard let comma = line.range(of: ", ") else { return line.isEmpty ? "Unnamed place" : line }
        return String(line[..<comma.lowerBound])
    }

    /// A place as a completion: its name, and the rest of its address without the parts that
    /// repeat the name ("Berlin" — "Deutschland", not "Berlin, Berlin, Deutschland").
    static func completion(for place: Place) -> Completion {
        let parts = place.address.formatted.components(separatedBy: ", ").dropFirst().filter { $0 != place.name }
        return Completion(title: place.name, subtitle: parts.joined(separator: ", "))
    }
}

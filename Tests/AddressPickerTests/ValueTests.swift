import AddressPicker
import Testing

@Suite("Coordinates and distances") struct CoordinateTests {
    @Test(
        "An out-of-range or non-finite coordinate cannot be constructed",
        arguments: [
            (90.0001, 0.0), (-91.0, 0.0), (0.0, 180.5), (0.0, -181.0), (Double.nan, 0.0), (0.0, Double.infinity),
        ])
    func rejectsOutOfRange(latitude: Double, longitude: Double) {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test func acceptsTheBounds() throws {
        _ = try Coordinate(latitude: 90, longitude: 180)
        _ = try Coordinate(latitude: -90, longitude: -180)
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(CoordinateError.latitudeOutOfRange(91).description == "latitude 91.0 is outside -90...90")
    }

    @Test("Haversine distance on a sphere of radius 6,371,008.8 m")
    func haversine() throws {
        let paris = try at(48.8566, 2.3522)
        let london = try at(51.5074, -0.1278)
        // Reference value computed independently (Python, same formula and radius).
        #expect(abs(paris.distance(to: london) - 343_556.535) < 0.01)
        #expect(paris.distance(to: paris) == 0)
        // A quarter of the equator.
        let quarter = try at(0, 0).distance(to: try at(0, 90))
        #expect(abs(quarter - Coordinate.earthRadius * .pi / 2) < 1e-6)
        // Across the antimeridian is short, not around the world.
        #expect(try at(0, 179.9).distance(to: try at(0, -179.9)) < 23_000)
    }
}

@Suite("Addresses") struct AddressTests {
    @Test func formattedJoinsTheNonEmptyParts() {
        let full = Address(
            name: "Apple Fifth Avenue", street: "767 5th Ave", city: "New York", region: "NY",
            postalCode: "10153", country: "United States")
        #expect(full.formatted == "Apple Fifth Avenue, 767 5th Ave, New York, NY 10153, United States")
        #expect(Address(city: "London", region: "", postalCode: "SW1A 0AA").formatted == "London, SW1A 0AA")
        #expect(Address(city: "Munich", region: "Bavaria").formatted == "Munich, Bavaria")
        #expect(Address(name: "", street: "Main St").formatted == "Main St")
        #expect(Address().formatted == "")
    }
}

@Suite("Spans") struct SpanTests {
    /// Defect: a region of a NaN or infinite span reached the machine and was recorded as
    /// `span(nan, 0.05)`, which no replay reads. Such a span cannot be constructed.
    @Test(
        arguments: [(Double.nan, 0.05), (0.05, Double.infinity), (-Double.infinity, 1.0), (Double.nan, Double.nan)]
            as [(Double, Double)])
    func aSpanThatIsNotFiniteCannotBeConstructed(latitudeDelta: Double, longitudeDelta: Double) {
        #expect(throws: SpanError.self) { try Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta) }
    }

    @Test func finiteSpansAreKeptAsGiven() throws {
        let span = try Span(latitudeDelta: 0, longitudeDelta: 400)
        #expect(span.latitudeDelta == 0 && span.longitudeDelta == 400)
        #expect(SpanError.notFinite(latitudeDelta: .nan, longitudeDelta: 1).description == "span(nan, 1.0) is not finite")
    }
}

@Suite("Bounding region of places") struct BoundingRegionTests {
    let minimum = Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05)

    func enclosing(_ points: [(Double, Double)]) throws -> MapRegion? {
        MapRegion.enclosing(try points.map { try at($0.0, $0.1) }, minimumSpan: minimum)
    }

    @Test func noPlacesNoRegion() throws {
        #expect(try enclosing([]) == nil)
    }

    @Test func onePlaceGetsTheMinimumSpan() throws {
        let region = try #require(try enclosing([(40.7, -74.0)]))
        #expect(region.center == (try at(40.7, -74.0)))
        #expect(region.span == minimum)
    }

    @Test func spansAre1point2TimesTheExtent() throws {
        let region = try #require(try enclosing([(10, 20), (14, 30)]))
        #expect(abs(region.center.latitude - 12) < 1e-9)
        #expect(abs(region.center.longitude - 25) < 1e-9)
        #expect(abs(region.span.latitudeDelta - 4.8) < 1e-9)
        #expect(abs(region.span.longitudeDelta - 12) < 1e-9)
    }

    @Test func placesAcrossTheAntimeridianStayTogether() throws {
        let region = try #require(try enclosing([(0, 170), (10, -170)]))
        #expect(region.center.longitude == -180)
        #expect(abs(region.span.longitudeDelta - 24) < 1e-9)
        #expect(abs(region.center.latitude - 5) < 1e-9)
    }

    @Test func equalGapsPreferTheSmallestWesternEnd() throws {
        // Four gaps of 90°: the one from −180 to −90 is left out, so the arc runs −90 → 180.
        let region = try #require(try enclosing([(0, -180), (0, -90), (0, 0), (0, 90)]))
        #expect(region.center.longitude == 45)
        #expect(abs(region.span.longitudeDelta - 324) < 1e-9)
    }

    @Test func theWrappingGapLosesTies() throws {
        // Gaps: −60 → 60 is 120, 60 → 180 (= −180) wraps… the wrap gap 60 → −60 is 240: it wins.
        let wide = try #require(try enclosing([(0, -60), (0, 60)]))
        #expect(wide.center.longitude == 0)
        // Three equal gaps of 120: the wrapping one (60 → −180) comes last; −180 → −60 is left out.
        let even = try #require(try enclosing([(0, -180), (0, -60), (0, 60)]))
        #expect(even.center.longitude == 60)
        #expect(abs(even.span.longitudeDelta - 288) < 1e-9)
    }

    @Test func spansAreNotCapped() throws {
        let region = try #require(try enclosing([(-80, 0), (80, 120), (0, -120)]))
        #expect(region.span.latitudeDelta > 180)
        #expect(region.span.longitudeDelta > 180)
    }
}

@Suite("Address dumps") struct AddressDumpTests {
    @Test("Dumps and diffs show an address's parts by name, not its storage")
    func mirrorNamesTheParts() {
        let address = Address(name: "Apple Fifth Avenue", city: "New York", countryCode: "US")
        let children = Mirror(reflecting: address).children.map { ($0.label ?? "?", String(describing: $0.value)) }
        #expect(children.map(\.0) == ["name", "street", "houseNumber", "city", "region", "postalCode", "country", "countryCode"])
        #expect(children.first { $0.0 == "city" }?.1 == #"Optional("New York")"#)
        #expect(children.first { $0.0 == "street" }?.1 == "nil")
    }
}

@Suite("Bounding region digits") struct BoundingRegionDigitsTests {
    @Test func aRegionReadsAsTheDecimalsOfItsPlaces() throws {
        // The arc's width is 360° less the gap it leaves out; in binary arithmetic, west plus
        // half of it is 2.3460999999999994.
        let gap: Double = 2.3290 + 360 - 2.3632
        let west: Double = 2.3290
        #expect(west + (360 - gap) / 2 != 2.3461)
        let places = [try Coordinate(latitude: 48.8711, longitude: 2.3632), try Coordinate(latitude: 48.8510, longitude: 2.3290)]
        let region = try #require(
            MapRegion.enclosing(places, minimumSpan: Span(checkedLatitudeDelta: 0.01, longitudeDelta: 0.01)))
        #expect(region.center.longitude == 2.3461)
        #expect(region.center.latitude == 48.86105)
        #expect(region.span.latitudeDelta == 0.02412)
        #expect("\(region.span.longitudeDelta)" == "0.04104")
    }

    @Test func aHugeMinimumSpanIsKeptAsItIs() throws {
        let huge = Span(checkedLatitudeDelta: 1e300, longitudeDelta: 1e300)
        let region = try #require(MapRegion.enclosing([try Coordinate(latitude: 0, longitude: 0)], minimumSpan: huge))
        #expect(region.span == huge)
    }
}

import AddressPicker
import Testing

@testable import Gazetteer

@Suite("Gazetteer: places in a region") struct GazetteerRegionTests {
    func region(_ latitude: Double, _ longitude: Double, span: Double) throws -> MapRegion {
        MapRegion(
            center: try Coordinate(latitude: latitude, longitude: longitude),
            span: try Span(latitudeDelta: span, longitudeDelta: span))
    }

    @Test func theMostPopulousPlaceOfARegionComesFirst() throws {
        let gazetteer = try gazetteer()
        let london = try region(51.5, -0.12, span: 1)
        let places = gazetteer.places(in: london, limit: 5)
        #expect(places.count == 5)
        #expect(names(gazetteer, Array(places.prefix(1))) == ["London"])
        let populations = places.map { gazetteer.entry($0).population }
        #expect(populations == populations.sorted(by: >))
    }

    @Test func theKeptPlacesAreTheFullSortsFirst() throws {
        let gazetteer = try gazetteer()
        // New York, and a region across the antimeridian (Fiji): cut short, and whole.
        for area in [try region(40.7, -74.0, span: 0.3), try region(-17.5, 179.9, span: 4)] {
            let everyOne = (0..<gazetteer.count).filter { gazetteer.contains(area, $0) }.sorted {
                gazetteer.ranks($0, before: $1)
            }
            #expect(everyOne.count > 4)
            #expect(gazetteer.places(in: area, limit: 4) == Array(everyOne.prefix(4)))
            #expect(gazetteer.places(in: area, limit: 1000) == everyOne)
        }
    }

    @Test func anEmptyOceanOrANoLimitShowsNothing() throws {
        let gazetteer = try gazetteer()
        #expect(gazetteer.places(in: try region(-40, -130, span: 1), limit: 10).isEmpty)
        #expect(gazetteer.places(in: try region(51.5, -0.12, span: 1), limit: 0).isEmpty)
    }
}

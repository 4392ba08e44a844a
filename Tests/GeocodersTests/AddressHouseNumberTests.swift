import AddressPicker
import Foundation
import Testing

/// The house number: a part of its own, written in the country's order.
@Suite struct AddressHouseNumberTests {
    @Test func theNumberFollowsTheStreetUnlessTheCountryWritesItFirst() {
        let berlin = Address(street: "Unter den Linden", houseNumber: "77", city: "Berlin", countryCode: "DE")
        #expect(berlin.formatted == "Unter den Linden 77, Berlin")
        let newYork = Address(street: "Fifth Avenue", houseNumber: "350", city: "New York", countryCode: "us")
        #expect(newYork.formatted == "350 Fifth Avenue, New York")
        #expect(Address(houseNumber: "5", city: "Paris").formatted == "5, Paris")
        #expect(Address(street: "Main Street", houseNumber: "").formatted == "Main Street")
    }

    @Test func itIsSavedAndReadBackAndOldAddressesStillRead() throws {
        let address = Address(name: "Tor", street: "Pariser Platz", houseNumber: "1", countryCode: "DE")
        let data = try JSONEncoder().encode(address)
        #expect(try JSONDecoder().decode(Address.self, from: data) == address)
        let old = try JSONDecoder().decode(Address.self, from: Data(#"{"name":"Tor","street":"Pariser Platz 1"}"#.utf8))
        #expect(old == Address(name: "Tor", street: "Pariser Platz 1"))
        #expect(old.houseNumber == nil)
        #expect(!String(decoding: try JSONEncoder().encode(old), as: UTF8.self).contains("houseNumber"))
    }
}

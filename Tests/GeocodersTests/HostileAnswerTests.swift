import AddressPicker
import Foundation
import LoopbackServer
import MachineRuntime
import Testing

@testable import Geocoders

/// Answers damaged at random, a byte changed, cut or repeated, never crash the readers: each
/// reads as places or an address, or fails with a `GeocoderError` of a broken answer.
@Suite struct HostileAnswerTests {
    /// 2,000 damaged copies of each answer, from a fixed seed.
    static let copies = 2_000

    static let photonSearch = Data(GeocodingServices.featureCollection(GeocodingServices.places).utf8)
    static let nominatimSearch = try! JSONSerialization.data(
        withJSONObject: GeocodingServices.places.map(GeocodingServices.nominatimPlace))
    static let nominatimReverse = try! JSONSerialization.data(
        withJSONObject: GeocodingServices.nominatimPlace(GeocodingServices.places[0]))

    /// `body` damaged once: a byte replaced by one of JSON's own, a cut, or a slice repeated.
    static func damaged(_ body: Data, _ random: inout SplitMix64) -> Data {
        var bytes = [UInt8](body)
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = Array(#"{}[]:,"0-9.e \"#.utf8).randomElement(using: &random)!
        case 1: bytes.removeSubrange(position...)
        default: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 40)], at: position)
        }
        return Data(bytes)
    }

    static func expectReadOrRefused(_ read: (Data) throws(GeocoderError) -> Void, _ body: Data, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var refused = 0
        for _ in 0..<copies {
            do {
                try read(damaged(body, &random))
            } catch {
                refused += 1
                switch error.reason {
                case .malformedAnswer, .nothingFound: break
                default: Issue.record("a damaged answer failed as \(error)")
                }
            }
        }
        #expect(refused > copies / 4, "most damage is noticed")
    }

    @Test func photonSearches() {
        Self.expectReadOrRefused(
            { body throws(GeocoderError) in _ = try PhotonGeocoder.placeAnswer(from: body) }, Self.photonSearch, seed: 1)
    }

    @Test func photonLookups() {
        Self.expectReadOrRefused(
            { body throws(GeocoderError) in _ = try PhotonGeocoder.address(from: body) }, Self.photonSearch, seed: 2)
    }

    @Test func nominatimSearches() {
        Self.expectReadOrRefused(
            { body throws(GeocoderError) in _ = try NominatimGeocoder.placeAnswer(from: body) }, Self.nominatimSearch, seed: 3)
    }

    @Test func nominatimLookups() {
        Self.expectReadOrRefused(
            { body throws(GeocoderError) in _ = try NominatimGeocoder.address(from: body) }, Self.nominatimReverse, seed: 4)
    }

    @Test func deepNestingAndHugeNumbersAreRefused() {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: GeocoderError.self) { try NominatimGeocoder.placeAnswer(from: deep) }
        let huge = Data(#"[{"lat":"1e999","lon":"13.4"}]"#.utf8)
        #expect(throws: GeocoderError.self) { try NominatimGeocoder.placeAnswer(from: huge) }
        let far = Data(#"{"features":[{"geometry":{"coordinates":[1e308,-1e308]},"properties":{}}]}"#.utf8)
        #expect(throws: GeocoderError.self) { try PhotonGeocoder.placeAnswer(from: far) }
        let notUTF8 = Data([0x5B, 0xFF, 0xFE, 0x5D])
        #expect(throws: GeocoderError.self) { try NominatimGeocoder.placeAnswer(from: notUTF8) }
    }
}

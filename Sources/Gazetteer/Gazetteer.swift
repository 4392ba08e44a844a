import AddressPicker
import EmbeddedGazetteer
import Foundation

/// An offline geocoder over real populated places (GeoNames, geonames.org, CC BY 4.0): completions
/// as you type, place search, and reverse geocoding by great-circle distance.
///
/// Load the embedded data with ``bundled()``; it is immutable and safe to share. Every lookup
/// also has a brute-force twin (`bruteForce…`) that scans every place: the tests and benchmarks
/// check the indexes against them.
public final class Gazetteer: Sendable {
    let data: GazetteerData
    let latitudes: [Double]
    let longitudes: [Double]
    /// Unit vectors of the places, x, y, z of each in turn: nearest by chord is nearest by great circle.
    let vectors: [Double]

    /// The gazetteer in `bytes` (a whole file), checked.
    public init(bytes: [UInt8]) throws(GazetteerError) {
        data = try GazetteerData(decoding: bytes)
        latitudes = data.latitudeE5.map { Double($0) / 1e5 }
        longitudes = data.longitudeE5.map { Double($0) / 1e5 }
        var vectors: [Double] = []
        vectors.reserveCapacity(latitudes.count * 3)
        for index in latitudes.indices {
            let vector = Gazetteer.unitVector(latitude: latitudes[index], longitude: longitudes[index])
            vectors += [vector.x, vector.y, vector.z]
        }
        self.vectors = vectors
    }

    /// The gazetteer in the file at `url`.
    public convenience init(contentsOf url: URL) throws(GazetteerError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(bytes: bytes)
    }

    /// The data shipped with the package, 155,210 places of 1,000 people or more, checked.
    ///
    /// The file is linked into the binary itself (not a resource bundle beside it), so an
    /// executable copied anywhere still has it.
    public static func bundled() throws(GazetteerError) -> Gazetteer {
        try Gazetteer(bytes: embeddedFile)
    }

    /// The bytes of the embedded gazetteer file, as built by `address-picker build-gazetteer`.
    public static var embeddedFile: [UInt8] {
        Array(UnsafeBufferPointer(start: embedded_gazetteer_bytes(), count: embedded_gazetteer_count()))
    }

    /// How many places there are.
    public var count: Int { data.placeCount }

    /// One place of the gazetteer.
    public struct Entry: Equatable, Sendable {
        /// The place's name, as GeoNames spells it ("München", "New York City").
        public let name: String
        /// Where the place is (its centre, to five decimals of a degree).
        public let coordinate: Coordinate
        /// The number of people living there, as GeoNames records it; completions rank by it.
        public let population: Int
        /// First-level region ("Bavaria", "New York"), possibly empty.
        public let region: String
        /// Second-level region, possibly empty.
        public let subregion: String
        /// The country's name in English.
        public let country: String
        /// The country's ISO 3166-1 alpha-2 code ("DE", "US").
        public let countryCode: String

        /// "region, country", or the country alone when there is no region.
        public var subtitle: String { region.isEmpty ? country : "\(region), \(country)" }

        /// The place's address: city, region, country.
        public var address: Address {
            Address(city: name, region: region.isEmpty ? nil : region, country: country, countryCode: countryCode)
        }
    }

    /// The place at `index` (from a lookup).
    public func entry(_ index: Int) -> Entry {
        let area = Int(data.area[index])
        let country = Int(data.areaCountry[area])
        return Entry(
            name: string(data.name[index]),
            // In range: the loader checked every latitude and longitude.
            coordinate: Coordinate(clampingLatitude: latitudes[index], longitude: longitudes[index]),
            population: Int(data.population[index]),
            region: string(data.areaRegion[area]), subregion: string(data.areaSubregion[area]),
            country: string(data.countryName[country]), countryCode: string(data.countryCode[country]))
    }

    func string(_ index: UInt32) -> String {
        let index = Int(index)
        return String(decoding: stringSlice(index), as: UTF8.self)
    }

    func stringSlice(_ index: Int) -> ArraySlice<UInt8> {
        data.stringBytes[Int(data.stringOffsets[index])..<Int(data.stringOffsets[index + 1])]
    }

    func key(_ place: Int) -> ArraySlice<UInt8> {
        data.keyBytes[Int(data.keyOffsets[place])..<Int(data.keyOffsets[place + 1])]
    }

    /// Whether place `a` ranks before place `b`: more people first, then the name, then the index.
    func ranks(_ a: Int, before b: Int) -> Bool {
        let (pa, pb) = (data.population[a], data.population[b])
        if pa != pb { return pa > pb }
        let (na, nb) = (stringSlice(Int(data.name[a])), stringSlice(Int(data.name[b])))
        if !na.elementsEqual(nb) { return na.lexicographicallyPrecedes(nb) }
        return a < b
    }

    /// The unit vector of a position on the sphere.
    static func unitVector(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let φ = latitude * .pi / 180
        let λ = longitude * .pi / 180
        return SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    /// The bit of a word's first byte in an area's first-letter mask.
    static func letterBit(_ byte: UInt8?) -> UInt32 {
        byte.map { 1 << UInt32($0 % 32) } ?? 0
    }

    /// Up to 8 bytes of a prefix packed into a number, first byte highest, so that numeric order
    /// is byte order.
    static func packedPrefix(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 {
            value <<= 8
            if index < bytes.count { value |= UInt64(bytes[bytes.startIndex + index]) }
        }
        return value
    }
}

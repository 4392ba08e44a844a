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
    let file: GazetteerFile
    /// The names a search looks a query up in, built at the first search.
    let searchIndex = LazySearchIndex()

    /// The gazetteer in `bytes` (a whole file), checked; it reads a copy of them.
    public init(bytes: [UInt8]) throws(GazetteerError) {
        file = try GazetteerFile(GazetteerBytes(copying: bytes))
    }

    private init(file: GazetteerFile) {
        self.file = file
    }

    /// The gazetteer in the file at `url`.
    public convenience init(contentsOf url: URL) throws(GazetteerError) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        self.init(file: try GazetteerFile(GazetteerBytes(copying: bytes)))
    }

    /// The data shipped with the package, 155,210 places of 1,000 people or more, checked.
    ///
    /// The file is linked into the binary itself (not a resource bundle beside it), so an
    /// executable copied anywhere still has it. It is read where it lies, never copied.
    public static func bundled() throws(GazetteerError) -> Gazetteer {
        Gazetteer(file: try GazetteerFile(GazetteerBytes(linked: embeddedFile)))
    }

    /// The bytes of the embedded gazetteer file, as built by `address-picker build-gazetteer`:
    /// read-only, where the binary holds them, valid for the life of the process.
    public static var embeddedFile: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: embedded_gazetteer_bytes(), count: embedded_gazetteer_count())
    }

    /// How many places there are.
    public var count: Int { file.placeCount }

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
        let area = Int(file.area[index])
        let country = Int(file.areaCountry[area])
        return Entry(
            name: string(file.name[index]),
            // In range: the loader checked every latitude and longitude.
            coordinate: Coordinate(clampingLatitude: latitude(index), longitude: longitude(index)),
            population: Int(file.population[index]),
            region: string(file.areaRegion[area]), subregion: string(file.areaSubregion[area]),
            country: string(file.countryName[country]), countryCode: string(file.countryCode[country]))
    }

    /// The latitude of a place, in degrees.
    func latitude(_ place: Int) -> Double { Double(file.latitudeE5[place]) / 1e5 }

    /// The longitude of a place, in degrees.
    func longitude(_ place: Int) -> Double { Double(file.longitudeE5[place]) / 1e5 }

    func string(_ index: UInt32) -> String {
        let index = Int(index)
        return String(decoding: stringSlice(index), as: UTF8.self)
    }

    func stringSlice(_ index: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
        // In bounds: the loader checked that the offsets rise to the end of the bytes.
        file.stringBytes[Int(file.stringOffsets[index])..<Int(file.stringOffsets[index + 1])]
    }

    func key(_ place: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
        file.keyBytes[Int(file.keyOffsets[place])..<Int(file.keyOffsets[place + 1])]
    }

    /// Whether place `a` ranks before place `b`: more people first, then the name, then the index.
    func ranks(_ a: Int, before b: Int) -> Bool {
        let (pa, pb) = (file.population[a], file.population[b])
        if pa != pb { return pa > pb }
        let (na, nb) = (stringSlice(Int(file.name[a])), stringSlice(Int(file.name[b])))
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

/// The gazetteer's file format, version 1: a 32-byte header, then a payload of little-endian
/// sections the loader uses as they are.
///
/// Header: the magic `APGAZETR`, the format version (UInt32), the header size (UInt32), the
/// FNV-1a 64 checksum of the payload (UInt64), the payload length (UInt64).
///
/// Payload, in order: eight UInt32 counts (places, areas, countries, strings, string bytes, key
/// bytes, prefix entries, prefix list length), then the string offsets and bytes (display names,
/// regions, countries; string 0 is empty), the countries (code string, name string), the areas
/// (region, subregion, country, context string of normalised words, first-letter mask), the
/// places in k-d tree order (latitude and longitude in 1e-5 degrees as Int32, population, name
/// string, area, split axis), the offsets and bytes of the places' normalised names, the places
/// sorted by normalised name, and the prefix table (up to 8 bytes of a normalised prefix, its
/// length, where its top list starts and how long it is) with the top lists.
enum GazetteerFormat {
    static let magic = Array("APGAZETR".utf8)
    static let version: UInt32 = 1
    static let headerSize = 32
    /// How many places a prefix's top list holds.
    static let topCount = 16
    /// A prefix with more matches than this gets a top list, so that no query scans more.
    static let scanLimit = 64
    /// Bytes per place record.
    static let placeSize = 4 + 4 + 4 + 4 + 4 + 1
    /// Bytes per area record.
    static let areaSize = 4 + 4 + 4 + 4 + 4
    /// Bytes per prefix entry.
    static let prefixSize = 8 + 1 + 4 + 4

    /// FNV-1a, 64 bits.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

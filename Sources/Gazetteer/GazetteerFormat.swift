/// The gazetteer's file format, version 2: a 32-byte header, then a payload of little-endian
/// columns that the loader reads in place, as they are: loading decodes, converts and builds
/// nothing, it only checks.
///
/// Header: the magic `APGAZETR`, the format version (UInt32), the header size (UInt32), the
/// checksum of the payload (UInt64, see ``checksum(_:)``), the payload length (UInt64).
///
/// Payload: eight UInt32 counts (places, areas, countries, strings, string bytes, key bytes,
/// prefix entries, prefix list length), then these columns in order, each padded with zeros to a
/// multiple of 8 bytes (so every column starts 8-byte aligned and the payload is whole words):
/// - the string offsets (UInt32, one more than the strings) and bytes (display names, regions,
///   countries; string 0 is empty);
/// - the countries' code and name strings (UInt32 each, a column apiece);
/// - the areas' region, subregion, country, context string of normalised words and first-letter
///   mask (UInt32 each);
/// - the places in k-d tree order: latitude and longitude in 1e-5 degrees (Int32), population,
///   name string, area (UInt32), split axis (UInt8), and unit vector (x, y, z as Float64, place
///   after place): what the nearest-place search reads, computed once by the builder;
/// - the offsets (UInt32) and bytes of the places' normalised names;
/// - the places sorted by normalised name (UInt32);
/// - the prefix table: up to 8 bytes of a normalised prefix, first byte highest (UInt64), its
///   length (UInt8), where its top list starts and how long it is (UInt32), then the top lists.
///
/// Version 1 held the same tables record by record, without the unit vectors, under a
/// byte-at-a-time FNV-1a checksum; `address-picker build-gazetteer` rewrites such a file.
enum GazetteerFormat {
    static let magic = Array("APGAZETR".utf8)
    static let version: UInt32 = 2
    static let headerSize = 32
    /// Columns start at multiples of this many bytes.
    static let alignment = 8
    /// How many places a prefix's top list holds.
    static let topCount = 16
    /// A prefix with more matches than this gets a top list, so that no query scans more.
    static let scanLimit = 64

    /// The size of a file whose header claims a payload of `length` bytes (`Int.max` when that
    /// is beyond any size).
    static func fileSize(payloadLength length: UInt64) -> Int {
        let (size, overflow) = Int(clamping: length).addingReportingOverflow(headerSize)
        return overflow ? Int.max : size
    }

    /// The payload's checksum: its little-endian 64-bit words fed round-robin to four lanes, each
    /// step `lane = rotate(lane ^ word) * odd`, then the lanes and the length mixed into one.
    ///
    /// It guards against damage (a truncated download, a flipped bit), not forgery: the loader's
    /// checks of every index are what keep a forged file from crashing a lookup. Each step is a
    /// bijection of its lane for a given word, so damage confined to one word always changes the
    /// result. Four independent lanes keep the processor's multipliers busy: it runs at about the
    /// speed of reading memory, where the byte-at-a-time FNV-1a of version 1 cost most of a load.
    /// `payload.count` must be a multiple of 8.
    static func checksum(_ payload: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344,
            0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
        )
        func step(_ lane: inout UInt64, _ word: UInt64) {
            let mixed = lane ^ word
            lane = (mixed << 29 | mixed >> 35) &* prime
        }
        func word(_ index: Int) -> UInt64 {
            UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
        }
        let words = payload.count / 8
        var index = 0
        while index &+ 4 <= words {
            step(&lanes.0, word(index))
            step(&lanes.1, word(index &+ 1))
            step(&lanes.2, word(index &+ 2))
            step(&lanes.3, word(index &+ 3))
            index &+= 4
        }
        while index < words {
            step(&lanes.0, word(index))
            index &+= 1
        }
        var hash = lanes.0
        step(&hash, lanes.1)
        step(&hash, lanes.2)
        step(&hash, lanes.3)
        step(&hash, UInt64(words))
        return hash
    }
}

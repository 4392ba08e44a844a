/// Why a gazetteer file could not be loaded. A file is refused whole: nothing half-loaded is used.
public enum GazetteerError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file does not start with the gazetteer's magic bytes: it is something else.
    case notAGazetteer
    /// The file is a gazetteer of a format version this package cannot read.
    case unsupportedVersion(UInt32)
    /// The file is shorter than its header says.
    case truncated(expected: Int, actual: Int)
    /// The payload does not match the header's checksum: the file was damaged.
    case checksumMismatch(expected: UInt64, actual: UInt64)
    /// The payload is inconsistent (an index out of range, offsets out of order).
    case corrupt(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the gazetteer '\(path)': \(reason)"
        case .notAGazetteer: "not a gazetteer file (the magic bytes are wrong)"
        case .unsupportedVersion(let version) where version == 1:
            "gazetteer format version \(version) is not supported (this package reads version \(GazetteerFormat.version)): "
                + "`address-picker build-gazetteer <old file> --output <new file>` rewrites it"
        case .unsupportedVersion(let version):
            "gazetteer format version \(version) is not supported (this package reads version \(GazetteerFormat.version))"
        case .truncated(let expected, let actual):
            "the gazetteer file is truncated: \(actual) bytes, \(expected) expected"
        case .checksumMismatch(let expected, let actual):
            "the gazetteer file is damaged: checksum \(String(actual, radix: 16)), \(String(expected, radix: 16)) expected"
        case .corrupt(let reason): "the gazetteer file is corrupt: \(reason)"
        }
    }
}

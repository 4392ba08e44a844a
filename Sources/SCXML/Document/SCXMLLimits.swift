/// The bounds a document is imported within, so that a hostile document costs at most a known
/// amount of memory and stack: one too big or nested too deep is refused
/// (``SCXMLError/Kind/malformed``) before any of it is built.
public struct SCXMLLimits: Sendable {
    /// The deepest nesting of elements read, `<scxml>` at depth 1: 256 unless set. The importer
    /// takes a little stack for each level, so keep it in the hundreds.
    public var maximumDepth = 256
    /// The largest document read, in bytes: 16 MiB unless set.
    public var maximumBytes = 16 << 20

    /// The default bounds: 256 levels, 16 MiB.
    public init() {}

    /// The bounds of the XML reader.
    var readerOptions: XMLReaderOptions {
        XMLReaderOptions(maximumDepth: maximumDepth, maximumBytes: maximumBytes)
    }
}

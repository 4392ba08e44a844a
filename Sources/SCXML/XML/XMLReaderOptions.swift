/// The bounds the ``XMLReader`` keeps a document within, so that a hostile document costs at
/// most a known amount of memory and stack.
struct XMLReaderOptions: Sendable, Equatable {
    /// The deepest nesting of elements read; the root element is at depth 1. Each level costs
    /// the interpreter of the tree a little stack, so keep it modest.
    var maximumDepth = 256
    /// The largest document read, in bytes; a bigger one is refused before any of it is read.
    var maximumBytes = 16 << 20

    /// The default bounds: 256 levels, 16 MiB.
    init() {}

    /// Bounds of `maximumDepth` levels and `maximumBytes` bytes.
    init(maximumDepth: Int, maximumBytes: Int) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }
}

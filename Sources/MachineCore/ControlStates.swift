/// The control state of every region, packed into one word so that copying and comparing the
/// configuration costs nothing, with the memory of the compound states entered by history.
///
/// Holds up to ``capacity`` regions of up to 256 states each (the table checks both). A region
/// stores its current leaf: its compound ancestors follow from the table's hierarchy.
///
/// The history memory holds, for each compound state some row enters by ``History``, the leaf
/// that was active when it was last exited (up to `historyCapacity` such states; the table
/// assigns them slots). A flat machine never writes it.
public struct ControlStates: Hashable, Sendable {
    /// The most regions a machine may have.
    public static let capacity = 8
    /// The most compound states a machine may enter by history.
    static let historyCapacity = 8

    @usableFromInline var bits: UInt64
    /// One byte per history slot: 0 when the state was never exited, else its last leaf plus one.
    @usableFromInline var _historyBits: UInt64

    /// The configuration with every region in state 0 and no history.
    @inlinable
    public init() {
        bits = 0
        _historyBits = 0
    }

    /// The state index of the region at `region`.
    @inlinable @inline(__always)
    public subscript(region: Int) -> Int {
        get { Int(truncatingIfNeeded: (bits &>> UInt64(truncatingIfNeeded: region &* 8)) & 0xFF) }
        set {
            let shift = UInt64(truncatingIfNeeded: region &* 8)
            bits = (bits & ~(0xFF &<< shift)) | (UInt64(truncatingIfNeeded: newValue) & 0xFF) &<< shift
        }
    }

    /// The leaf remembered in history slot `slot`, or `nil` when its state was never exited.
    @inlinable @inline(__always)
    public subscript(history slot: Int) -> Int? {
        get {
            let stored = Int(truncatingIfNeeded: (_historyBits &>> UInt64(truncatingIfNeeded: slot &* 8)) & 0xFF)
            return stored == 0 ? nil : stored &- 1
        }
        set {
            let shift = UInt64(truncatingIfNeeded: slot &* 8)
            let stored = newValue.map { UInt64(truncatingIfNeeded: $0 &+ 1) & 0xFF } ?? 0
            _historyBits = (_historyBits & ~(0xFF &<< shift)) | stored &<< shift
        }
    }

    /// Remembers `leaf` in every history slot of `mask` (a byte of ones per slot).
    @inlinable @inline(__always)
    mutating func remember(_ leaf: Int, inSlots mask: UInt64) {
        let stored = UInt64(truncatingIfNeeded: leaf &+ 1) & 0xFF
        _historyBits = (_historyBits & ~mask) | (stored &* 0x0101_0101_0101_0101) & mask
    }
}

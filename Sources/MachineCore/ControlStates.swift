/// The control state of every region, packed into one word so that copying and comparing the
/// configuration costs nothing.
///
/// Holds up to ``capacity`` regions of up to 256 states each (the table checks both).
public struct ControlStates: Hashable, Sendable {
    /// The most regions a machine may have.
    public static let capacity = 8

    @usableFromInline var bits: UInt64

    /// The configuration with every region in state 0.
    @inlinable
    public init() { bits = 0 }

    /// The state index of the region at `region`.
    @inlinable @inline(__always)
    public subscript(region: Int) -> Int {
        get { Int(truncatingIfNeeded: (bits &>> UInt64(truncatingIfNeeded: region &* 8)) & 0xFF) }
        set {
            let shift = UInt64(truncatingIfNeeded: region &* 8)
            bits = (bits & ~(0xFF &<< shift)) | (UInt64(truncatingIfNeeded: newValue) & 0xFF) &<< shift
        }
    }
}

/// A column of a gazetteer file, read in place: `count` little-endian values from `base`. Every
/// read is bounds-checked, as an array's would be.
///
/// Unchecked `Sendable`: the bytes are never written, and the ``GazetteerFile`` that holds the
/// column keeps them alive.
struct GazetteerColumn<Value: LittleEndianValue>: RandomAccessCollection, @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Value {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "Index out of range")
        return Value(littleEndianAt: base + position &* MemoryLayout<Value>.size)
    }
}

/// A value a gazetteer column holds, read from its little-endian bytes at any alignment.
protocol LittleEndianValue {
    init(littleEndianAt pointer: UnsafeRawPointer)
}

extension UInt32: LittleEndianValue {
    init(littleEndianAt pointer: UnsafeRawPointer) { self.init(littleEndian: pointer.loadUnaligned(as: UInt32.self)) }
}

extension Int32: LittleEndianValue {
    init(littleEndianAt pointer: UnsafeRawPointer) { self.init(littleEndian: pointer.loadUnaligned(as: Int32.self)) }
}

extension UInt64: LittleEndianValue {
    init(littleEndianAt pointer: UnsafeRawPointer) { self.init(littleEndian: pointer.loadUnaligned(as: UInt64.self)) }
}

extension Double: LittleEndianValue {
    init(littleEndianAt pointer: UnsafeRawPointer) { self.init(bitPattern: UInt64(littleEndianAt: pointer)) }
}

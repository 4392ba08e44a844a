import MachineCore

/// A script's checked statements in order, kept compactly: each distinct statement once, and for
/// each line that holds one, two bytes naming it (four once a script has more than 65,536
/// distinct statements). The lines are numbered from the positions, with a note wherever they
/// skip (a blank or comment line, `machine`, `given`).
@usableFromInline
struct CheckedProgram<M: MachineDefinition>: Sendable {
    /// Each distinct statement, in the order first met.
    @usableFromInline var statements: [CheckedStatement<M>] = []
    /// The statement at each position, by its index in ``statements``, while every index fits in
    /// 16 bits.
    @usableFromInline var narrow: [UInt16] = []
    /// The statement at each position once an index did not fit in 16 bits (``narrow`` is then
    /// empty).
    @usableFromInline var wide: [UInt32] = []
    /// The positions whose line is not the line after the previous position's, with their line.
    @usableFromInline var jumps: [(position: Int, line: Int)] = []
    /// The line of the last statement appended.
    @usableFromInline var lastLine = 0

    @inlinable
    init() {}

    /// How many statements the program runs.
    @inlinable
    var count: Int { narrow.count + wide.count }

    /// Adds a new distinct statement; returns its index.
    @inlinable
    mutating func add(_ statement: CheckedStatement<M>) -> Int {
        statements.append(statement)
        return statements.count - 1
    }

    /// Appends the statement at `index` (below `UInt32.max`) on line `line`, which comes after
    /// the last one's.
    @inlinable
    mutating func append(_ index: Int, line: Int) {
        if count == 0 || line != lastLine + 1 { jumps.append((count, line)) }
        lastLine = line
        if wide.isEmpty, let small = UInt16(exactly: index) {
            narrow.append(small)
            return
        }
        if wide.isEmpty {
            wide = narrow.map { UInt32($0) }
            narrow = []
        }
        wide.append(UInt32(index))
    }

    /// The index of the statement at `position`.
    @inlinable
    func index(at position: Int) -> Int { wide.isEmpty ? Int(narrow[position]) : Int(wide[position]) }
}

extension CheckedProgram: Sequence {
    /// Each statement with its line, in order.
    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline let program: CheckedProgram
        @usableFromInline var position = 0
        @usableFromInline var line = 0
        @usableFromInline var nextJump = 0

        @inlinable
        init(program: CheckedProgram) { self.program = program }

        @inlinable
        mutating func next() -> (statement: CheckedStatement<M>, line: Int)? {
            guard position < program.count else { return nil }
            if nextJump < program.jumps.count, program.jumps[nextJump].position == position {
                line = program.jumps[nextJump].line
                nextJump += 1
            } else {
                line += 1
            }
            position += 1
            return (program.statements[program.index(at: position - 1)], line)
        }
    }

    @inlinable
    func makeIterator() -> Iterator { Iterator(program: self) }

    @inlinable
    var underestimatedCount: Int { count }
}

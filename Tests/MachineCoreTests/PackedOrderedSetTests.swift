import Testing

@testable import MachineCore

@Suite struct PackedOrderedSetTests {
    enum Name: Int, IndexedCase { case a, b, c, d, e, f, g, h, i, j, k, l, m, n, o }

    @Test func keepsInsertionOrder() {
        var set = PackedOrderedSet<Name>()
        set.append(.c)
        set.append(.a)
        set.append(.b)
        #expect(set.elements == [.c, .a, .b])
        #expect(set.count == 3)
    }

    @Test func reinsertingMovesToTheEnd() {
        var set = PackedOrderedSet<Name>([.a, .b, .c])
        set.append(.a)
        #expect(set.elements == [.b, .c, .a])
    }

    @Test func removeReportsPresence() {
        var set = PackedOrderedSet<Name>([.a, .b, .c])
        let first = set.remove(.b)
        let second = set.remove(.b)
        #expect(first)
        #expect(!second)
        #expect(set.elements == [.a, .c])
        #expect(!set.contains(.b))
        #expect(set.contains(.c))
    }

    @Test func holdsEveryCaseUpToCapacity() {
        var set = PackedOrderedSet<Name>()
        for name in Name.allCases.reversed() { set.append(name) }
        #expect(set.count == PackedOrderedSet<Name>.capacity)
        #expect(set.elements == Name.allCases.reversed())
        let removedLast = set.remove(.o)
        let removedFirst = set.remove(.a)
        #expect(removedLast && removedFirst)
        #expect(set.elements == Array(Name.allCases.reversed().dropFirst().dropLast()))
    }

    @Test func removeAllEmpties() {
        var set = PackedOrderedSet<Name>([.d, .e])
        set.removeAll()
        #expect(set.isEmpty)
        #expect(set.elements.isEmpty)
    }
}

@Suite struct ControlStatesTests {
    @Test func regionsAreIndependent() {
        var controls = ControlStates()
        controls[0] = 3
        controls[7] = 255
        controls[3] = 17
        #expect(controls[0] == 3)
        #expect(controls[3] == 17)
        #expect(controls[7] == 255)
        controls[3] = 0
        #expect(controls[3] == 0)
        #expect(controls[7] == 255)
    }
}

extension TransitionTable {
    /// The value of ``identity``, computed once when the table is built. A region's children, a
    /// row's history and internal mark count when there are some.
    static func identity(
        regions: [RegionDescription], rows: [Row<M>], eventNames: [String], timerNames: [String], requestKindNames: [String]
    ) -> String {
        var hash = IdentityHash()
        hash.add(regions.count)
        for region in regions {
            hash.add(region.name)
            hash.add(region.states.count)
            for state in region.states { hash.add(state) }
            hash.add(region.initial)
            hash.add(region.finalStates.count)
            for final in region.finalStates { hash.add(final) }
            // A flat region adds nothing, so a flat table keeps the identity it had before nesting existed.
            if region.isHierarchical {
                hash.add("children")
                for (parent, children) in region.children.enumerated() where !children.isEmpty {
                    hash.add(parent)
                    hash.add(children.count)
                    for child in children { hash.add(child) }
                }
            }
        }
        hash.add(rows.count)
        for row in rows {
            hash.add(row.id)
            hash.add(row.regionName)
            if let sources = row.sources {
                hash.add(sources.count)
                for source in sources { hash.add(source) }
            } else {
                hash.add(-1)
            }
            switch row.trigger {
            case .event(let kind):
                hash.add(eventNames[kind.rawValue])
            case .events(let descriptor):
                hash.add("events \(descriptor.description)")
            case .after(let delay, let timer), .every(let delay, let timer):
                hash.add(row.repeats ? "every" : "after")
                hash.add(timer.map { timerNames[$0.rawValue] } ?? "")
                if let duration = delay.duration {
                    hash.add(Int(duration.components.seconds))
                    hash.add(Int(duration.components.attoseconds / 1_000_000))
                } else {
                    hash.add(delay.name ?? "")
                }
            case .always:
                hash.add("always")
            case .done(let state):
                hash.add("done")
                hash.add(state)
            }
            hash.add(row.guard?.name ?? "")
            hash.add(row.target ?? -1)
            for extra in row.extraTargets {
                hash.add("target \(extra.regionName)")
                hash.add(extra.state)
            }
            if let history = row.history { hash.add("history \(history.rawValue)") }
            if row.isInternal { hash.add("internal") }
        }
        for names in [eventNames, timerNames, requestKindNames] {
            hash.add(names.count)
            for name in names { hash.add(name) }
        }
        return hash.hexadecimal
    }
}

/// FNV-1a, 64 bits, over a sequence of strings and numbers, each delimited so that no two
/// different sequences feed it the same bytes.
struct IdentityHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    private mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Adds a string: its UTF-8 length, then its bytes.
    mutating func add(_ string: String) {
        add(string.utf8.count)
        for byte in string.utf8 { add(byte: byte) }
    }

    /// Adds a number: its eight bytes, least significant first.
    mutating func add(_ number: Int) {
        let bits = UInt64(bitPattern: Int64(number))
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    /// The hash as 16 lowercase hexadecimal digits.
    var hexadecimal: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

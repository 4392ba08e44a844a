import MachineCore
import MachineRuntime

/// What keeps a search from ending: for each part of the states a level reaches (each field of
/// the context, by its name in the Swift type, and the time left on the timers and on what is
/// scheduled), how many values it takes there that no earlier level saw. A part that takes new
/// values at every level, to the last, is what grows without end: a counter, a log, a clock's
/// time left that never repeats.
///
/// It looks at ``sampledPerLevel`` states of each level, spread evenly over it in the search's
/// order, so that it costs little beside the expansion and reads the same in every run.
@usableFromInline
package struct FrontierGrowth {
    /// The states looked at per level.
    @usableFromInline static var sampledPerLevel: Int { 256 }
    /// The values kept per part: beyond them, every value counts as new.
    @usableFromInline static var valuesKept: Int { 100_000 }

    /// The parts, in the order first met.
    @usableFromInline var parts: [String] = []
    /// The values each part has taken so far.
    @usableFromInline var seen: [String: Set<AnyHashable>] = [:]
    /// For each part, the new values it took at each level recorded, in order.
    @usableFromInline private(set) var newValues: [String: [Int]] = [:]
    /// How many levels were recorded.
    @usableFromInline var levels = 0

    @inlinable
    init() {}

    /// The positions of the states looked at in a level of `count` states: at most
    /// ``sampledPerLevel``, spread evenly from the first.
    @inlinable
    static func sampled(from count: Int) -> [Int] {
        Array(stride(from: 0, to: count, by: max(1, count / sampledPerLevel)).prefix(sampledPerLevel))
    }

    /// Records one level by the states of it at ``sampled(from:)``.
    @inlinable
    mutating func record<M: MachineDefinition>(_ sample: [Runtime<M>]) {
        var fresh: [String: Int] = [:]
        for runtime in sample {
            for (part, value) in Self.parts(of: runtime) {
                if seen[part] == nil {
                    parts.append(part)
                    seen[part] = []
                    newValues[part] = Array(repeating: 0, count: levels)
                }
                if seen[part]!.count >= Self.valuesKept {
                    fresh[part, default: 0] += 1
                } else if seen[part]!.insert(value).inserted {
                    fresh[part, default: 0] += 1
                }
            }
        }
        for part in parts { newValues[part]!.append(fresh[part] ?? 0) }
        levels += 1
    }

    /// The parts that took new values at each of the last `span` levels (all of them, if fewer),
    /// with the values they have taken: what to bound, or to leave out of a state's identity.
    @usableFromInline
    package func growing(over span: Int = 3) -> [(part: String, values: Int)] {
        guard levels >= 2 else { return [] }
        let last = min(span, levels - 1)
        return parts.compactMap { part in
            guard let counts = newValues[part], counts.suffix(last).allSatisfy({ $0 > 0 }) else { return nil }
            return (part, seen[part]?.count ?? 0)
        }
    }

    /// The parts of a runtime's state the search tells apart beyond its control states, each
    /// with its value.
    @usableFromInline
    static func parts<M: MachineDefinition>(of runtime: Runtime<M>) -> [(String, AnyHashable)] {
        var parts: [(String, AnyHashable)] = []
        for child in Mirror(reflecting: runtime.state.context).children {
            parts.append(("context." + (child.label ?? "?"), value(child.value)))
        }
        if !runtime.timers.isEmpty {
            parts.append(("the time left on the timers", runtime.timers.map { $0.deadline - runtime.now }))
        }
        if !runtime.scheduled.isEmpty {
            parts.append(("the time left on the delays and delayed sends", runtime.scheduled.map { $0.deadline - runtime.now }))
        }
        return parts
    }

    /// A part's value as the report tells values apart: by equality, when its type is hashable
    /// (a context's fields are, nearly always), else by its description. Written out and compared
    /// as text, every value took some twenty thousand instructions, most of the report's cost.
    @usableFromInline
    static func value(_ value: Any) -> AnyHashable { (value as? AnyHashable) ?? AnyHashable(String(reflecting: value)) }
}

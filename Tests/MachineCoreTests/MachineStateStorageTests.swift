import MachineCore
import Testing

/// A state holds its context behind one reference, copied on write: copies share it until one
/// changes, and none sees another's change.
@Suite struct MachineStateStorageTests {
    static func state() -> MachineState<Jukebox> {
        MachineState(controls: ControlStates(), context: Jukebox.Context(log: ["start"], loud: false))
    }

    @Test func aCopyThatChangesItsContextLeavesTheOriginalAsItWas() {
        let original = Self.state()
        var copy = original
        #expect(copy.sharesContext(with: original))
        copy.context.log.append("changed")
        #expect(!copy.sharesContext(with: original))
        #expect(original.context.log == ["start"])
        #expect(copy.context.log == ["start", "changed"])
        var assigned = original
        assigned.context = Jukebox.Context(log: [], loud: true)
        #expect(original.context.loud == false && assigned.context.loud)
    }

    @Test func statesAreEqualWhetherOrNotTheyShareTheirContext() {
        let original = Self.state()
        let shared = original
        var rebuilt = MachineState<Jukebox>(controls: ControlStates(), context: original.context)
        #expect(shared == original && rebuilt == original)
        #expect(!rebuilt.sharesContext(with: original))
        rebuilt.context.loud = true
        #expect(rebuilt != original)
        var moved = original
        moved[Jukebox.deck] = .on
        #expect(moved != original, "the same context, another control state")
    }

    @Test func aStateIsReflectedAsItsParts() {
        let labels = Mirror(reflecting: Self.state()).children.map(\.label)
        #expect(labels == ["controls", "context", "work"])
        #expect("\(Self.state())".contains("context: "))
    }
}

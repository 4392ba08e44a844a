import MachineCore
import MachineRuntime
import Testing

/// The nested ``Jukebox`` and its hand-flattened twin take the same steps on random inputs: the
/// same rows (by id, before `@`), the same leaf, the same log of exits, actions and entries.
@Suite struct HierarchyDifferentialTests {
    static let events: [Jukebox.Event] = [.power, .play, .pause, .stop, .resume, .resumeDeep, .reset, .refresh, .tick, .fault]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func nestedAndFlattenedTakeTheSameSteps(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var nested = Jukebox.table.initialState(context: .init())
        var flat = FlatJukebox.table.initialState(context: .init())
        var nestedResult = StepResult<Jukebox>()
        var flatResult = StepResult<FlatJukebox>()
        var fired = 0
        for move in 0..<5_000 {
            if Bool.random(using: &random) {
                let loud = Bool.random(using: &random)
                nested.context.loud = loud
                flat.context.loud = loud
            }
            let event = Self.events.randomElement(using: &random) ?? .tick
            Jukebox.table.step(&nested, event, into: &nestedResult)
            FlatJukebox.table.step(&flat, event, into: &flatResult)
            let nestedRows = nestedResult.firedRows.map { Jukebox.table.rows[$0].id }
            let flatRows = flatResult.firedRows.map {
                FlatJukebox.table.rows[$0].id.split(separator: "@").first.map(String.init) ?? ""
            }
            fired += nestedRows.count
            guard nestedRows == flatRows, nested[Jukebox.deck] == flat[FlatJukebox.deck], nested.context.log == flat.context.log,
                nestedResult.ignored == flatResult.ignored
            else {
                Issue.record(
                    "seed \(seed), move \(move), \(event): \(nestedRows) in \(nested[Jukebox.deck]) vs \(flatRows) in \(flat[FlatJukebox.deck])"
                )
                return
            }
            if nested.context.log.count > 1_000 {
                nested.context.log.removeAll()
                flat.context.log.removeAll()
            }
        }
        #expect(fired > 2_000)
    }
}

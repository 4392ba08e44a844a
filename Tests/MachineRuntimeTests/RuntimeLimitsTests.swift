import MachineCore
import MachineRuntime
import Testing

/// Hostile numbers: durations and ordinals at and past the ends of their types. The runtime
/// throws a ``RuntimeError`` for each and changes nothing; it never traps.
@Suite struct RuntimeLimitsTests {
    static let end = Runtime<Asker>.latestTime
    /// The longest `Duration` there is: Int128.max attoseconds, about 1.7e20 seconds.
    static let longest =
        Duration.seconds(Int64.max) * 18
        + Duration(secondsComponent: 4_120_486_797_083_267_205, attosecondsComponent: 687_303_715_884_105_727)
    /// The most negative `Duration` there is.
    static let mostNegative = Duration(secondsComponent: Int64.min, attosecondsComponent: 0)
    static let attosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)

    /// One hostile advance: from where, by how much, and the error expected.
    struct HostileAdvance: Sendable, CustomTestStringConvertible {
        let from: Duration
        let by: Duration
        let error: RuntimeError
        var testDescription: String { "advance(by: \(by)) at \(from)" }

        init(from: Duration = .zero, by: Duration, _ error: RuntimeError? = nil) {
            self.from = from
            self.by = by
            self.error = error ?? .clockOverflow(now: from, advance: by)
        }
    }

    static let hostileAdvances: [HostileAdvance] = [
        HostileAdvance(by: .seconds(Int64.max)),
        HostileAdvance(by: longest),
        HostileAdvance(by: end + attosecond),
        HostileAdvance(from: .seconds(1), by: end),
        HostileAdvance(from: .seconds(1), by: longest),
        HostileAdvance(from: end, by: attosecond),
        HostileAdvance(from: end, by: .seconds(Int64.max)),
        HostileAdvance(from: end, by: longest),
        HostileAdvance(by: .milliseconds(-1), .negativeDuration(.milliseconds(-1))),
        HostileAdvance(from: end, by: mostNegative, .negativeDuration(mostNegative)),
        HostileAdvance(by: .milliseconds(Int.min), .negativeDuration(.milliseconds(Int.min))),
    ]

    @Test(arguments: hostileAdvances)
    func aHostileAdvanceThrowsAndChangesNothing(_ hostile: HostileAdvance) throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("q"))
        _ = try runtime.send(.arm(.a, milliseconds: 500))
        _ = try runtime.advance(by: hostile.from)
        let before = (state: runtime.state, now: runtime.now, timers: runtime.timers, requests: runtime.requests.count)
        #expect(throws: hostile.error) { try runtime.advance(by: hostile.by) }
        #expect(runtime.state == before.state)
        #expect(runtime.now == before.now)
        #expect(runtime.timers == before.timers)
        #expect(runtime.requests.count == before.requests)
    }

    /// The reviewer's case: the 19th `advance(by: .seconds(Int64.max))` trapped.
    @Test func repeatedHugeAdvancesThrowEveryTime() throws {
        var runtime = Asker.runtime()
        for _ in 0..<100 {
            #expect(throws: RuntimeError.clockOverflow(now: .zero, advance: .seconds(Int64.max))) {
                try runtime.advance(by: .seconds(Int64.max))
            }
        }
        #expect(runtime.now == .zero)
    }

    @Test func theClockReachesItsLastInstantAndNoFurther() throws {
        var runtime = Asker.runtime()
        for _ in 0..<4 { _ = try runtime.advance(by: .nanoseconds(1 << 60)) }
        #expect(runtime.now == Self.end)
        #expect(try runtime.advance(by: .zero).isEmpty)
        #expect(throws: RuntimeError.clockOverflow(now: Self.end, advance: .nanoseconds(1))) {
            try runtime.advance(by: .nanoseconds(1))
        }
        #expect(runtime.now == Self.end)
        // The runtime still takes events and answers at its last instant.
        _ = try runtime.send(.ask("q"))
        _ = try runtime.respond(.lookup, with: .reply("a"))
        #expect(runtime.state.context.log == ["a"])
    }

    @Test(arguments: [Duration.seconds(Int64.max), longest, end + attosecond])
    func aTimerDueBeyondTheEndNeverFires(_ duration: Duration) throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.armFor(.a, duration))
        #expect(runtime.timers.map(\.deadline) == [Self.end])
        #expect(runtime.timers.map(\.canFire) == [false])
        #expect(try runtime.advance(by: Self.end).isEmpty)
        #expect(runtime.timers.map(\.timer) == [.a])
        #expect(runtime.state.context.log.isEmpty)
    }

    @Test func aTimerStartedNearTheEndFiresOnlyIfItsDeadlineIsInRange() throws {
        var runtime = Asker.runtime()
        _ = try runtime.advance(by: Self.end - .seconds(1))
        _ = try runtime.send(.armFor(.a, .seconds(1)))
        _ = try runtime.send(.armFor(.b, .seconds(1) + Self.attosecond))
        let steps = try runtime.advance(by: .seconds(1))
        #expect(steps.map(\.time) == [Self.end])
        #expect(runtime.state.context.log == ["A"])
        #expect(runtime.timers.map(\.timer) == [.b])
        // At the last instant every positive duration is beyond the end, even the longest.
        _ = try runtime.send(.armFor(.a, Self.longest))
        _ = try runtime.send(.armFor(.a, .nanoseconds(1)))
        #expect(try runtime.advance(by: .zero).isEmpty)
    }

    @Test(arguments: [Duration.seconds(-3), mostNegative, .milliseconds(Int.min), .zero])
    func aTimerOfNoDurationFiresNowAndTimeNeverGoesBack(_ duration: Duration) throws {
        var runtime = Asker.runtime()
        _ = try runtime.advance(by: .seconds(5))
        _ = try runtime.send(.armFor(.a, duration))
        #expect(runtime.timers.map(\.deadline) == [.seconds(5)])
        let steps = try runtime.advance(by: .zero)
        #expect(steps.map(\.time) == [.seconds(5)])
        #expect(runtime.now == .seconds(5))
        #expect(runtime.state.context.log == ["A"])
    }

    @Test(arguments: [Int.min, Int.min + 1, -1, 0, 2, Int.max])
    func aHostileOrdinalIsNoSuchRequest(_ ordinal: Int) throws {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("q"))
        #expect(runtime.request(.lookup, ordinal) == nil)
        #expect(throws: RuntimeError.noSuchRequest("lookup#\(ordinal)")) {
            try runtime.respond(.lookup, ordinal, with: .reply("x"))
        }
        #expect(runtime.pendingRequests.count == 1)
        #expect(runtime.request(.lookup, 1)?.request == .lookup("q"))
    }
}

import MachineCore

/// The range of the virtual clock, and how a timer's deadline is kept inside it.
extension Runtime {
    /// The last instant of the virtual clock: 2^62 nanoseconds after the start, about 146 years.
    ///
    /// The clock runs from zero to this instant. The bound is far beyond any session or script,
    /// yet every instant in the range is a whole count of nanoseconds that fits in a signed
    /// 64-bit integer, as system clocks and `Task.sleep(nanoseconds:)` count them, with a bit to
    /// spare; and no sum of an instant and a checked duration can overflow `Duration`.
    @inlinable
    package static var latestTime: Duration {
        Duration(secondsComponent: 4_611_686_018, attosecondsComponent: 427_387_904_000_000_000)
    }

    /// The due time of a timer that the clock can never reach: past ``latestTime``.
    @inlinable
    static var never: Duration { latestTime + .nanoseconds(1) }

    /// When a timer started now for `duration` falls due.
    ///
    /// A duration of zero or less falls due now (time never goes back); a duration longer than
    /// the clock has left falls due ``never``. No arithmetic here can overflow, whatever the
    /// machine asks for: the clock is in its range, so `latestTime - now` is too.
    @inlinable
    func due(after duration: Duration) -> Duration {
        if duration <= .zero { return _now }
        return duration <= Self.latestTime - _now ? _now + duration : Self.never
    }
}

extension Runtime.RunningTimer {
    /// When it fires: the end of the virtual clock (2^62 nanoseconds, about 146 years) for a timer
    /// started for longer than the clock has left, which never fires.
    @inlinable
    public var deadline: Duration { Swift.min(_deadline, Runtime<M>.latestTime) }

    /// Whether the clock can reach its deadline. A timer started for longer than the virtual
    /// clock has left (a machine asking for "practically never") keeps running until it is
    /// cancelled or restarted, but never fires: there is no instant at which it could.
    @inlinable
    package var canFire: Bool { _deadline <= Runtime<M>.latestTime }
}

/// How long a delayed row waits after its state is entered, or how often a repeating row fires:
/// a fixed duration, or one computed from the context as the state is entered (SCXML's
/// `delayexpr`, XState's named `delays`).
///
/// ```swift
/// Row("retry", in: link, from: [.backoff], after: .seconds(2), to: .connecting)
/// Row("retry", in: link, from: [.backoff], after: Delay("backoff") { $0.backoff }, to: .connecting)
/// ```
///
/// A computed delay is evaluated once, when the state is entered, after the state's entry
/// action: a later change of the context does not move the deadline. A duration of zero or
/// less falls due at the runtime's next clock advance.
public struct Delay<M: MachineDefinition>: Sendable {
    /// The name diagrams and listings show for a computed delay; `nil` for a fixed one.
    package let name: String?
    /// The fixed duration, or `nil` for a computed delay.
    package let duration: Duration?
    let compute: (@Sendable (M.Context) -> Duration)?

    /// A delay computed from the context when its state is entered.
    public init(_ name: String, _ compute: @escaping @Sendable (M.Context) -> Duration) {
        self.name = name
        self.duration = nil
        self.compute = compute
    }

    /// A fixed delay.
    init(fixed duration: Duration) {
        self.name = nil
        self.duration = duration
        self.compute = nil
    }

    /// The delay in `context`.
    func duration(in context: M.Context) -> Duration { duration ?? compute?(context) ?? .zero }

    /// The delay scaled by `factor` (a mutant's delay halved or doubled).
    package func scaled(by factor: Double) -> Delay<M> {
        if let duration { return Delay(fixed: duration * factor) }
        let compute = compute
        return Delay(name ?? "", { context in (compute?(context) ?? .zero) * factor })
    }

    /// How listings and diagrams show it: `5s`, or the computed delay's name.
    package var label: String { duration.map(ValueText.duration) ?? name ?? "" }
}

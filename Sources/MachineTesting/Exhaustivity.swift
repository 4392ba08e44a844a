/// How much a ``MachineTestStore`` insists on.
public enum Exhaustivity: Equatable, Sendable {
    /// Every state change and every command must be asserted, and nothing may be left running at
    /// the end, as in the Composable Architecture's `TestStore`.
    case on
    /// Only what the test asserts is checked; with `showSkipped`, what it did not assert is
    /// reported as a known issue, visible but not failing.
    case off(showSkipped: Bool)
}

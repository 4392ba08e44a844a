extension Int {
    /// The number and its noun, the noun singular for one: `1 region`, `2 regions`, `0 rows`;
    /// `plural` for a noun that does not take an `s` (`1 mutant survives`).
    package func counted(_ singular: String, plural: String? = nil) -> String {
        "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}

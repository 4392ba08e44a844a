import AddressPicker
import MachineCore
import Testing

@Suite("The address picker's table") struct TableChecksTests {
    @Test func passesEveryStaticCheck() {
        let findings = AddressPicker.table.listing.findings
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }
}

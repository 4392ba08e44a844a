import AddressPicker
import Foundation
import Testing

/// The Promela model that `Benchmarks/SPIN/measure` runs beside `verify` is the picker's table
/// written again by hand, each transition commented with its row's id: a row added to the table,
/// or renamed, fails here until the model has it too, so that the yardstick keeps measuring the
/// same machine.
@Suite("SPIN model") struct SPINModelTests {
    @Test func theModelHasEveryRowOfTheTable() throws {
        let model = try String(
            contentsOf: Tool.packageRoot.appendingPathComponent("Benchmarks/SPIN/address-picker.pml"), encoding: .utf8)
        let commented = Set(model.matches(of: /\/\* ([A-Z][0-9]+\.[A-Za-z]+) \*\//).map { String($0.1) })
        let rows = AddressPicker.table.rows.map(\.id)
        #expect(rows.filter { !commented.contains($0) } == [], "rows the model does not have")
        #expect(commented.subtracting(rows).sorted() == [], "rows the model has and the table does not")
    }
}

import MachineRuntime
import Testing

@testable import MachineCore

/// Numbers are written with the shortest digits that read back, in positional notation. Most are
/// written from their decimal found by scaling; the text must be Swift's `description`'s, digit
/// for digit, whichever way it is found.
@Suite("Numbers as text") struct ValueTextTests {
    @Test func numbersPeopleWriteAreWrittenAsTheyWroteThem() {
        let cases: [(Double, String)] = [
            (40.725, "40.725"), (-73.9987, "-73.9987"), (0.05, "0.05"), (1, "1.0"), (-2, "-2.0"), (0.0001, "0.0001"),
            (123456789012345, "123456789012345.0"), (0.000123456789012345, "0.000123456789012345"),
            (999999999999999.9, "999999999999999.9"), (0.1 + 0.2, "0.30000000000000004"), (1e-7, "0.0000001"),
            (1e16, "10000000000000000.0"), (1.0 / 3, "0.3333333333333333"), (0, "0.0"), (-0.0, "0.0"),
        ]
        for (number, text) in cases { #expect(ValueText.number(number) == text, "\(number)") }
        // Found by scaling, or not: a number with more digits than 15, or beyond the range, is left
        // to `description`.
        #expect(ValueText.decimal(40.725) == "40.725")
        #expect(ValueText.decimal(0.1 + 0.2) == nil)
        #expect(ValueText.decimal(1e16) == nil)
    }

    @Test func scaledDecimalsAreSwiftsDigits() {
        var random = SplitMix64(seed: 44)
        var scaled = 0
        for _ in 0..<50_000 {
            // Decimals of 1 to 16 digits with up to 17 decimals, and numbers of any bits.
            let length = Int(random.next() % 16) + 1
            let digits = Double(random.next() % UInt64(pow10(length))) / pow10(Int(random.next() % 18))
            if ValueText.decimal(digits) != nil { scaled += 1 }
            let bits = Double(bitPattern: random.next())
            for number in [digits, -digits, bits, digits.nextUp, digits.nextDown] where number.isFinite && number != 0 {
                #expect(ValueText.number(number) == ValueText.positional(number), "\(number.bitPattern)")
            }
        }
        // Most of the decimals were written by scaling.
        #expect(scaled > 30_000)
    }

    func pow10(_ exponent: Int) -> Double { (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}

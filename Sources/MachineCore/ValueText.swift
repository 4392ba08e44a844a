/// How numbers and durations are written wherever a person or a script reads them: scripts,
/// transcripts, diagram labels. One writer, so that a delay reads the same in a table's diagram
/// and in the transcript of the timer it starts.
package enum ValueText {
    /// A number as the script language writes it: the shortest digits that read back to the same
    /// `Double` (as Swift prints it), always in positional notation, since scripts have no
    /// exponents: `1e-07` is written `0.0000001`, `1e+16` is `10000000000000000.0`.
    package static func number(_ number: Double) -> String {
        guard number != 0 else { return "0.0" }
        return decimal(number) ?? positional(number)
    }

    /// `number` written from its shortest decimal, found by scaling, for a number that is the
    /// nearest `Double` to a decimal of at most 15 significant digits and at most 15 decimals
    /// (most numbers people write: `40.725`, `-73.9987`, `0.05`); `nil` for any other. Such a
    /// decimal is the only one of its length that reads back to the number (15 digits are fewer
    /// than a `Double` tells apart), so the fewest decimals that read back are the digits Swift
    /// prints. Several times faster than `description`, which the transcript of a map's regions
    /// calls for every coordinate.
    static func decimal(_ number: Double) -> String? {
        let magnitude = number.magnitude
        guard magnitude >= 1e-4, magnitude < 1e15 else { return nil }
        var scale = 1.0
        for decimals in 0...15 {
            // Within 0.25 of the decimal's digits when there is one (the product is rounded once),
            // so adding a half and truncating finds them. Not `rounded()`: it calls the C
            // library's `round`, which a program linking this module alone does not link.
            let product = magnitude * scale + 0.5
            guard product < 1e15 else { return nil }
            let digits = UInt64(product)
            if Double(digits) / scale == magnitude { return text(digits: digits, decimals: decimals, negative: number < 0) }
            scale *= 10
        }
        return nil
    }

    /// `digits` with the decimal point `decimals` digits from the right (at least one digit on
    /// each side: `0.05`, `40.0`), after a minus sign when `negative`.
    private static func text(digits: UInt64, decimals: Int, negative: Bool) -> String {
        // Written on the stack, then made a string: one of up to 15 bytes is stored inline.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            // The digits from the right, with the point and any zeros it needs; then reversed.
            var count = 0
            var rest = digits
            var written = 0
            if decimals == 0 {
                buffer[0] = UInt8(ascii: "0")
                buffer[1] = UInt8(ascii: ".")
                count = 2
            }
            while rest > 0 || written <= decimals {
                if written == decimals, decimals > 0 {
                    buffer[count] = UInt8(ascii: ".")
                    count += 1
                }
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                written += 1
                count += 1
            }
            if negative {
                buffer[count] = UInt8(ascii: "-")
                count += 1
            }
            buffer[0..<count].reverse()
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }

    /// `number` in positional notation from Swift's `description`: any number but zero.
    static func positional(_ number: Double) -> String {
        let text = number.description
        guard number.isFinite, text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
            let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else { return text }
        let mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        let unsigned = mantissa.drop { $0 == "-" }
        let integerDigits = unsigned.prefix { $0 != "." }
        let digits = Array(integerDigits + unsigned.dropFirst(integerDigits.count + 1))
        // The decimal point goes after `point` digits (which may be before the first or after the last).
        let point = integerDigits.count + exponent
        if point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + String(digits)
        }
        if point >= digits.count {
            return sign + String(digits) + String(repeating: "0", count: point - digits.count) + ".0"
        }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }

    /// A duration as a script writes it: in the largest unit that holds it whole (`2min`, `30s`,
    /// `300ms`), otherwise in milliseconds with a fraction (`1500ms`, `0.5ms`).
    package static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds == 0, seconds != 0 else { return milliseconds(duration) }
        return seconds % 60 == 0 ? String(seconds / 60) + "min" : String(seconds) + "s"
    }

    /// A moment on the virtual clock in milliseconds (`300ms`, `1500ms`, `0.5ms`): the unit of a
    /// transcript's time column, so that times line up and compare at a glance.
    package static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let wholeMilliseconds = attoseconds / 1_000_000_000_000_000
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (milliseconds, overflowAgain) = scaled.addingReportingOverflow(wholeMilliseconds)
        if attoseconds % 1_000_000_000_000_000 == 0, !overflow, !overflowAgain {
            return String(milliseconds) + "ms"
        }
        // A fraction of a millisecond, or more milliseconds than an Int64 holds.
        return number(Double(seconds) * 1000 + Double(attoseconds) / 1e15) + "ms"
    }
}

/// How numbers and durations are written wherever a person or a script reads them: scripts,
/// transcripts, diagram labels. One writer, so that a delay reads the same in a table's diagram
/// and in the transcript of the timer it starts.
package enum ValueText {
    /// A number as the script language writes it: the shortest digits that read back to the same
    /// `Double` (as Swift prints it), always in positional notation, since scripts have no
    /// exponents: `1e-07` is written `0.0000001`, `1e+16` is `10000000000000000.0`.
    package static func number(_ number: Double) -> String {
        guard number != 0 else { return "0.0" }
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

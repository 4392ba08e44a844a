/// Reading the `delay` of a `<send>`: a CSS2 time, a number and a unit (`500ms`, `1.5s`, `2min`,
/// `1h`, `.5s`), read exactly into a `Duration` with integer arithmetic, so `0.1s` is exactly
/// 100 ms. A bare number is refused: SCXML's delay is a CSS2 time, which always has a unit.
/// Digits finer than an attosecond are dropped, the finest a `Duration` holds.
enum SCXMLDelay {
    /// The duration `text` says; `location` is where its attribute is, for errors.
    static func duration(_ text: String, at location: SourceLocation) throws(SCXMLError) -> Duration {
        let invalid = SCXMLError.invalid(
            "the delay \(SCXMLError.quoted(text)) is not a CSS2 time: a number and a unit (ms, s, min or h), such as '500ms' or '1.5s'",
            at: location)
        let bytes = Array(text.utf8).trimmingWhitespace()
        var index = 0
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        while index < bytes.count, let digit = digit(bytes[index]) {
            whole.append(digit)
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction.append(digit)
                index += 1
            }
            guard !fraction.isEmpty else { throw invalid }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { throw invalid }
        let unit = String(decoding: bytes[index...], as: UTF8.self)
        let duration: Duration?
        switch unit {
        case "ms":
            // Milliseconds are seconds with the decimal point three digits to the left.
            let padded = Array(repeating: 0, count: max(0, 3 - whole.count)) + whole
            duration = seconds(whole: Array(padded.dropLast(3)), fraction: Array(padded.suffix(3)) + fraction, times: 1)
        case "s": duration = seconds(whole: whole, fraction: fraction, times: 1)
        case "min": duration = seconds(whole: whole, fraction: fraction, times: 60)
        case "h": duration = seconds(whole: whole, fraction: fraction, times: 3600)
        default: throw invalid
        }
        // The runtime's clock runs 2^62 ns (about 146 years): a send delayed longer would never
        // be delivered, silently.
        guard let duration, duration <= .nanoseconds(Int64(1) << 62) else {
            throw .unsupported(
                "the delay \(SCXMLError.quoted(text)) is longer than the runtime's clock runs (about 146 years)",
                at: location)
        }
        return duration
    }

    /// `whole.fraction` (decimal digits) seconds times `multiplier`, or `nil` if the seconds do
    /// not fit an `Int64`.
    private static func seconds(whole: [UInt8], fraction: [UInt8], times multiplier: Int64) -> Duration? {
        var seconds: Int64 = 0
        for digit in whole {
            let (tenfold, overflow) = seconds.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tenfold.addingReportingOverflow(Int64(digit))
            guard !overflow, !carry else { return nil }
            seconds = sum
        }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        // The fraction in attoseconds (18 digits), times the multiplier: at most 3600 × 10¹⁸,
        // past 64 bits, so multiplied and divided in full width.
        var attoseconds: UInt64 = 0
        for position in 0..<18 {
            attoseconds = attoseconds * 10 + UInt64(position < fraction.count ? fraction[position] : 0)
        }
        let product = attoseconds.multipliedFullWidth(by: UInt64(multiplier))
        let (carried, remainder) = UInt64(1_000_000_000_000_000_000).dividingFullWidth(product)
        let (total, carry) = scaled.addingReportingOverflow(Int64(carried))
        guard !carry else { return nil }
        return Duration(secondsComponent: total, attosecondsComponent: Int64(remainder))
    }

    /// The value of an ASCII decimal digit, or `nil`.
    private static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }
}

extension [UInt8] {
    /// The bytes without XML white space at either end.
    fileprivate func trimmingWhitespace() -> [UInt8] {
        guard let first = firstIndex(where: { !XMLCharacters.isWhitespace($0) }),
            let last = lastIndex(where: { !XMLCharacters.isWhitespace($0) })
        else { return [] }
        return Array(self[first...last])
    }
}

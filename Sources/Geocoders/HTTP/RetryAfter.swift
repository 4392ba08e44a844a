import Foundation

/// The `Retry-After` header (RFC 9110, 10.2.3): a number of seconds, or an HTTP date.
enum RetryAfter {
    /// The longest wait a header may ask for that is read as a wait: a day. A longer one, or a
    /// header that is neither form, reads as none.
    static let longest = Duration.seconds(86_400)

    /// The wait `header` asks for, measured from `now` for a date; `nil` when there is none.
    static func parse(_ header: String?, now: Date = Date()) -> Duration? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCIIDigit) {
            guard text.count <= 6, let seconds = Int64(text) else { return nil }
            let wait = Duration.seconds(seconds)
            return wait <= longest ? wait : nil
        }
        guard let date = imfFixdate(text) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        let wait = Duration.milliseconds(Int64((seconds * 1000).rounded(.up)))
        return wait <= longest ? wait : nil
    }

    /// The moment an IMF-fixdate names, the form HTTP dates are sent in: `Sun, 06 Nov 1994
    /// 08:49:37 GMT`. The weekday is not checked.
    static func imfFixdate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
            let day = Int(fields[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Character {
    /// Whether this is one of 0…9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

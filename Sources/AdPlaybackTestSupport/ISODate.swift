/// ISO 8601 dates in UTC with milliseconds, as playlists write them.
public enum ISODate {
    /// `2026-01-01T00:00:06.006Z` for a count of milliseconds since the epoch.
    public static func string(epochMilliseconds milliseconds: Int64) -> String {
        let seconds = milliseconds / 1_000
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        let (year, month, day) = civil(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = String(milliseconds % 1_000 + 1_000).dropFirst()
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60)).\(fraction)Z"
    }

    private static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }
}

public import MediaTime

/// ISO 8601 durations as SSAI servers write them (`PT15.100000078S`,
/// `PT1M46.08S`, `P0DT1H`): days, hours, minutes and seconds, exact to the
/// microsecond (finer digits are cut).
public enum ISODuration {
    /// The duration `text` says, or `nil` when it is not one.
    public static func parse(_ text: String) -> MediaDuration? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var ticks: Int64 = 0
        var inTime = false
        var sawField = false
        while !rest.isEmpty {
            if rest.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                rest = rest.dropFirst()
                continue
            }
            guard let unitIndex = rest.firstIndex(where: { $0.isLetter }) else { return nil }
            let number = rest[..<unitIndex]
            let unit = rest[unitIndex]
            rest = rest[rest.index(after: unitIndex)...]
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
            var digits = number
            if let point = digits.firstIndex(of: ".") {
                guard unit == "S" else { return nil }
                digits = digits[..<(digits.index(point, offsetBy: 7, limitedBy: digits.endIndex) ?? digits.endIndex)]
            }
            guard let value = try? MediaDuration(decimalSeconds: digits) else { return nil }
            let scale: Int64
            switch (unit, inTime) {
            case ("D", false): scale = 86_400
            case ("H", true): scale = 3_600
            case ("M", true): scale = 60
            case ("S", true): scale = 1
            default: return nil
            }
            let (scaled, overflow) = value.ticks.multipliedReportingOverflow(by: scale)
            guard !overflow, ticks <= Int64.max - scaled else { return nil }
            ticks += scaled
            sawField = true
        }
        return sawField ? MediaDuration(ticks: ticks) : nil
    }
}

internal import MediaTime
internal import TextEcho

/// Number syntax of RFC 8216 §4.2, read straight from bytes.
enum Numbers {
    /// `decimal-integer`: 1 to 20 digits, at most 2^64-1.
    static func unsignedInteger(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard !range.isEmpty, range.count <= 20 else { return nil }
        var value: UInt64 = 0
        for index in range {
            let digit = text[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// `decimal-floating-point` (or `signed-decimal-floating-point` when
    /// `signed`), as 9 MHz ticks. Exact to 7 fractional digits; finer digits
    /// are rounded to the nearest tick. Exponents are not part of the syntax.
    static func ticks(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, signed: Bool = false) -> Int64? {
        var index = range.lowerBound
        let end = range.upperBound
        var negative = false
        if signed, index < end, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        while index < end, text[index] &- 0x30 < 10 {
            // At most 999,999,999 s: sums of such values stay far from Int64 overflow.
            guard wholeDigits < 9 else { return nil }
            whole = whole * 10 + Int64(text[index] &- 0x30)
            wholeDigits += 1
            index += 1
        }
        var fraction: Int64 = 0
        var scale: Int64 = 1
        var fractionDigits = 0
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, text[index] &- 0x30 < 10 {
                if fractionDigits < 9 {
                    fraction = fraction * 10 + Int64(text[index] &- 0x30)
                    scale *= 10
                }
                fractionDigits += 1
                index += 1
            }
        }
        guard index == end, wholeDigits + fractionDigits > 0 else { return nil }
        let perSecond = Timescale.ticksPerSecond
        // To six fractional digits the last digit is a whole number of ticks:
        // a multiply (by a quotient of constants), not the division by a
        // variable that finer digits need to round.
        let fractionTicks: Int64 = switch fractionDigits {
        case 0: 0
        case 1: fraction * (perSecond / 10)
        case 2: fraction * (perSecond / 100)
        case 3: fraction * (perSecond / 1_000)
        case 4: fraction * (perSecond / 10_000)
        case 5: fraction * (perSecond / 100_000)
        case 6: fraction * (perSecond / 1_000_000)
        default: (fraction * perSecond + scale / 2) / scale
        }
        let ticks = whole * perSecond + fractionTicks
        return negative ? -ticks : ticks
    }

    /// Why `range` is not a `decimal-integer`: digits that are too many for
    /// one are out of range, anything else is not a number at all.
    static func integerProblem(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let value = UnsafeBufferPointer(rebasing: text[range])
        if !value.isEmpty, value.allSatisfy({ $0 &- 0x30 < 10 }) {
            return "\(Echo.quoted(value)) is out of range: a decimal-integer is 0 to \(UInt64.max)"
        }
        return "expected a decimal integer, not \(Echo.quoted(value))"
    }

    /// Why `range` is not a `decimal-floating-point` number of seconds: a
    /// well-formed number with more than 9 whole digits is out of range.
    static func decimalProblem(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, signed: Bool = false) -> String {
        let value = UnsafeBufferPointer(rebasing: text[range])
        var digits = value[...]
        if signed, digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        let whole = digits.prefix { $0 &- 0x30 < 10 }
        let rest = digits.dropFirst(whole.count)
        let isNumber = !whole.isEmpty && (rest.isEmpty || rest.first == UInt8(ascii: ".") && rest.dropFirst().allSatisfy { $0 &- 0x30 < 10 })
        if isNumber, whole.count > 9 {
            return "\(Echo.quoted(value)) is out of range: at most 999999999.999999999 seconds"
        }
        return "expected a decimal number, not \(Echo.quoted(value))"
    }

    /// Ticks of a decimal given as text (attribute values already extracted).
    static func ticks(_ text: String, signed: Bool = false) -> Int64? {
        var copy = text
        return copy.withUTF8 { ticks($0, 0..<$0.count, signed: signed) }
    }

    /// An unsigned integer given as text.
    static func unsignedInteger(_ text: String) -> UInt64? {
        var copy = text
        return copy.withUTF8 { unsignedInteger($0, 0..<$0.count) }
    }

    /// Ticks of an ISO 8601 duration of days and time (`PT10S`, `PT1M30.5S`,
    /// `P1DT2H`), as Envivio's `TIMEFROMSIGNAL` writes it; only the last
    /// component may have a fraction. Years, months and weeks have no fixed
    /// length, so they are not a duration here.
    static func isoDurationTicks(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        guard index < range.upperBound, text[index] | 0x20 == UInt8(ascii: "p") else { return nil }
        index += 1
        var total: Int64 = 0
        var inTime = false
        var components = 0
        var lastUnit = 0
        while index < range.upperBound {
            if text[index] | 0x20 == UInt8(ascii: "t"), !inTime {
                inTime = true
                index += 1
                continue
            }
            let numberStart = index
            while index < range.upperBound, text[index] &- 0x30 < 10 || text[index] == UInt8(ascii: ".") { index += 1 }
            guard index < range.upperBound, index > numberStart, let value = ticks(text, numberStart..<index) else { return nil }
            let unit: (rank: Int, seconds: Int64)
            switch (text[index] | 0x20, inTime) {
            case (UInt8(ascii: "d"), false): unit = (1, 86_400)
            case (UInt8(ascii: "h"), true): unit = (2, 3_600)
            case (UInt8(ascii: "m"), true): unit = (3, 60)
            case (UInt8(ascii: "s"), true): unit = (4, 1)
            default: return nil
            }
            guard unit.rank > lastUnit else { return nil }
            let (scaled, overflow) = value.multipliedReportingOverflow(by: unit.seconds)
            guard !overflow, scaled <= 999_999_999 * Timescale.ticksPerSecond - total else { return nil }
            // A fraction only on the smallest unit written.
            if text[numberStart..<index].contains(UInt8(ascii: ".")), index + 1 < range.upperBound { return nil }
            total += scaled
            lastUnit = unit.rank
            components += 1
            index += 1
        }
        return components > 0 ? total : nil
    }
}

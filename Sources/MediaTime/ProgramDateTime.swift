/// An absolute date and time as written in `#EXT-X-PROGRAM-DATE-TIME` or a
/// DATERANGE's `START-DATE` (ISO 8601 with a time zone, RFC 8216 §4.4.4.6),
/// held exactly as 9 MHz ticks since 1970-01-01T00:00:00Z.
public struct ProgramDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Ticks (1/9,000,000 s) since the Unix epoch, UTC.
    public var ticksSinceEpoch: Int64

    /// Creates a date from ticks since the epoch.
    public init(ticksSinceEpoch: Int64) { self.ticksSinceEpoch = ticksSinceEpoch }

    /// Seconds since the epoch, for display and for `Date`.
    public var secondsSince1970: Double { Double(ticksSinceEpoch) / Double(Timescale.ticksPerSecond) }

    /// Parses `YYYY-MM-DDThh:mm:ss[.f+](Z|±hh[:]mm|±hh)`.
    public init?(_ text: String) {
        var copy = text
        guard let value = copy.withUTF8({ Self.parse($0, 0..<$0.count) }) else { return nil }
        self = value
    }

    /// Parses the ISO 8601 form from bytes.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ProgramDateTime? {
        var days = DayCache()
        return parse(text, range, days: &days)
    }

    /// The day of the last canonical date read: consecutive segments share it.
    package struct DayCache {
        var key: UInt64 = .max
        var days: Int64 = 0

        package init() {}

        init(key: UInt64, days: Int64) {
            self.key = key
            self.days = days
        }
    }

    /// The same, remembering the day between calls.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, days: inout DayCache) -> ProgramDateTime? {
        let start = range.lowerBound
        let end = range.upperBound
        if end - start == 24, let date = canonical(UnsafeRawPointer(text.baseAddress! + start), days: &days) { return date }
        guard end - start >= 19 else { return nil }
        // Fixed positions: read every digit, then check them all at once.
        @inline(__always) func digit(_ offset: Int) -> Int64 { Int64(text[start + offset] &- 0x30) }
        @inline(__always) func number(_ offset: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            var bad = false
            for index in offset..<offset + count {
                let next = digit(index)
                bad = bad || next > 9 || next < 0
                value = value &* 10 &+ next
            }
            return bad ? nil : value
        }
        guard text[start + 4] == UInt8(ascii: "-"), text[start + 7] == UInt8(ascii: "-"),
              text[start + 10] | 0x20 == UInt8(ascii: "t") || text[start + 10] == UInt8(ascii: " "),
              text[start + 13] == UInt8(ascii: ":"), text[start + 16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = start + 19
        var fraction: Int64 = 0
        var scale: Int64 = 1
        if index < end, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ",") {
            index += 1
            let digitsStart = index
            while index < end, text[index] &- 0x30 < 10 {
                if scale < 1_000_000_000 {
                    fraction = fraction * 10 + Int64(text[index] &- 0x30)
                    scale *= 10
                }
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        guard let offsetSeconds = zoneOffset(text, index..<end) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        let perSecond = Timescale.ticksPerSecond
        return ProgramDateTime(ticksSinceEpoch: seconds * perSecond + (fraction * perSecond + scale / 2) / scale)
    }

    /// `YYYY-MM-DDThh:mm:ss.sssZ`, the form packagers write on every segment,
    /// checked and read eight bytes at a time; nil sends it to the general path.
    private static func canonical(_ bytes: UnsafeRawPointer, days cache: inout DayCache) -> ProgramDateTime? {
        // Little-endian words; byte i of the text is bits 8i..<8i+8.
        let words = (bytes.loadUnaligned(as: UInt64.self).littleEndian,
                     bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian,
                     bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian)
        // Digit positions per word (0xFF) and the separators the rest must be.
        let masks: (UInt64, UInt64, UInt64) = (0x00FF_FF00_FFFF_FFFF, 0xFFFF_00FF_FF00_FFFF, 0x00FF_FFFF_00FF_FF00)
        let separators: (UInt64, UInt64, UInt64) = (0x2D00_002D_0000_0000, 0x0000_3A00_0054_0000, 0x5A00_0000_2E00_003A)
        @inline(__always) func digits(_ word: UInt64, _ mask: UInt64, _ separator: UInt64) -> UInt64? {
            let values = (word ^ 0x3030_3030_3030_3030) & mask
            let notDigits = (values | (values &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 & mask
            guard notDigits == 0, word & ~mask == separator else { return nil }
            return values
        }
        guard let low = digits(words.0, masks.0, separators.0), let middle = digits(words.1, masks.1, separators.1),
              let high = digits(words.2, masks.2, separators.2) else { return nil }
        @inline(__always) func at(_ word: UInt64, _ index: Int) -> Int64 { Int64(truncatingIfNeeded: word >> (8 * index) & 0xFF) }
        let year = at(low, 0) * 1_000 + at(low, 1) * 100 + at(low, 2) * 10 + at(low, 3)
        let month = at(low, 5) * 10 + at(low, 6)
        let day = at(middle, 0) * 10 + at(middle, 1)
        let hour = at(middle, 3) * 10 + at(middle, 4)
        let minute = at(middle, 6) * 10 + at(middle, 7)
        let second = at(high, 1) * 10 + at(high, 2)
        let millisecond = at(high, 4) * 100 + at(high, 5) * 10 + at(high, 6)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Year, month and day digits as one key (digit values are below 10,
        // so the two day digits fit the separator bytes 4 and 7).
        let key = low | (middle & 0xFF) << 32 | (middle >> 8 & 0xFF) << 56
        if key != cache.key {
            cache = DayCache(key: key, days: daysFromCivil(year: year, month: month, day: day))
        }
        let seconds = cache.days * 86_400 + hour * 3_600 + minute * 60 + second
        return ProgramDateTime(ticksSinceEpoch: seconds * Timescale.ticksPerSecond + millisecond * (Timescale.ticksPerSecond / 1_000))
    }

    private static func zoneOffset(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        guard let first = range.first.map({ text[$0] }) else { return nil }
        if first | 0x20 == UInt8(ascii: "z") { return range.count == 1 ? 0 : nil }
        guard first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return nil }
        var digits: [Int64] = []
        for index in range.dropFirst() where text[index] != UInt8(ascii: ":") {
            let digit = text[index] &- 0x30
            guard digit < 10, digits.count < 4 else { return nil }
            digits.append(Int64(digit))
        }
        guard digits.count == 2 || digits.count == 4 else { return nil }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits.count == 4 ? digits[2] * 10 + digits[3] : 0
        guard hours < 24, minutes < 60 else { return nil }
        let offset = hours * 3_600 + minutes * 60
        return first == UInt8(ascii: "-") ? -offset : offset
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DDThh:mm:ss.fffZ` in UTC, with more fractional digits only when needed.
    public var description: String {
        let perSecond = Timescale.ticksPerSecond
        var seconds = ticksSinceEpoch / perSecond
        var ticks = ticksSinceEpoch % perSecond
        if ticks < 0 {
            ticks += perSecond
            seconds -= 1
        }
        var microseconds = (ticks + Timescale.ticksPerMicrosecond / 2) / Timescale.ticksPerMicrosecond
        if microseconds == 1_000_000 {
            microseconds = 0
            seconds += 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = Self.civil(fromDays: days)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3_600, 2)):"
        text += "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))."
        text += microseconds % 1_000 == 0 ? padded(microseconds / 1_000, 3) : padded(microseconds, 6)
        return text + "Z"
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ticksSinceEpoch < rhs.ticksSinceEpoch }
}

extension ProgramDateTime: Codable {
    /// Reads the ISO 8601 text (`2026-01-01T00:00:30.000Z`): a date is ISO
    /// 8601 at the edges and a value inside.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = ProgramDateTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO 8601 date such as 2026-01-01T00:00:30.000Z, got \(text)")
        }
        self = date
    }

    /// Writes the ISO 8601 text, to the millisecond, in UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

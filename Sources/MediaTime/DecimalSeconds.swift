/// Why a decimal number of seconds could not be read.
public enum DecimalSecondsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a decimal number (character offset of the first bad character).
    case notANumber(offset: Int)
    /// The number has digits below the microsecond.
    case finerThanMicroseconds
    /// The number's magnitude is more than ``DecimalSeconds/maxSeconds``.
    case outOfRange

    public var description: String {
        switch self {
        case .notANumber(let offset): "not a decimal number (at character \(offset + 1))"
        case .finerThanMicroseconds: "more precise than a microsecond"
        case .outOfRange: "out of range: at most \(DecimalSeconds.maxSeconds) seconds (about 31 years) either way"
        }
    }
}

/// Exact conversion between decimal seconds text and ticks.
public enum DecimalSeconds {
    /// The largest magnitude accepted, in seconds: about 31 years, far
    /// beyond any stream, and small enough that sums of such times cannot
    /// overflow the tick count.
    public static let maxSeconds: Int64 = 1_000_000_000
    static let maxMicroseconds: Int64 = 1_000_000 * maxSeconds

    /// Parses `[-]digits[.digits][(e|E)[+|-]digits]` into ticks, exactly.
    ///
    /// Digits below the microsecond must be zero; anything else is
    /// ``DecimalSecondsError/finerThanMicroseconds``, never silently rounded.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: Substring) throws(DecimalSecondsError) -> Int64 {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var digits: [UInt8] = []
        var pointPosition: Int?
        var sawDigit = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) || pointPosition != nil {
                    digits.append(byte - UInt8(ascii: "0"))
                }
            } else if byte == UInt8(ascii: "."), pointPosition == nil {
                pointPosition = digits.count
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { throw .notANumber(offset: index) }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard exponent < 10_000 else { throw .outOfRange }
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { throw .notANumber(offset: index) }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { throw .notANumber(offset: index) }
        // Value = 0.digits... shifted: integer digits end at pointPosition + exponent.
        let integerDigitCount = (pointPosition ?? digits.count) + exponent
        let microsecondDigitCount = integerDigitCount + 6
        var microseconds: Int64 = 0
        for (position, digit) in digits.enumerated() {
            if position < microsecondDigitCount {
                microseconds = microseconds * 10 + Int64(digit)
                guard microseconds <= maxMicroseconds else { throw .outOfRange }
            } else if digit != 0 {
                throw .finerThanMicroseconds
            }
        }
        var scale = max(0, microsecondDigitCount - digits.count)
        while scale > 0, microseconds != 0 {
            microseconds *= 10
            guard microseconds <= maxMicroseconds else { throw .outOfRange }
            scale -= 1
        }
        let ticks = microseconds * Timescale.ticksPerMicrosecond
        return negative ? -ticks : ticks
    }

    /// Formats ticks as seconds with at most six decimals, trailing zeros
    /// dropped. Ticks between microseconds round half to even.
    public static func format(_ ticks: Int64) -> String {
        let magnitude = ticks.magnitude
        let perMicrosecond = UInt64(Timescale.ticksPerMicrosecond)
        var microseconds = magnitude / perMicrosecond
        let remainder = magnitude % perMicrosecond
        if remainder * 2 > perMicrosecond || (remainder * 2 == perMicrosecond && microseconds % 2 == 1) {
            microseconds += 1
        }
        let whole = microseconds / 1_000_000
        var fraction = microseconds % 1_000_000
        var text = (ticks < 0 && microseconds > 0 ? "-" : "") + String(whole)
        guard fraction > 0 else { return text }
        var width = 6
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: width - digits.count) + digits
        return text
    }
}

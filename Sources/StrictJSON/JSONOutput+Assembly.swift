/// The writer's fast path. A member is a key and a short value; appending
/// its pieces one by one costs an array uniqueness and capacity check for
/// each. The common members are instead assembled on the stack, then
/// appended at once.
extension JSONOutput {
    /// The longest key assembled on the stack; longer ones (none of ours)
    /// are written piece by piece.
    @usableFromInline static let longestAssembledKey = 64

    /// Room on the stack: a separator, a quoted key and its colon, and a
    /// scalar value of up to 20 digits.
    @inlinable static func onStack<Result>(_ body: (UnsafeMutablePointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { body($0.baseAddress!) }
    }

    /// Appends `,"name":` (the comma when a value came before), then the
    /// bytes `value` writes into the scratch it is given and counts, in one
    /// append.
    @inlinable mutating func assembling(_ name: StaticString, value: (UnsafeMutablePointer<UInt8>) -> Int) {
        name.withUTF8Buffer { utf8 in
            guard utf8.count <= Self.longestAssembledKey else {
                if !first { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\""))
                bytes.append(UInt8(ascii: ":"))
                Self.onStack { scratch in
                    bytes.append(contentsOf: UnsafeBufferPointer(start: scratch, count: value(scratch)))
                }
                return
            }
            Self.onStack { scratch in
                var count = separator(into: scratch)
                scratch[count] = UInt8(ascii: "\"")
                count += 1
                (scratch + count).initialize(from: utf8.baseAddress!, count: utf8.count)
                count += utf8.count
                scratch[count] = UInt8(ascii: "\"")
                scratch[count + 1] = UInt8(ascii: ":")
                count += 2
                count += value(scratch + count)
                bytes.append(contentsOf: UnsafeBufferPointer(start: scratch, count: count))
            }
        }
    }

    /// Writes the comma a value after another needs at `scratch`; returns
    /// how many bytes that was (0 or 1).
    @inlinable func separator(into scratch: UnsafeMutablePointer<UInt8>) -> Int {
        guard !first else { return 0 }
        scratch[0] = UInt8(ascii: ",")
        return 1
    }

    /// Writes the decimal digits of `number` at `scratch` (at most 20);
    /// returns how many.
    @inlinable static func digits(_ number: UInt64, into scratch: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var probe = number
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        var rest = number
        var index = count
        repeat {
            index -= 1
            scratch[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while index > 0
        return count
    }
}

/// Why a splice_info_section could not be decoded or encoded, and where.
///
/// Decoding errors carry the bit offset from the first byte of the section
/// (`table_id`) and the syntax field being read, e.g.
/// `bit 112, splice_insert().splice_time().pts_time: needs 33 bits, 7 remain`.
/// Errors in the text form of a payload (base64, hex) carry a character
/// offset instead. Encoding errors name the field whose value does not fit.
public struct SCTE35Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Sendable, Hashable {
            case emptyInput, invalidText, truncated, lengthOverrun, invalidValue, crcMismatch, trailingBytes
            case valueOutOfRange
        }

        private let value: Value

        /// The payload had no bytes (or no characters).
        public static let emptyInput = Kind(value: .emptyInput)
        /// The payload text is neither valid base64 nor valid hex.
        public static let invalidText = Kind(value: .invalidText)
        /// The bytes end before a field that must be there.
        public static let truncated = Kind(value: .truncated)
        /// A length field claims more bytes than its container holds.
        public static let lengthOverrun = Kind(value: .lengthOverrun)
        /// A field has a value the standard does not allow and decoding cannot go on.
        public static let invalidValue = Kind(value: .invalidValue)
        /// CRC_32 does not match the bytes.
        public static let crcMismatch = Kind(value: .crcMismatch)
        /// Bytes follow the end of the section given by section_length.
        public static let trailingBytes = Kind(value: .trailingBytes)
        /// A value given to the encoder does not fit its field.
        public static let valueOutOfRange = Kind(value: .valueOutOfRange)

        public var description: String { "\(value)" }
    }

    /// Where the problem is.
    public enum Location: Sendable, Hashable {
        /// A bit offset from the start of the section's bytes.
        case bit(Int)
        /// A 0-based character offset in the payload text.
        case character(Int)
        /// A field of a value given to the encoder.
        case value
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// Where it is.
    public var location: Location
    /// The syntax field being read or written, e.g. `splice_insert().avail_num`.
    public var field: String
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, at location: Location, field: String, _ message: String) {
        self.kind = kind
        self.location = location
        self.field = field
        self.message = message
    }

    /// The bit offset, when the error is in the section's bytes.
    public var bitOffset: Int? {
        if case .bit(let offset) = location { offset } else { nil }
    }

    public var description: String {
        switch location {
        case .bit(let offset):
            "bit \(offset) (byte \(offset / 8)), \(field): \(message)"
        case .character(let offset):
            "character \(offset) of the payload: \(message)"
        case .value:
            "\(field): \(message)"
        }
    }
}

/// A departure from the standard that decoding tolerated.
///
/// For example reserved bits that are not all 1, a UPID whose length is not
/// the one its type requires, or a CRC mismatch accepted on request.
public struct SCTE35Warning: Sendable, Hashable, CustomStringConvertible {
    /// The bit offset from the start of the section.
    public var bitOffset: Int
    /// The syntax field concerned.
    public var field: String
    /// What is unusual, in words.
    public var message: String

    /// Creates a warning.
    public init(bitOffset: Int, field: String, message: String) {
        self.bitOffset = bitOffset
        self.field = field
        self.message = message
    }

    public var description: String { "bit \(bitOffset) (byte \(bitOffset / 8)), \(field): \(message)" }
}

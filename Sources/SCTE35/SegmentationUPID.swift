/// `segmentation_upid_type` and `segmentation_upid()` (SCTE 35 §10.3.3,
/// Table 22), kept as the bytes sent so nothing is lost; typed views decode
/// them on demand.
public struct SegmentationUPID: Sendable, Hashable {
    /// `segmentation_upid_type`.
    public var type: UInt8
    /// `segmentation_upid()`, every byte (its length is `segmentation_upid_length`).
    public var bytes: [UInt8]

    /// Creates a UPID.
    public init(type: UInt8, bytes: [UInt8]) {
        self.type = type
        self.bytes = bytes
    }

    /// Creates a MID() UPID (type 0x0D) holding `upids`.
    public init(mid upids: [SegmentationUPID]) {
        var bytes: [UInt8] = []
        for upid in upids {
            bytes.append(upid.type)
            bytes.append(UInt8(truncatingIfNeeded: upid.bytes.count))
            bytes += upid.bytes
        }
        self.init(type: 0x0D, bytes: bytes)
    }

    /// The Table 22 name of ``type``, e.g. "Ad-ID".
    public var typeName: String { Self.name(ofType: type) }

    /// The length Table 22 fixes for ``type``, or nil where it varies.
    public var expectedLength: Int? { Self.expectedLength(ofType: type) }

    /// The UPIDs inside a MID() (type 0x0D, §10.3.3.4), or nil when this is
    /// not a MID or its nested lengths do not add up to its length.
    public var nested: [SegmentationUPID]? {
        guard type == 0x0D else { return nil }
        var upids: [SegmentationUPID] = []
        var index = 0
        while index < bytes.count {
            guard index + 2 <= bytes.count else { return nil }
            let length = Int(bytes[index + 1])
            guard index + 2 + length <= bytes.count else { return nil }
            upids.append(SegmentationUPID(type: bytes[index], bytes: Array(bytes[index + 2..<index + 2 + length])))
            index += 2 + length
        }
        return upids
    }

    /// The bytes as text when the type is a character string (ISCI, Ad-ID,
    /// TID, ADI, URI, user defined) and every byte is printable ASCII.
    public var text: String? {
        guard [0x01, 0x02, 0x03, 0x07, 0x09, 0x0E, 0x0F].contains(type), !bytes.isEmpty,
              bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The Table 22 name of a `segmentation_upid_type`.
    public static func name(ofType type: UInt8) -> String {
        switch type {
        case 0x00: "Not Used"
        case 0x01: "User Defined"
        case 0x02: "ISCI"
        case 0x03: "Ad-ID"
        case 0x04: "UMID"
        case 0x05: "ISAN (deprecated)"
        case 0x06: "ISAN"
        case 0x07: "TID"
        case 0x08: "TI (AiringID)"
        case 0x09: "ADI"
        case 0x0A: "EIDR"
        case 0x0B: "ATSC Content Identifier"
        case 0x0C: "MPU"
        case 0x0D: "MID"
        case 0x0E: "ADS Information"
        case 0x0F: "URI"
        case 0x10: "UUID"
        default: "Reserved"
        }
    }

    /// The `segmentation_upid_length` Table 22 fixes for a type, or nil.
    public static func expectedLength(ofType type: UInt8) -> Int? {
        switch type {
        case 0x00: 0
        case 0x02: 8
        case 0x03: 12
        case 0x04: 32
        case 0x05: 8
        case 0x06: 12
        case 0x07: 12
        case 0x08: 8
        case 0x0A: 12
        case 0x10: 16
        default: nil
        }
    }
}

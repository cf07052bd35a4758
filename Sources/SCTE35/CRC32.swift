/// CRC-32/MPEG-2: polynomial 0x04C11DB7, initial value 0xFFFFFFFF, no
/// reflection, no final XOR — the `CRC_32` of MPEG sections (SCTE 35 §9.6.1).
public enum CRC32 {
    /// Eight tables, one after another: table `k` holds each byte's CRC
    /// followed by `k` zero bytes, so eight bytes are folded in with eight
    /// independent lookups (slicing by eight) rather than a chain of eight
    /// dependent ones. Table 0 is the classic byte-at-a-time table.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index) << 24
            for _ in 0..<8 {
                crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1
            }
            tables[index] = crc
        }
        for table in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(table - 1) * 256 + index]
                tables[table * 256 + index] = (previous << 8) ^ tables[Int(previous >> 24)]
            }
        }
        return tables
    }()

    /// The CRC of `bytes`.
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0xFFFF_FFFF }
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { tables in
            let raw = UnsafeRawPointer(base)
            @inline(__always) func at(_ table: Int, _ byte: UInt32) -> UInt32 { tables[table &* 256 &+ Int(byte & 0xFF)] }
            var index = 0
            while index + 8 <= bytes.count {
                let high = crc ^ UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                let low = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc = at(7, high >> 24) ^ at(6, high >> 16) ^ at(5, high >> 8) ^ at(4, high)
                    ^ at(3, low >> 24) ^ at(2, low >> 16) ^ at(1, low >> 8) ^ at(0, low)
                index += 8
            }
            while index < bytes.count {
                crc = (crc << 8) ^ at(0, (crc >> 24) ^ UInt32(base[index]))
                index += 1
            }
        }
        return crc
    }

    /// The CRC of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { checksum($0) }
    }
}

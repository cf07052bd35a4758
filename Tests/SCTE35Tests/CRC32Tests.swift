import SCTE35
import Testing

@Suite struct CRC32Tests {
    /// The CRC one bit at a time, straight from the definition.
    private func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }

    @Test func theCatalogueCheckValue() {
        // CRC-32/MPEG-2's check value: the CRC of the nine ASCII digits.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
        #expect(CRC32.checksum([UInt8]()) == 0xFFFF_FFFF)
    }

    /// Every length through several eight-byte strides and their tails, at
    /// every alignment: the sliced loop and the byte loop agree with the bits.
    @Test func agreesWithTheBitwiseDefinition_atEveryLengthAndOffset() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for offset in 0..<8 {
            for length in 0...(bytes.count - offset) where length < 40 || length % 7 == 0 {
                let slice = Array(bytes[offset..<offset + length])
                #expect(CRC32.checksum(slice) == bitwise(slice), "\(length) bytes at offset \(offset): \(slice)")
            }
        }
    }
}

import PropertyBased
import SCTE35
import SCTE35Text
import Testing

private let entropy = Gen.int(in: 0...Int.max).array(of: 1...48)

/// Random valid sections survive encode → decode → encode, and the JSON form.
@Suite struct RoundTripPropertyTests {
    @Test func encodeDecodeEncode_isTheIdentity() async {
        await propertyCheck(count: 500, input: entropy) { numbers in
            var builder = RandomSections(numbers, randomReserved: true)
            let section = builder.section()
            let bytes = try SpliceInfoEncoder.encode(section)
            let decoded = try SpliceInfoDecoder().decode(bytes)
            var expected = section
            expected.crc32 = decoded.section.crc32
            #expect(decoded.section == expected)
            #expect(try SpliceInfoEncoder.encode(decoded.section) == bytes)
            #expect(decoded.section.sectionLength == bytes.count - 3)
        }
    }

    @Test func jsonFormReadsBackToTheSameBytes() async {
        await propertyCheck(count: 300, input: entropy) { numbers in
            var builder = RandomSections(numbers, randomReserved: false)
            let bytes = try SpliceInfoEncoder.encode(builder.section())
            let decoded = try SpliceInfoDecoder().decode(bytes)
            let json = SpliceInfoJSON.string(decoded)
            let read = try SpliceInfoJSON.section(fromJSON: Array(json.utf8))
            #expect(try SpliceInfoEncoder.encode(read) == bytes, "\(json)")
        }
    }
}

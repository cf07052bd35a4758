@testable import HLS
import Testing

/// An attribute list keeps its text and its field table in one buffer; a
/// long list, a substituted value and a list made from attributes all read
/// back exactly what was written.
struct AttributeListTests {
    private func parse(_ line: String, variables: Variables? = nil) throws -> AttributeList {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { text throws(HLSError) in
            try AttributeParser(text: text, lineStart: 0, line: 7, tag: "#EXT-X-DATERANGE", variables: variables).parse(0..<text.count)
        }
    }

    @Test func aListLongerThanItsStackGathering_readsEveryAttributeInOrder() throws {
        let attributes = (0..<130).map { Attribute(name: "X-A\($0)", value: $0 % 2 == 0 ? "v,\($0)" : "\($0)", isQuoted: $0 % 2 == 0) }
        let list = try parse(attributes.map(\.text).joined(separator: ","))
        #expect(list.count == 130)
        #expect(list.attributes == attributes)
        #expect(list["X-A129"]?.value == "129")
        #expect(list.text == attributes.map(\.text).joined(separator: ","))
    }

    @Test func substitutedValues_followTheText_andTheOthersStayWhereTheyWere() throws {
        let variables = Variables(["host": "cdn.example.com", "id": "0xFC30"])
        let list = try parse(#"ID="r-{$id}",X-URI="https://{$host}/a.m3u8",X-N=2,X-HEX=0x{$id}"#, variables: variables)
        #expect(list.attributes == [
            Attribute(name: "ID", value: "r-0xFC30", isQuoted: true),
            Attribute(name: "X-URI", value: "https://cdn.example.com/a.m3u8", isQuoted: true),
            Attribute(name: "X-N", value: "2", isQuoted: false),
            Attribute(name: "X-HEX", value: "0x0xFC30", isQuoted: false),
        ])
    }

    @Test func aListMadeFromAttributes_equalsTheParsedOne_andItsSubsetSharesNothingElse() throws {
        let parsed = try parse(#"ID="a", CLASS="c",X-B=1,X-B=2"#)
        let made = AttributeList([
            Attribute(name: "ID", value: "a", isQuoted: true), Attribute(name: "CLASS", value: "c", isQuoted: true),
            Attribute(name: "X-B", value: "1", isQuoted: false), Attribute(name: "X-B", value: "2", isQuoted: false),
        ], line: 7, tag: "#EXT-X-DATERANGE")
        #expect(parsed == made)
        #expect(parsed.hashValue == made.hashValue)
        let subset = parsed.subset { $0.first == UInt8(ascii: "X") }
        #expect(subset.attributes == [Attribute(name: "X-B", value: "1", isQuoted: false)])
    }

    /// Names are scanned eight bytes at a time: every byte value, at every
    /// place in the first two words of a name, ends it exactly where a byte
    /// at a time would.
    @Test func aName_endsAtItsFirstByteOutsideTheNameSet_whereverThatByteIs() throws {
        func isNameByte(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        for position in 1..<17 {
            for value in 0...255 {
                let byte = UInt8(value)
                var line = Array("ABCDEFGHIJKLMNOPQRSTUVWX".utf8.prefix(18))
                line[position] = byte
                line += Array("=1".utf8)
                let parsed = Result { () throws(HLSError) in
                    try line.withUnsafeBufferPointer { text throws(HLSError) in
                        try AttributeParser(text: text, lineStart: 0, line: 7, tag: "#EXT-X-DATERANGE", variables: nil).parse(0..<text.count)
                    }
                }
                if isNameByte(byte) {
                    let list = try #require(try? parsed.get(), "byte \(value) at \(position)")
                    #expect(list.count == 1 && list.withName(at: 0) { $0.count } == 18, "byte \(value) at \(position)")
                } else if byte == UInt8(ascii: "=") {
                    // The name ends there, and the rest is its value.
                    let list = try #require(try? parsed.get(), "byte \(value) at \(position)")
                    #expect(list.withName(at: 0) { $0.count } == position)
                } else {
                    #expect(throws: HLSError.self, "byte \(value) at \(position)") { try parsed.get() }
                    if case .failure(let error) = parsed, position > 0 {
                        #expect(error.message.hasSuffix("at column \(position + 1)"), "byte \(value) at \(position): \(error.message)")
                    }
                }
            }
        }
    }

    @Test func everyRewrite_replacesTheTable() {
        var list = AttributeList([Attribute(name: "A", value: "1", isQuoted: false)])
        list.attributes = [Attribute(name: "LONGER-NAME", value: "a longer value", isQuoted: true), Attribute(name: "B", value: "", isQuoted: true)]
        #expect(list.count == 2)
        #expect(list.text == #"LONGER-NAME="a longer value",B="""#)
    }

    /// `text` as `NAME=VALUE` joined by commas, whether the list is
    /// written that way already (read back as it is) or not.
    @Test(arguments: [
        (#"ID="a",CLASS="c",X-N=2"#, #"ID="a",CLASS="c",X-N=2"#),
        (#"ID="a", CLASS="c""#, #"ID="a",CLASS="c""#),
        (#"ID="a" ,X-N=2"#, #"ID="a",X-N=2"#),
        (#"X-N=2 ,ID="a""#, #"X-N=2,ID="a""#),
        (#" ID="a""#, #"ID="a""#),
        (#"ID="a" "#, #"ID="a""#),
        (#"X-N=2 "#, #"X-N=2"#),
        (#"ID="""#, #"ID="""#),
        (#"SCTE35-OUT=0xFC30,ID="x""#, #"SCTE35-OUT=0xFC30,ID="x""#),
        (#"A="x,y",B=1"#, #"A="x,y",B=1"#),
        ("", ""),
    ])
    func text_isTheListWrittenPlainly(written: String, expected: String) throws {
        let list = try parse(written)
        #expect(list.text == expected)
        #expect(list.text == list.attributes.map(\.text).joined(separator: ","))
        // Read back as it lies when it starts with the plain form.
        #expect((list.plainlyWrittenLength() != nil) == written.hasPrefix(expected))
    }

    @Test func text_ofSubstitutedValues_isTheValuesTheyBecame() throws {
        let variables = Variables(["id": "7", "host": "cdn.example.com"])
        #expect(try parse(#"ID="r-{$id}""#, variables: variables).text == #"ID="r-7""#)
        #expect(try parse(#"X-URI="https://{$host}/a",ID="b""#, variables: variables).text == #"X-URI="https://cdn.example.com/a",ID="b""#)
        #expect(try parse(#"ID="b",X-HEX=0x{$id}"#, variables: variables).text == #"ID="b",X-HEX=0x7"#)
        #expect(try parse(#"ID="r-{$id}""#, variables: variables).plainlyWrittenLength() == nil)
        #expect(AttributeList([Attribute(name: "ID", value: "a", isQuoted: true)]).plainlyWrittenLength() == nil)
    }
}

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

    @Test func everyRewrite_replacesTheTable() {
        var list = AttributeList([Attribute(name: "A", value: "1", isQuoted: false)])
        list.attributes = [Attribute(name: "LONGER-NAME", value: "a longer value", isQuoted: true), Attribute(name: "B", value: "", isQuoted: true)]
        #expect(list.count == 2)
        #expect(list.text == #"LONGER-NAME="a longer value",B="""#)
    }
}

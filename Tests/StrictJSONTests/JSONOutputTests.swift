import PropertyBased
import StrictJSON
import Testing

/// The writer's stack-assembled members against the plain rules: commas
/// only between values, keys quoted, numbers in full, strings escaped so a
/// reader gets back exactly what was written.
@Suite struct JSONOutputTests {
    private static func written(_ write: (inout JSONOutput) -> Void) -> String {
        var output = JSONOutput()
        write(&output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func members_areSeparatedByCommas_andNestingStartsAfresh() {
        let text = Self.written { output in
            output.openObject()
            output.member("a", 0)
            output.member("b", true)
            output.member("c", false)
            output.key("d")
            output.openArray()
            output.value(UInt64(7))
            output.value(UInt64(10))
            output.value(UInt64.max)
            output.closeArray()
            output.member("e", "x")
            output.closeObject()
            output.endLine()
            output.value(UInt64(3))
        }
        #expect(text == #"{"a":0,"b":true,"c":false,"d":[7,10,18446744073709551615],"e":"x"}"# + "\n3")
    }

    @Test func aKeyLongerThanTheStackRoom_isWrittenWhole() {
        let text = Self.written { output in
            output.openObject()
            output.member("first", 1)
            output.member("a_key_of_seventy_bytes_that_is_longer_than_any_our_renderers_write__", 42)
            output.member("a_key_of_seventy_bytes_that_is_longer_than_any_our_renderers_write__", true)
            output.key("a_key_of_seventy_bytes_that_is_longer_than_any_our_renderers_write__")
            output.null()
            output.closeObject()
        }
        let key = "a_key_of_seventy_bytes_that_is_longer_than_any_our_renderers_write__"
        #expect(text == #"{"first":1,""# + key + #"":42,""# + key + #"":true,""# + key + #"":null}"#)
    }

    @Test func everyInteger_isWrittenInFull() async {
        await propertyCheck(count: 2_000, input: Gen.uint64().map { $0 >> ($0 % 64) }) { number in
            let member = Self.written { output in
                output.openObject()
                output.member("n", number)
                output.member("m", number)
                output.closeObject()
            }
            #expect(member == #"{"n":\#(number),"m":\#(number)}"#)
            let values = Self.written { output in
                output.openArray()
                output.value(number)
                output.value(number / 10)
                output.closeArray()
            }
            #expect(values == "[\(number),\(number / 10)]")
        }
    }

    @Test func everyString_readsBackAsWritten() async throws {
        // Mostly ASCII, the control characters and quotes included; some of every other plane.
        let scalars = Gen.uint32(in: 0...0x1FF).map { $0 < 0x100 ? $0 & 0x7F : $0 * 0x881 % 0x110000 }
            .compactMap { Unicode.Scalar($0) }
        await propertyCheck(count: 1_000, input: scalars.array(of: 0...40)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            var output = JSONOutput()
            output.openArray()
            output.value(text)
            output.closeArray()
            let node = try? JSONReader.parse(output.bytes)
            guard case .array(let items)? = node?.value, items.count == 1, case .string(let read) = items[0].value else {
                Issue.record("not read back: \(String(decoding: output.bytes, as: UTF8.self))")
                return
            }
            #expect(read == text)
        }
    }

    @Test func controlCharacters_andQuotes_areEscaped() {
        let text = Self.written { $0.value("a\"b\\c\nd\re\tf\u{01}g\u{1F}") }
        #expect(text == #""a\"b\\c\nd\re\tf\u0001g\u001f""#)
    }
}

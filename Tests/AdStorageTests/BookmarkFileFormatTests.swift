import AdPlayback
import AdStorage
import Foundation
import MediaTime
import Testing

private let valid = """
    {"format":"AdPlaybackKit bookmark","version":1,"timescale":9000000,"content":90000000,"watched":["m1"],"lastBreakCompleted":null}
    """

private func decode(_ text: String) throws(BookmarkFileError) -> Bookmark {
    try BookmarkFileFormat.decode(Array(text.utf8), path: "b.json")
}

@Suite struct BookmarkFileFormatTests {
    @Test func theWrittenFile_isOneLineOfJSONWithExactTicks() {
        let bytes = BookmarkFileFormat.encode(
            Bookmark(content: ContentTime(seconds: 10), watched: ["m1"], lastBreakCompletedAt: ClockTime(ticks: 7)))
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"format":"AdPlaybackKit bookmark","version":1,"timescale":9000000,"content":90000000,"watched":["m1"],"lastBreakCompleted":7}

            """)
    }

    @Test func aValidFile_decodes() throws {
        #expect(try decode(valid) == Bookmark(content: ContentTime(seconds: 10), watched: ["m1"]))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: BookmarkFileError
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "not JSON", text: "{\"format\":", expected: .syntax(path: "b.json", line: 1, column: 11, message: "unexpected end of the document")),
        Case(
            name: "not an object", text: "[1]",
            expected: .invalid(path: "b.json", jsonPath: "$", line: 1, column: 1, message: "must be an object, not an array")),
        Case(
            name: "another format", text: valid.replacingOccurrences(of: "AdPlaybackKit bookmark", with: "other"),
            expected: .invalid(path: "b.json", jsonPath: "$.format", line: 1, column: 11, message: "is \"other\", not \"AdPlaybackKit bookmark\"")),
        Case(
            name: "a newer version", text: valid.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
            expected: .unsupportedVersion(path: "b.json", version: "2")),
        Case(
            name: "another timescale", text: valid.replacingOccurrences(of: "9000000", with: "90000"),
            expected: .invalid(
                path: "b.json", jsonPath: "$.timescale", line: 1, column: 60, message: "is 90000; this build counts 9000000 ticks a second")),
        Case(
            name: "content missing", text: valid.replacingOccurrences(of: "\"content\":90000000,", with: ""),
            expected: .invalid(path: "b.json", jsonPath: "$.content", line: 1, column: 1, message: "is missing")),
        Case(
            name: "content negative", text: valid.replacingOccurrences(of: "90000000", with: "-1"),
            expected: .invalid(path: "b.json", jsonPath: "$.content", line: 1, column: 78, message: "must not be negative")),
        Case(
            name: "content fractional", text: valid.replacingOccurrences(of: "90000000", with: "1.5"),
            expected: .invalid(
                path: "b.json", jsonPath: "$.content", line: 1, column: 78,
                message: "must be a whole number of ticks from -9223372036854775808 to 9223372036854775807, not 1.5")),
        Case(
            name: "a watched id not a string", text: valid.replacingOccurrences(of: "[\"m1\"]", with: "[\"m1\",3]"),
            expected: .invalid(path: "b.json", jsonPath: "$.watched[1]", line: 1, column: 103, message: "must be a string, not a number")),
        Case(
            name: "an unknown member", text: valid.replacingOccurrences(of: "}", with: ",\"extra\":true}"),
            expected: .invalid(path: "b.json", jsonPath: "$.extra", line: 1, column: 138, message: "is not a member of a version 1 bookmark")),
        Case(
            name: "a member twice", text: valid.replacingOccurrences(of: "}", with: ",\"content\":1}"),
            expected: .syntax(path: "b.json", line: 1, column: 130, message: "duplicate key \"content\"")),
        Case(
            name: "a date that is not ISO 8601", text: valid.replacingOccurrences(of: "}", with: ",\"date\":\"yesterday\"}"),
            expected: .invalid(
                path: "b.json", jsonPath: "$.date", line: 1, column: 137, message: "expected an ISO 8601 date such as 2026-01-01T00:00:30.000Z")),
    ]

    @Test(arguments: cases)
    func aFileThatIsNotABookmark_failsSayingWhere(_ example: Case) {
        #expect(throws: example.expected) { try decode(example.text) }
    }
}

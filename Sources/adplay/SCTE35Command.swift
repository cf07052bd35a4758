import ArgumentParser
import Foundation
import SCTE35
import SCTE35Text
import StrictJSON

struct SCTE35Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scte35",
        abstract: "Decode and encode SCTE-35 splice_info_sections.",
        subcommands: [SCTE35Decode.self, SCTE35Encode.self]
    )
}

struct SCTE35Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a splice_info_section given as base64 or hex.",
        discussion: """
            PAYLOAD is base64, hex (0x prefix optional), or - to read one payload a line from standard input. \
            With -, each line gives one JSON object (--format json) or one tree; a line that fails gives \
            {"error": ..., "line": N} and the rest continue; the exit status is 1 if any line failed.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "base64 or hex, or - for one payload a line on standard input.")
    var payload: String

    @OptionGroup var output: FormatOption<TextOrJSON>
    var json: Bool { output.value == .json }

    @Flag(help: "Accept a CRC_32 that does not match, with a warning.")
    var acceptBadCRC = false

    func run() throws {
        let decoder = SpliceInfoDecoder(crcMismatch: acceptBadCRC ? .warn : .reject)
        if payload == "-" {
            let failures = PayloadLines.decode(decoder: decoder, json: json)
            if failures > 0 { throw ExitCode(1) }
            return
        }
        let decoded: DecodedSpliceInfo
        do {
            decoded = try decoder.decode(text: payload)
        } catch {
            throw CLIError(error.description)
        }
        print(json ? SpliceInfoJSON.string(decoded) : SpliceInfoTree.render(decoded), terminator: json ? "\n" : "")
    }
}

struct SCTE35Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode the JSON form of a splice_info_section to base64.",
        discussion: """
            Reads the JSON that `decode --format json` prints, from FILE or standard input: one document, or one a line. \
            Lengths, counts, names and CRC_32 are computed, not read. Prints one base64 payload a line.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "A JSON file, or - for standard input.")
    var file = "-"

    func run() throws {
        let bytes = try readInput()
        var output = ""
        for document in try documents(bytes) {
            do {
                output += try SpliceInfoEncoder.base64(try SpliceInfoJSON.section(fromJSON: document.bytes)) + "\n"
            } catch let error as SpliceInfoJSONError {
                throw CLIError((document.line.map { "line \($0): " } ?? "") + error.description)
            } catch let error as SCTE35Error {
                throw CLIError((document.line.map { "line \($0): " } ?? "") + error.description)
            }
        }
        print(output, terminator: "")
    }

    private func readInput() throws -> [UInt8] {
        let limit = 64 << 20
        let data: Data?
        if file == "-" {
            data = try? FileHandle.standardInput.readToEnd()
        } else {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw CLIError("\(file): cannot open the file") }
            data = try? handle.read(upToCount: limit + 1)
        }
        let bytes = [UInt8](data ?? Data())
        guard bytes.count <= limit else { throw CLIError("\(file): larger than \(limit >> 20) MiB") }
        return bytes
    }

    /// One JSON document, or one a line when the first line is complete on its own.
    private func documents(_ bytes: [UInt8]) throws -> [(bytes: [UInt8], line: Int?)] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let numbered = lines.enumerated().filter { !$0.element.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        guard let first = numbered.first else { throw CLIError("\(file): no JSON given") }
        if numbered.count > 1, (try? JSONReader.parse(Array(first.element))) != nil {
            return numbered.map { (Array($0.element), $0.offset + 1) }
        }
        return [(bytes, nil)]
    }
}

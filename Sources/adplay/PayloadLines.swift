import Foundation
import SCTE35
import SCTE35Text
import StrictJSON

/// `adplay scte35 decode -`: one payload a line from standard input, one
/// result a line out, in order, streaming in fixed-size buffers so memory
/// stays flat however long the input.
enum PayloadLines {
    /// Longest line accepted: a section is at most 4,096 bytes, 8,194 hex digits.
    static let maxLineLength = 16 << 10

    /// Decodes every line; returns how many failed.
    static func decode(decoder: SpliceInfoDecoder, json: Bool) -> Int {
        var output = JSONOutput()
        output.bytes.reserveCapacity(1 << 20)
        var failures = 0
        var lineNumber = 0
        var pending: [UInt8] = []
        // Each payload's bytes, in room kept from line to line.
        var payload: [UInt8] = []
        var overlong = false
        let input = FileHandle.standardInput

        func finishLine() {
            lineNumber += 1
            defer {
                pending.removeAll(keepingCapacity: true)
                overlong = false
            }
            if overlong {
                failures += 1
                report("line is longer than \(maxLineLength) bytes", line: lineNumber, json: json, into: &output)
                return
            }
            guard pending.contains(where: { $0 > 0x20 }) else { return }
            do {
                try pending.withUnsafeBufferPointer { text throws(SCTE35Error) in try PayloadText.decode(text, into: &payload) }
                let decoded = try decoder.decode(payload)
                if json {
                    SpliceInfoJSON.write(decoded, to: &output)
                    output.endLine()
                } else {
                    output.bytes += Array(SpliceInfoTree.render(decoded).utf8)
                    output.bytes.append(0x0A)
                }
            } catch {
                failures += 1
                report(error.description, line: lineNumber, json: json, into: &output)
            }
            if output.bytes.count >= 1 << 20 { flush(&output.bytes) }
        }

        while let chunk = try? input.read(upToCount: 1 << 16), !chunk.isEmpty {
            chunk.withUnsafeBytes { raw in
                var start = 0
                while start < raw.count {
                    let newline = raw[start...].firstIndex(of: 0x0A)
                    let end = newline ?? raw.count
                    if !overlong {
                        if pending.count + end - start > maxLineLength {
                            overlong = true
                        } else {
                            pending.append(contentsOf: raw[start..<end])
                        }
                    }
                    guard newline != nil else { break }
                    finishLine()
                    start = end + 1
                }
            }
        }
        if !pending.isEmpty || overlong { finishLine() }
        flush(&output.bytes)
        return failures
    }

    private static func report(_ message: String, line: Int, json: Bool, into output: inout JSONOutput) {
        if json {
            output.openObject()
            output.member("error", message)
            output.member("line", line)
            output.closeObject()
            output.endLine()
        } else {
            flush(&output.bytes)
            FileHandle.standardError.write(Data("line \(line): Error: \(message)\n".utf8))
        }
    }

    private static func flush(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}

import Foundation
import HugePages
import Testing

@Suite struct HugePagesTests {
    /// The kernel's flags for the mapping that holds `address`, from /proc/self/smaps.
    private func mappingFlags(at address: Int) throws -> [Substring] {
        // Read to the end: procfs reports a size of 0, and a read sized from it stops short.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { Int($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "VmFlags:" {
                return Array(fields.dropFirst())
            }
        }
        return []
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                   "Linux with transparent huge pages"))
    func aLargeArraysCapacityIsAdvised() throws {
        var table: [UInt64] = []
        table.reserveCapacity(3 * HugePages.size / 8)
        #expect(HugePages.prefer(capacityOf: &table))
        let base = table.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        let firstWhole = (base + HugePages.size - 1) & ~(HugePages.size - 1)
        // `hg`: the mapping holds MADV_HUGEPAGE advice.
        #expect(try mappingFlags(at: firstWhole).contains("hg"))
        table.append(contentsOf: 0..<1_000)
        #expect(table.reduce(0, +) == 499_500, "advice changes nothing the array holds")
    }

    @Test func aSmallBufferIsLeftAlone() {
        var table: [UInt8] = []
        table.reserveCapacity(HugePages.size)
        #expect(!HugePages.prefer(capacityOf: &table))
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: HugePages.threshold - 1, alignment: 16)
        defer { bytes.deallocate() }
        #expect(!HugePages.prefer(bytes, count: HugePages.threshold - 1))
    }
}

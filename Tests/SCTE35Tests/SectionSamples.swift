import Foundation
import SCTE35

/// The SCTE 35 2020 section 14 samples and threefive's reading of them.
enum SectionSamples {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let base64: String
        var testDescription: String { name }
    }

    static let all: [Sample] = {
        let text = (try? String(contentsOf: fixture("scte35-2020-section14.txt"), encoding: .utf8)) ?? ""
        var samples: [Sample] = []
        var name = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Base64=") {
                samples.append(Sample(name: name, base64: String(line.dropFirst(7))))
            } else {
                name = String(line)
            }
        }
        return samples
    }()

    /// threefive's decodes, in file order. Read-only after initialisation, so sharing it is safe.
    nonisolated(unsafe) static let threefive: [[String: Any]] = {
        guard let data = try? Data(contentsOf: fixture("scte35-2020-section14.threefive.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return object.keys.sorted().compactMap { object[$0] as? [String: Any] }
    }()

    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
    }

    static func bytes(_ sample: Sample) -> [UInt8] {
        (try? PayloadText.decode(sample.base64)) ?? []
    }
}

import Testing

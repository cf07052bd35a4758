import Foundation

/// Reads fixture files from the test bundle.
enum Fixture {
    static var root: URL { Bundle.module.url(forResource: "Fixtures", withExtension: nil)! }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(name)))
    }

    /// The XML files under a folder of Fixtures/, as paths relative to Fixtures/, sorted.
    static func documents(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".xml") { names.append(folder + "/" + name) }
        }
        return names.sorted()
    }

    /// Every IAB sample.
    static var iabDocuments: [String] { documents(under: "vast").filter { $0.hasPrefix("vast/iab-") } }
}

/// Counts of elements in XML text, found by local name with a regular
/// expression, independently of the reader under test.
struct IndependentCount {
    private let text: String

    init(_ bytes: [UInt8]) {
        let whole = String(decoding: bytes, as: UTF8.self)
        text = whole.replacing(#/<!--(?s:.*?)-->/#, with: "")
    }

    /// Start tags (and empty-element tags) with this local name.
    func elements(_ localName: String) -> Int {
        (try? Regex("<(?:[A-Za-z_][\\w.-]*:)?\(localName)[\\s/>]")).map { text.matches(of: $0).count } ?? -1
    }

    /// Beacon URLs held by elements of this local name: one per element, or
    /// one per `<URL>` child in VAST 1.
    func urls(in localName: String) -> Int {
        guard let span = try? Regex("<(?:[A-Za-z_][\\w.-]*:)?\(localName)(?:\\s[^>]*)?>((?s:.*?))</(?:[A-Za-z_][\\w.-]*:)?\(localName)>") else {
            return -1
        }
        return text.matches(of: span).map { match in
            let inner = String(match.output[1].substring ?? "")
            let wrapped = inner.matches(of: #/<URL[\s>]/#).count
            return wrapped > 0 ? wrapped : 1
        }.reduce(0, +)
    }
}

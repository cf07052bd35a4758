import Foundation
import Testing

/// Every public type an app sees through `import AdPlaybackKit` has a name
/// of its own: two modules that both declare `Ad` make "'Ad' is ambiguous
/// for type lookup" in every app that uses one of them, and the module
/// name does not help where a type shares it (`AdTimeline`).
@Suite struct PublicNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// The umbrella's modules, as Package.swift lists them.
    static func umbrellaModules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(manifest.range(of: #"name: "AdPlaybackKit","#, options: .backwards))
        let dependencies = manifest[target.upperBound...].prefix { $0 != "]" }
        return dependencies.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The top-level public types of a module: `public struct Name`, and
    /// classes, enums, protocols, actors and type aliases.
    static func publicTypes(of module: String) throws -> [String] {
        let directory = root.appendingPathComponent("Sources/\(module)")
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(whereSeparator: { " :<{(=".contains($0) })
                guard let kind = words.firstIndex(where: { ["struct", "class", "enum", "protocol", "actor", "typealias"].contains($0) }),
                      kind + 1 < words.count else { continue }
                names.append(String(words[kind + 1]))
            }
        }
        return names
    }

    @Test func everyPublicTypeNameIsUniqueAcrossTheUmbrella() throws {
        let modules = try Self.umbrellaModules()
        #expect(modules.contains("AdPlayback") && modules.contains("VAST") && modules.contains("HLS"), "\(modules)")
        var owners: [String: [String]] = [:]
        for module in modules {
            for name in try Self.publicTypes(of: module) { owners[name, default: []].append(module) }
        }
        #expect(owners.count > 200, "the scan finds the public types")
        let duplicates = owners.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.joined(separator: ", "))" }.sorted()
        #expect(duplicates.isEmpty, "\(duplicates)")
    }
}

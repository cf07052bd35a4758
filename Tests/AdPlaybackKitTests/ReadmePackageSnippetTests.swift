import Foundation
import Testing

/// The README's `Package.swift` snippet agrees with the package: the
/// platforms it declares, the tools version, and a product that exists.
@Suite struct ReadmePackageSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test func theDependencySnippet_matchesThePackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\n// swift-tools-version:"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let snippet = String(readme[start.upperBound..<end.lowerBound])
        func line(_ prefix: String, in text: String) -> String? {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
        }
        #expect(line("platforms:", in: snippet) == line("platforms:", in: manifest))
        #expect(manifest.hasPrefix("// swift-tools-version:" + (snippet.split(separator: "\n").first.map(String.init) ?? "")))
        for product in snippet.matches(of: /\.product\(name: "(\w+)", package: "AdPlaybackKit"\)/).map({ String($0.1) }) {
            #expect(manifest.contains(".library(name: \"\(product)\""), "\(product)")
        }
        #expect(snippet.contains(".product(name: \"AdPlaybackKit\", package: \"AdPlaybackKit\")"))
    }
}

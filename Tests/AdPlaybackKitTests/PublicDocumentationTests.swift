import Foundation
import Testing

/// Every public declaration of the library modules says what it is: a
/// `///` comment right above it (its attributes aside). Members that only
/// implement a protocol's requirement (`description`, `==`, a player
/// adapter's `present(_:)`, …) take the protocol's documentation.
@Suite struct PublicDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Names whose public declarations implement a protocol requirement.
    static let requirements: Set<String> = [
        "description", "==", "<", "+", "-", "+=", "-=", "hash", "encode", "init(from", "startIndex", "endIndex", "subscript",
        "advanced", "duration", "present", "setRate", "currentItemTime", "session", "timeToNextMoment", "perform", "shouldResolve",
        "resolve", "selectAdBreaksToPlay", "selectPolicy", "selectWatchedPolicy", "next", "onItemStatus", "onPlayedToEnd",
        "onFailedToPlayToEnd", "onWaiting", "currentTime", "rate", "replaceItem", "seek",
    ]

    @Test func everyPublicDeclarationIsDocumented() throws {
        var undocumented: [String] = []
        let sources = Self.root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where module != "adplay" {
            let directory = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
                for (index, line) in lines.enumerated() {
                    if Self.isCaseOfAPublicEnum(lines, index), !Self.isDocumented(lines, above: index) {
                        undocumented.append("\(module)/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                        continue
                    }
                    guard let name = Self.publicDeclaration(line), !Self.requirements.contains(name) else { continue }
                    if !Self.isDocumented(lines, above: index) { undocumented.append("\(module)/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))") }
                }
            }
        }
        #expect(undocumented.isEmpty, "\(undocumented.count) public declarations without a doc comment:\n\(undocumented.joined(separator: "\n"))")
    }

    /// The name a line declares publicly (`func name(`, `var name`, `init(`, `struct Name`), if it declares one.
    static func publicDeclaration(_ line: String) -> String? {
        var words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "public" || words.first == "open" else { return nil }
        words = words.dropFirst()
        let modifiers: Set<Substring> = ["static", "final", "mutating", "nonisolated", "override", "convenience", "required", "indirect", "private(set)", "internal(set)"]
        while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
        guard let keyword = words.first else { return nil }
        let declares: Set<Substring> = ["func", "var", "let", "struct", "enum", "class", "protocol", "typealias", "actor"]
        if keyword.hasPrefix("init") { return keyword.hasPrefix("init(from") ? "init(from" : "init" }
        if keyword.hasPrefix("subscript") { return "subscript" }
        guard declares.contains(keyword), let name = words.dropFirst().first else { return nil }
        if let first = name.first, !first.isLetter, first != "_" { return String(name) }  // an operator
        return String(name.prefix { $0 != "(" && $0 != ":" && $0 != "<" })
    }

    /// Whether line `index` declares a case of a public enum (not a `case` of a `switch`).
    static func isCaseOfAPublicEnum(_ lines: [String], _ index: Int) -> Bool {
        let line = lines[index]
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("case ") || text.hasPrefix("indirect case "), !text.hasSuffix(":"),
              let first = text.dropFirst(text.hasPrefix("case ") ? 5 : 14).first, first.isLetter else { return false }
        let indent = line.prefix { $0 == " " }.count
        for above in stride(from: index - 1, through: 0, by: -1) {
            let enclosing = lines[above]
            let trimmed = enclosing.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, enclosing.prefix(while: { $0 == " " }).count < indent else { continue }
            return trimmed.hasPrefix("public") && trimmed.contains(" enum ")
        }
        return false
    }

    /// Whether a `///` comment ends just above line `index`, attributes (even multi-line ones) between.
    static func isDocumented(_ lines: [String], above index: Int) -> Bool {
        var line = index - 1
        var inAttribute = false
        while line >= 0 {
            let text = lines[line].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("///") || text.hasSuffix("*/") { return !inAttribute }
            if text.hasPrefix("@") { inAttribute = false; line -= 1; continue }
            // Inside a multi-line attribute (`@available(*, deprecated, message: """ … """)`).
            if text.hasSuffix("\"\"\")") || inAttribute { inAttribute = true; line -= 1; continue }
            return false
        }
        return false
    }
}

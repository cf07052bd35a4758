import Foundation
import Testing

/// The module graph as Docs/Architecture.md draws it is the graph the code
/// has: its Modules table lists every module once, layer by layer, each
/// row in dependency order, and a module may import only what stands
/// before it (below it). Package.swift declares exactly what each module
/// imports, no more.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyModuleImportsOnlyWhatIsBelowIt() throws {
        let order = try Self.documentedOrder()
        let targets = try Self.declaredTargets()
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        #expect(Set(order) == Set(targets.keys), "the table and Package.swift name the same modules: only in the table \(Set(order).subtracting(targets.keys).sorted()), only in Package.swift \(Set(targets.keys).subtracting(order).sorted())")
        #expect(order.count == Set(order).count, "each module appears once in the table")
        for module in order {
            let imports = try Self.imports(of: module).intersection(targets.keys)
            for imported in imports.sorted() where (rank[imported] ?? .max) >= (rank[module] ?? .max) {
                Issue.record("\(module) imports \(imported), which is not below it in Docs/Architecture.md")
            }
            let declared = targets[module] ?? []
            #expect(imports.subtracting(declared).isEmpty, "\(module) imports \(imports.subtracting(declared).sorted()) without declaring it in Package.swift")
            #expect(declared.subtracting(imports).isEmpty, "\(module) declares \(declared.subtracting(imports).sorted()) in Package.swift and imports none of it")
        }
    }

    /// A test target declares only what it imports (the executables it
    /// runs, `adplay` and the example app, excepted).
    @Test func everyTestTargetDeclaresOnlyWhatItImports() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = try Self.declaredTargets()
        for chunk in text.components(separatedBy: ".testTarget(").dropFirst() {
            let declaration = chunk.components(separatedBy: ".testTarget(")[0]
            guard let name = Self.firstQuoted(after: "name:", in: declaration) else { continue }
            let declared = Self.dependencies(in: declaration).intersection(modules.keys).subtracting(["adplay"])
            let imports = try Self.imports(under: Self.root.appendingPathComponent("Tests/\(name)"))
            #expect(declared.subtracting(imports).isEmpty, "\(name) declares \(declared.subtracting(imports).sorted()) in Package.swift and imports none of it")
        }
    }

    /// Package.swift offers exactly the products Docs/Architecture.md lists,
    /// each with the modules it lists, and nothing a product's modules show
    /// in their public interface lies outside what the products give (the
    /// modules of some product, or those the umbrella re-exports).
    @Test func theProductsAreTheDocumentedOnes_andTheirInterfacesNeedNoOtherModule() throws {
        let documented = try Self.documentedProducts()
        let declared = try Self.declaredProducts()
        #expect(declared == documented, "Package.swift's products \(declared) are Docs/Architecture.md's \(documented)")
        let modules = try Self.declaredTargets()
        // A product gives its modules and what they re-export, and what those re-export.
        var reachable = Set(declared.values.joined())
        var unexplored = Array(reachable)
        while let module = unexplored.popLast() {
            for exported in try Self.imports(of: module, marked: "@_exported").intersection(modules.keys) where reachable.insert(exported).inserted {
                unexplored.append(exported)
            }
        }
        for module in reachable.sorted() {
            let shown = try Self.imports(of: module, marked: "public").intersection(modules.keys)
            #expect(shown.isSubset(of: reachable), "\(module) shows \(shown.subtracting(reachable).sorted()) in its public interface, which no product gives")
        }
    }

    /// The Products table: each product and its modules.
    static func documentedProducts() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Products").dropFirst().first, "Docs/Architecture.md has a Products section")
        let rows = section.components(separatedBy: "\n## ").first?.split(separator: "\n").filter { $0.hasPrefix("| ") } ?? []
        var products: [String: [String]] = [:]
        for row in rows.dropFirst() {
            let columns = row.split(separator: "|", omittingEmptySubsequences: false)
            guard columns.count > 2 else { continue }
            let quoted = { (column: Substring) in
                column.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
            guard let name = quoted(columns[1]).first else { continue }
            products[name] = quoted(columns[2])
        }
        return products
    }

    /// Each product Package.swift declares (libraries and executables) and its modules.
    static func declaredProducts() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var products: [String: [String]] = [:]
        for chunk in text.components(separatedBy: ".library(").dropFirst() + text.components(separatedBy: ".executable(").dropFirst() {
            let declaration = chunk.components(separatedBy: ")")[0]
            guard let name = firstQuoted(after: "name:", in: declaration), let list = declaration.range(of: "targets: [") else { continue }
            let targets = declaration[list.upperBound...].prefix { $0 != "]" }
            products[name] = targets.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return products
    }

    /// The modules of the Modules table, in order.
    static func documentedOrder() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Modules").dropFirst().first, "Docs/Architecture.md has a Modules section")
        let rows = section.components(separatedBy: "\n## ").first?.split(separator: "\n").filter { $0.hasPrefix("| ") } ?? []
        return rows.dropFirst().flatMap { row -> [String] in
            let columns = row.split(separator: "|", omittingEmptySubsequences: false)
            guard columns.count > 2 else { return [] }
            return columns[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    /// Each module under Sources/ and the modules of the package it declares as dependencies.
    static func declaredTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        for chunk in text.components(separatedBy: ".target(").dropFirst() + text.components(separatedBy: ".executableTarget(").dropFirst() {
            // The declaration runs to the next target.
            let declaration = chunk.components(separatedBy: ".target(")[0].components(separatedBy: ".testTarget(")[0]
                .components(separatedBy: ".executableTarget(")[0]
            guard let name = firstQuoted(after: "name:", in: declaration), !declaration.contains("path: \"Examples") else { continue }
            let dependencies = dependencies(in: declaration)
            targets[name] = dependencies
        }
        return targets
    }

    /// The package's own modules a target declaration depends on (products of other packages are
    /// `.product(…)`; a module needed on some platforms only is `.byName(name: "…", condition: …)`).
    static func dependencies(in declaration: String) -> Set<String> {
        let conditional = declaration.components(separatedBy: ".byName(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        return Set(conditional).union(plainDependencies(in: declaration))
    }

    static func plainDependencies(in declaration: String) -> Set<String> {
        guard let start = declaration.range(of: "dependencies: [") else { return [] }
        var depth = 1
        var list = ""
        for character in declaration[start.upperBound...] {
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" { depth -= 1 }
            if depth == 0 { break }
            list.append(character)
        }
        var plain = ""
        var nesting = 0
        for character in list {
            if character == "(" { nesting += 1 }
            if nesting == 0 { plain.append(character) }
            if character == ")" { nesting -= 1 }
        }
        return Set(plain.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    static func firstQuoted(after key: String, in text: String) -> String? {
        guard let range = text.range(of: key) else { return nil }
        let rest = text[range.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let afterOpen = rest[rest.index(after: open)...]
        guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
        return String(afterOpen[..<close])
    }

    /// The modules the sources of `module` import (only with `marked` among the import's modifiers, when given).
    static func imports(of module: String, marked: Substring? = nil) throws -> Set<String> {
        try imports(under: root.appendingPathComponent("Sources/\(module)"), marked: marked)
    }

    /// The modules the Swift files under `directory` import (only with `marked` among the import's modifiers, when given).
    static func imports(under directory: URL, marked: Substring? = nil) throws -> Set<String> {
        let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var modules: Set<String> = []
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "func", "typealias", "let", "var"]
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ")[...]
                if let marked, !words.prefix(while: { $0 != "import" }).contains(marked) { continue }
                while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first) {
                    words = words.dropFirst()
                }
                guard words.first == "import", words.count >= 2 else { continue }
                words = words.dropFirst()
                if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
                guard let name = words.first?.split(separator: ".").first else { continue }
                modules.insert(String(name))
            }
        }
        return modules
    }
}

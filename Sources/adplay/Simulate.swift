import AdScenario
import ArgumentParser
import Foundation

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case jsonl
}

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario file on a simulated player and print its events.")

    @Argument(help: "The scenario JSON file.")
    var scenario: String

    @Option(help: "text (readable log and timeline) or jsonl (one JSON object per event).")
    var format: OutputFormat = .text

    @Option(help: "Also draw the session as an SVG picture to this file.")
    var svg: String?

    func run() throws {
        let bytes = try readScenario()
        try ScenarioOutput.run(json: bytes, source: scenario, format: format, svg: svg)
    }

    private func readScenario() throws -> [UInt8] {
        let url = URL(fileURLWithPath: scenario)
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > Scenario.maxFileSize {
            throw CLIError("\(scenario): larger than \(Scenario.maxFileSize >> 20) MiB")
        }
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw CLIError("\(scenario): cannot read the file (\(error.localizedDescription))")
        }
    }
}

/// Decodes, runs and prints a scenario; shared by `simulate` and `demo`.
enum ScenarioOutput {
    static func run(json: [UInt8], source: String, format: OutputFormat, svg: String?) throws {
        let run: ScenarioRun
        do {
            run = try Scenario.decode(json: json).run()
        } catch {
            throw CLIError("\(source): \(error)")
        }
        switch format {
        case .text: print(TextReport.render(run), terminator: "")
        case .jsonl: FileHandle.standardOutput.write(Data(EventLines.bytes(for: run.events)))
        }
        if let svg {
            do {
                try Data(SVGTimeline.render(run, title: source).utf8).write(to: URL(fileURLWithPath: svg))
            } catch {
                throw CLIError("\(svg): cannot write the SVG (\(error.localizedDescription))")
            }
            FileHandle.standardError.write(Data("SVG written to \(svg)\n".utf8))
        }
    }
}

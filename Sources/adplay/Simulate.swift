import AdResolvers
import AdScenario
import AdTimeline
import ArgumentParser
import Foundation
import VAST
import VASTResolution

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case jsonl
}

struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario file on a simulated player and print its events.",
        discussion: """
            A scenario lists its breaks, or names a VMAP ("vmap": a path relative to the scenario, or an \
            http(s) URL); the VMAP's breaks are placed by timeOffset, named by breakId, and filled from \
            their VAST, following wrappers.
            """)

    @Argument(help: "The scenario JSON file.")
    var scenario: String

    @Option(help: "text (readable log and timeline) or jsonl (one JSON object per event).")
    var format: OutputFormat = .text

    @Option(help: "Also draw the session as an SVG picture to this file.")
    var svg: String?

    func run() async throws {
        let bytes = try readScenario()
        var vmapBreaks: [AdBreak]?
        do {
            if let (location, contentDuration) = try Scenario.vmapSource(json: bytes) {
                vmapBreaks = try await VMAPBreaks.resolve(location, relativeTo: scenario, contentDuration: contentDuration)
            }
        } catch let error as ScenarioError {
            throw CLIError("\(scenario): \(error)")
        }
        try ScenarioOutput.run(json: bytes, source: scenario, format: format, svg: svg, vmapBreaks: vmapBreaks)
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
    static func run(json: [UInt8], source: String, format: OutputFormat, svg: String?, vmapBreaks: [AdBreak]? = nil) throws {
        let run: ScenarioRun
        do {
            run = try Scenario.decode(json: json, vmapBreaks: vmapBreaks).run()
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

import AdScenario
import ArgumentParser

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the bundled demo: a 30-minute episode, a viewer who seeks, is interrupted and resumes.")

    @OptionGroup var logging: VerboseOption

    @OptionGroup var output: FormatOption<TextOrJSONLines>
    var format: OutputFormat { output.value }

    @Option(help: "Also draw the session as an SVG picture to this file.")
    var svg: String?

    @Flag(help: "With --svg, let the stream axis span the whole stream, not just what was played and the breaks near it.")
    var full = false

    @Flag(help: "Print the demo's scenario file instead of running it.")
    var printScenario = false

    func run() async throws {
        if printScenario {
            print(DemoScenario.json)
            return
        }
        if format == .text {
            print("adplay demo: \(DemoScenario.summary)\n")
        }
        try await ScenarioOutput.run(json: Array(DemoScenario.json.utf8), source: "demo", format: format, svg: svg, fullAxis: full, logger: logging.logger)
    }
}

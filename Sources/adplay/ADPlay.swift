import ArgumentParser

@main
struct ADPlay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adplay",
        abstract: "Ad-aware playback: simulate what a viewer experiences with ads.",
        subcommands: [Demo.self, Simulate.self, SCTE35Command.self, HLSCommand.self, VASTCommand.self, VMAPCommand.self, LiveCommand.self, SSAICommand.self, BeaconsCommand.self]
    )
}

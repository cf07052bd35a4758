import AdTransport
import AdPlayerMPV
import AdResolvers
import AdScenario
import AdStorage
import AdOutbox
import AdPlayback
import ArgumentParser
import Foundation
import Logging
import MediaTime
import VAST

/// Which player `simulate` plays a scenario on.
enum PlayerChoice: String, ExpressibleByArgument, CaseIterable {
    /// The simulated player, on a virtual clock: instant and reproducible.
    case simulated
    /// A real mpv, in real time.
    case mpv
}

/// A scenario played on a real mpv, at real time, its event lines printed
/// as they happen.
enum RealPlayerRun {
    @MainActor
    static func run(
        _ scenario: Scenario, source: String, format: OutputFormat, mpv path: String?, window: Bool,
        bookmarks: FileBookmarkStore?, beacons: BeaconOutbox?, logger: Logger
    ) async throws -> ScenarioRun {
        do {
            try scenario.checkRealPlayable()
        } catch {
            throw CLIError("\(source): \(error)")
        }
        if scenario.player != nil {
            FileHandle.standardError.write(Data("adplay: \(source): \"player\" describes the simulated player; on mpv, mpv's own latency, keyframes and failures apply\n".utf8))
        }
        let player: MPVPlayer
        do {
            player = try MPVPlayer(mainURL: scenario.streamURL ?? scenario.liveURL ?? "", configuration: .init(executable: path, window: window))
        } catch {
            throw CLIError("\(error)")
        }
        player.stopsWhenTheProcessIsSignalled()
        defer { player.stop() }
        let real = RealPlayer(
            adapter: player, connect: { player.reporter = $0 },
            position: { player.latest.map { PlayerPosition(item: $0.item, position: $0.position) } },
            followsLive: { playlist, url in player.follow(LiveSegmentMap(playlist, url: url)) })
        if format == .text { write(TextReport.realPlayerHeader, or: player) }
        // A live stream's breaks are its cues and its interstitials; a VMAP's are VAST pods.
        let resolvers: [any AdResolver] =
            scenario.liveURL != nil ? [InStreamMarkerResolver(), InterstitialResolver(client: Network.client, primaryID: scenario.primaryID)]
            : scenario.opportunities.isEmpty ? [] : [VASTPodResolver(chain: Network.vastResolver(), insertion: scenario.placeholderStyle.insertion)]
        let run: ScenarioRun
        do {
            run = try await scenario.runInRealTime(
                on: real, resolvers: resolvers, bookmarks: bookmarks, beacons: beacons,
                beaconSession: String(UUID().uuidString.prefix(8)).lowercased(), client: Network.client,
                logger: logger
            ) { event, position, date in
                if format == .text {
                    write(TextReport.row(event, player: position), or: player)
                } else {
                    write(EventLines.line(for: event, player: position, date: date) + "\n", or: player)
                }
            } onBeacon: { fired in
                if format == .jsonl { write(EventLines.beaconLine(fired) + "\n", or: player) }
            }
        } catch {
            throw CLIError("\(source): \(error)")
        }
        for issue in run.issues { FileHandle.standardError.write(Data("adplay: vmap: \(issue)\n".utf8)) }
        if let failure = run.mainStreamFailure { throw CLIError("\(source): the run ended: \(failure)") }
        return run
    }

    /// Writes at once: a person watching sees each line as it happens.
    /// Output that was closed (`| head`) ends the run, mpv first.
    private static func write(_ text: String, or player: MPVPlayer) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            player.stop()
            exit(141)
        }
    }
}

import AdPlayback
import MediaTime

extension PlaybackSession {
    /// Handles `input` with a player that is ready at once, exactly where
    /// asked: each presentation is acknowledged, and its actions follow.
    mutating func handleReady(_ input: SessionInput, at now: ClockTime) throws -> [SessionAction] {
        var actions = try handle(input, at: now)
        var index = 0
        while index < actions.count {
            if case .present(let presentation) = actions[index] {
                actions += try handle(.player(.ready(presentation.id, landedAt: presentation.time)), at: now)
            }
            index += 1
        }
        return actions
    }
}

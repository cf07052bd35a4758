import MediaTime

/// What the tree keeps of each break, and what its walks read of one.
extension BreakTree {
    /// One break as the timeline keeps it.
    struct Entry: Sendable, Hashable {
        var adBreak: AdBreak
        var position: ContentTime
        /// The break's length (cached: ``AdBreak/duration`` sums its ads).
        var duration: MediaDuration
        /// Taken out of the timeline by a policy; kept because its stitched
        /// ads are still in the player's item.
        var isRemoved = false
        var adStates: [AdState]

        init(_ adBreak: AdBreak, position: ContentTime) {
            self.adBreak = adBreak
            self.position = position
            duration = adBreak.duration
            adStates = Array(repeating: .available, count: adBreak.ads.count)
        }

        /// The content the break covers: none when it adds stream time, its
        /// length when it replaces content, else its resume offset.
        var covered: MediaDuration { adBreak.coveredContent(duration: duration) }
        /// The stream time the break adds before what follows it (negative
        /// when it resumes content further on than it lasts).
        var addedTicks: Int64 { isRemoved ? 0 : duration.ticks - covered.ticks }
        /// The time the break adds to the main player item.
        var stitchedTicks: Int64 {
            adBreak.insertion == .inStream && adBreak.occupancy == .addsStreamTime ? duration.ticks : 0
        }
    }

    /// What the timeline's checks read of an entry: its slot, where it is,
    /// the content it covers and whether it is open, all kept in its node.
    /// Reading it copies no break (an entry's copy retains every part of
    /// its break).
    struct Outline {
        var slot: Int
        var position: ContentTime
        var covered: MediaDuration
        var isOpen: Bool
    }
}

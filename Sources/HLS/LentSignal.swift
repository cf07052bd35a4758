internal import MediaTime

/// A signal the opportunity builder reads where it lies, in the caller's
/// buffer of the window's signals: each field read loads that field.
///
/// Handed on as an ``AdSignal`` to the builder's steps, a signal read from
/// a buffer was copied whole before each step (its tag, kind and cue
/// retained, its kind copied case by case), as the steps change the
/// builder and the compiler cannot tell that the buffer stays as it is.
/// The caller keeps the buffer alive and unchanged while the builder reads.
struct LentSignal {
    private let pointer: UnsafePointer<AdSignal>

    /// The signal at `pointer`, which stays valid and unchanged while this is used.
    init(_ pointer: UnsafePointer<AdSignal>) { self.pointer = pointer }

    var tag: String { pointer.pointee.tag }
    var time: StreamTime { pointer.pointee.time }
    var mediaSequence: UInt64 { pointer.pointee.mediaSequence }
    var line: Int { pointer.pointee.line }
    var cue: DecodedCue? { pointer.pointee.cue }
    var endTime: StreamTime? { pointer.pointee.endTime }
    var role: AdSignal.Role { pointer.pointee.role }
    var range: AdSignal.RangeFacts? { pointer.pointee.range }
    var rangeID: String? { pointer.pointee.rangeID }
    var rangeKey: RangeID? { pointer.pointee.rangeKey }

    /// The interstitial the signal's range schedules, or nil.
    var interstitial: Interstitial? { Self.interstitial(of: pointer.pointee.kind) }

    /// The planned duration the signal states: its dialect's, else its cue's.
    var plannedDuration: MediaDuration? { Self.plannedDuration(of: pointer.pointee.kind) ?? cue?.plannedDuration }

    /// The time into its break a continuation states.
    var elapsed: MediaDuration? { Self.elapsed(of: pointer.pointee.kind) }

    // Each kind is matched where it lies: a match on a copy of it copied
    // every case's payload first.

    @inline(never)
    private static func interstitial(of kind: borrowing AdSignal.Kind) -> Interstitial? {
        switch kind {
        case .dateRange(let range): range.interstitial
        default: nil
        }
    }

    private static func plannedDuration(of kind: borrowing AdSignal.Kind) -> MediaDuration? {
        switch kind {
        case .cueOut(let duration, _): duration
        case .cueOutContinued(_, let duration, _): duration
        case .scte35(let tag): tag.duration
        default: nil
        }
    }

    private static func elapsed(of kind: borrowing AdSignal.Kind) -> MediaDuration? {
        switch kind {
        case .cueOutContinued(let elapsed, _, _): elapsed
        case .scte35(let tag): tag.elapsed
        default: nil
        }
    }
}

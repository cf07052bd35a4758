public import HLS
internal import SCTE35

extension AdOpportunity {
    /// The opportunity an HLS placement marks: at its stream time, with its
    /// duration (actual when closed, planned while open), the tags that
    /// marked it and the bytes of its first SCTE-35 cue.
    public init(_ placement: PlacementOpportunity) {
        self.init(
            id: placement.id, position: .stream(placement.start), duration: placement.duration, isOpen: placement.isOpen,
            signal: .inStream(tags: placement.sources, scte35: placement.scte35.flatMap { try? SpliceInfoEncoder.encode($0.section) }))
    }
}

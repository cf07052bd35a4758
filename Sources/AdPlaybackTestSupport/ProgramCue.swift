internal import SCTE35

/// Programme-level SCTE-35 cues for tests, built with the encoder: a
/// time_signal carrying one segmentation descriptor (a Program Start, End,
/// Override, Runover, Network End, …) with its delivery restrictions.
///
/// ```swift
/// let start = ProgramCue(type: 0x10, eventID: 7, webDeliveryAllowed: false, seconds: 20)
/// script.extraTags[10] = [start.dateRange(id: "p7", date: script.date(10))]
/// ```
public struct ProgramCue: Sendable, Hashable {
    /// The segmentation_type_id.
    public var type: UInt8
    /// The segmentation_event_id.
    public var eventID: UInt32
    /// `web_delivery_allowed_flag`.
    public var webDeliveryAllowed: Bool
    /// `no_regional_blackout_flag`.
    public var noRegionalBlackout: Bool
    /// `archive_allowed_flag`.
    public var archiveAllowed: Bool
    /// The restricted device group (0–2), or none.
    public var deviceGroup: UInt8?
    /// `delivery_not_restricted_flag`: no restrictions at all.
    public var deliveryNotRestricted: Bool
    /// The segmentation_duration in seconds, if any.
    public var seconds: Int64?

    /// Creates a cue; by default delivery is restricted with every flag allowing it.
    public init(
        type: UInt8, eventID: UInt32, webDeliveryAllowed: Bool = true, noRegionalBlackout: Bool = true,
        archiveAllowed: Bool = true, deviceGroup: UInt8? = nil, deliveryNotRestricted: Bool = false, seconds: Int64? = nil
    ) {
        self.type = type
        self.eventID = eventID
        self.webDeliveryAllowed = webDeliveryAllowed
        self.noRegionalBlackout = noRegionalBlackout
        self.archiveAllowed = archiveAllowed
        self.deviceGroup = deviceGroup
        self.deliveryNotRestricted = deliveryNotRestricted
        self.seconds = seconds
    }

    /// The splice_info_section's bytes.
    public var bytes: [UInt8] {
        let group = deviceGroup.flatMap { SegmentationDescriptor.DeviceRestrictions(rawValue: $0) } ?? SegmentationDescriptor.DeviceRestrictions.none
        let restrictions = deliveryNotRestricted ? nil : SegmentationDescriptor.DeliveryRestrictions(
            webDeliveryAllowed: webDeliveryAllowed, noRegionalBlackout: noRegionalBlackout, archiveAllowed: archiveAllowed,
            deviceRestrictions: group)
        let segmentation = SegmentationDescriptor.Segmentation(
            deliveryRestrictions: restrictions, segmentationDuration: seconds.map { PTS(ticks: UInt64($0) * 90_000) },
            segmentationTypeID: type)
        let section = SpliceInfoSection(
            command: .timeSignal(SpliceTime(ptsTime: nil)),
            descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: eventID, segmentation: segmentation))])
        // Every field above is in range, so encoding cannot fail.
        return (try? SpliceInfoEncoder.encode(section)) ?? []
    }

    /// The cue in base64.
    public var base64: String { PayloadText.base64(bytes) }

    /// `#EXT-X-DATERANGE` with the cue as SCTE35-CMD, at `date`.
    public func dateRange(id: String, date: String) -> String {
        "#EXT-X-DATERANGE:ID=\"\(id)\",START-DATE=\"\(date)\",SCTE35-CMD=0x\(PayloadText.hex(bytes).uppercased())"
    }

    /// `#EXT-X-DATERANGE` with the cue as `attribute` (`SCTE35-OUT`,
    /// `SCTE35-IN`, `SCTE35-CMD`) after `dates`, written as given
    /// (`START-DATE="…",END-DATE="…"`, `DURATION=20`, or nothing): the
    /// forms a packager writes a range's start and end in.
    public func dateRange(id: String, _ attribute: String, _ dates: String) -> String {
        "#EXT-X-DATERANGE:ID=\"\(id)\",\(dates.isEmpty ? "" : dates + ",")\(attribute)=0x\(PayloadText.hex(bytes).uppercased())"
    }

    /// `#EXT-X-SCTE35:CUE="…"`.
    public var scte35Tag: String { "#EXT-X-SCTE35:CUE=\"\(base64)\"" }

    /// `#EXT-OATCLS-SCTE35:…`.
    public var oatclsTag: String { "#EXT-OATCLS-SCTE35:\(base64)" }
}

extension ProgramCue {
    /// Every signal that ends a blackout, event 7, with the segmentation
    /// type of the start it ends: Program End and Program Early Termination
    /// (a Program Start), Unscheduled Event End, Network Start (a Network
    /// End), and a Program Blackout Override that lifts the restrictions.
    public static let blackoutEnds: [(start: UInt8, end: ProgramCue)] = [
        (0x10, ProgramCue(type: 0x11, eventID: 7)), (0x10, ProgramCue(type: 0x12, eventID: 7)),
        (0x40, ProgramCue(type: 0x41, eventID: 7)), (0x51, ProgramCue(type: 0x50, eventID: 7)),
        (0x10, ProgramCue(type: 0x18, eventID: 7, deliveryNotRestricted: true)),
    ]
}

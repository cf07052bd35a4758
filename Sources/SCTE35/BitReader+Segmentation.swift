/// Reading `segmentation_descriptor()` (SCTE 35 §10.3.3, Table 20).
extension BitReader {
    mutating func segmentationDescriptor() throws(SCTE35Error) -> SegmentationDescriptor {
        var descriptor = SegmentationDescriptor(segmentationEventID: UInt32(try bits(32, "segmentation_event_id")), segmentation: nil)
        let cancelled = try flag("segmentation_event_cancel_indicator")
        descriptor.eventIDComplianceIndicator = try flag("segmentation_event_id_compliance_indicator")
        descriptor.reserved = try reserved(6, after: "segmentation_event_id_compliance_indicator")
        guard !cancelled else { return descriptor }
        let programSegmentation = try flag("program_segmentation_flag")
        let hasDuration = try flag("segmentation_duration_flag")
        let notRestricted = try flag("delivery_not_restricted_flag")
        var segmentation = SegmentationDescriptor.Segmentation(segmentationTypeID: 0)
        if notRestricted {
            segmentation.unrestrictedReserved = try reserved(5, after: "delivery_not_restricted_flag")
        } else {
            let web = try flag("web_delivery_allowed_flag")
            let noBlackout = try flag("no_regional_blackout_flag")
            let archive = try flag("archive_allowed_flag")
            let device = SegmentationDescriptor.DeviceRestrictions(rawValue: UInt8(try bits(2, "device_restrictions"))) ?? .none
            segmentation.deliveryRestrictions = SegmentationDescriptor.DeliveryRestrictions(
                webDeliveryAllowed: web, noRegionalBlackout: noBlackout, archiveAllowed: archive, deviceRestrictions: device
            )
        }
        if !programSegmentation { segmentation.components = try segmentationComponents() }
        if hasDuration { segmentation.segmentationDuration = PTS(ticks: try bits(40, "segmentation_duration")) }
        segmentation.upid = try upid()
        let typeAt = position
        segmentation.segmentationTypeID = try byte("segmentation_type_id")
        segmentation.segmentNum = try byte("segment_num")
        segmentation.segmentsExpected = try byte("segments_expected")
        if remaining >= 16 {
            let num = try byte("sub_segment_num")
            segmentation.subSegment = SegmentationDescriptor.SubSegment(subSegmentNum: num, subSegmentsExpected: try byte("sub_segments_expected"))
            if !SegmentationType.allowsSubSegments(segmentation.segmentationTypeID) {
                warn("sub_segment_num", "is present, but segmentation_type_id 0x\(PayloadText.hex([segmentation.segmentationTypeID]))"
                     + " is not one of 0x34, 0x36, 0x38, 0x3a that carry it", at: typeAt + 24)
            }
        }
        descriptor.segmentation = segmentation
        return descriptor
    }

    private mutating func segmentationComponents() throws(SCTE35Error) -> [SegmentationDescriptor.Component] {
        let countAt = position
        let count = Int(try byte("component_count"))
        if count == 0 { warn("component_count", "is 0 in Component Segmentation Mode, the standard requires at least 1", at: countAt) }
        var components: [SegmentationDescriptor.Component] = []
        for _ in 0..<count {
            let tag = try byte("component_tag")
            let reserved = try reserved(7, after: "component_tag")
            components.append(SegmentationDescriptor.Component(componentTag: tag, ptsOffset: PTS(ticks: try bits(33, "pts_offset")), reserved: reserved))
        }
        return components
    }

    private mutating func upid() throws(SCTE35Error) -> SegmentationUPID {
        let typeAt = position
        let type = try byte("segmentation_upid_type")
        let lengthAt = position
        let length = Int(try byte("segmentation_upid_length"))
        guard length * 8 <= remaining else {
            throw error(.lengthOverrun, "segmentation_upid_length",
                        "is \(length), but only \(remaining / 8) bytes remain in the descriptor", at: lengthAt)
        }
        let upid = SegmentationUPID(type: type, bytes: try bytes(length, "segmentation_upid"))
        if let expected = upid.expectedLength, expected != length {
            warn("segmentation_upid_length", "is \(length), Table 22 gives \(expected) for type 0x\(PayloadText.hex([type])) (\(upid.typeName))", at: lengthAt)
        }
        if type == 0x0D, upid.nested == nil {
            warn("segmentation_upid", "MID() nested lengths do not add up to segmentation_upid_length \(length)", at: typeAt + 16)
        }
        return upid
    }
}

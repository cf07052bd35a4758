import SCTE35

extension SpliceInfoJSON {
    static let descriptorKeys = [
        "splice_descriptor_tag", "descriptor_length", "identifier", "name", "private_byte", "provider_avail_id", "preroll",
        "dtmf_count", "DTMF_char", "TAI_seconds", "TAI_ns", "UTC_offset", "audio_count", "audios",
        "segmentation_event_id", "segmentation_event_cancel_indicator", "segmentation_event_id_compliance_indicator",
        "program_segmentation_flag", "segmentation_duration_flag", "delivery_not_restricted_flag", "web_delivery_allowed_flag",
        "no_regional_blackout_flag", "archive_allowed_flag", "device_restrictions", "component_count", "components",
        "segmentation_duration", "segmentation_upid_type", "segmentation_upid_type_name", "segmentation_upid_length",
        "segmentation_upid", "segmentation_upid_text", "segmentation_upids", "segmentation_type_id", "segmentation_message",
        "segment_num", "segments_expected", "sub_segment_num", "sub_segments_expected",
    ]

    static func descriptor(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SpliceDescriptor {
        let tag = UInt8(try fields.int("splice_descriptor_tag", bits: 8))
        let identifier = try fields.identifier("identifier")
        guard identifier == SpliceDescriptor.cueIdentifier, tag <= 0x04, !fields.has("private_byte") else {
            return .other(tag: tag, identifier: identifier, bytes: try fields.hex("private_byte"))
        }
        switch tag {
        case 0x00:
            return .avail(AvailDescriptor(providerAvailID: UInt32(try fields.int("provider_avail_id", bits: 32))))
        case 0x01:
            return .dtmf(DTMFDescriptor(preroll: UInt8(try fields.int("preroll", bits: 8)), dtmfChars: try fields.latin1("DTMF_char")))
        case 0x02:
            return .segmentation(try segmentation(fields))
        case 0x03:
            return .time(TimeDescriptor(
                taiSeconds: try fields.int("TAI_seconds", bits: 48), taiNanoseconds: UInt32(try fields.int("TAI_ns", bits: 32)),
                utcOffset: UInt16(try fields.int("UTC_offset", bits: 16))
            ))
        default:
            var audios: [AudioDescriptor.Audio] = []
            let keys = ["component_tag", "ISO_code", "Bit_Stream_Mode", "Num_Channels", "Full_Srvc_Audio"]
            for audio in try fields.objects("audios", allowed: keys) {
                let code = try audio.latin1("ISO_code")
                guard code.count == 3 else { throw audio.failure("expected 3 characters", "ISO_code") }
                audios.append(AudioDescriptor.Audio(
                    componentTag: UInt8(try audio.int("component_tag", bits: 8)),
                    isoCode: code.reduce(0) { $0 << 8 | UInt32($1) },
                    bitStreamMode: UInt8(try audio.int("Bit_Stream_Mode", bits: 3)),
                    numChannels: UInt8(try audio.int("Num_Channels", bits: 4)),
                    fullServiceAudio: try audio.bool("Full_Srvc_Audio")
                ))
            }
            return .audio(AudioDescriptor(audios: audios))
        }
    }

    private static func segmentation(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SegmentationDescriptor {
        var descriptor = SegmentationDescriptor(
            segmentationEventID: UInt32(try fields.int("segmentation_event_id", bits: 32)), segmentation: nil)
        descriptor.eventIDComplianceIndicator = try fields.bool("segmentation_event_id_compliance_indicator", default: true)
        guard !(try fields.bool("segmentation_event_cancel_indicator", default: false)) else { return descriptor }
        var segmentation = SegmentationDescriptor.Segmentation(segmentationTypeID: UInt8(try fields.int("segmentation_type_id", bits: 8)))
        if !(try fields.bool("delivery_not_restricted_flag", default: !fields.has("web_delivery_allowed_flag"))) {
            let device = UInt8(try fields.int("device_restrictions", bits: 2))
            segmentation.deliveryRestrictions = SegmentationDescriptor.DeliveryRestrictions(
                webDeliveryAllowed: try fields.bool("web_delivery_allowed_flag"),
                noRegionalBlackout: try fields.bool("no_regional_blackout_flag"),
                archiveAllowed: try fields.bool("archive_allowed_flag"),
                deviceRestrictions: SegmentationDescriptor.DeviceRestrictions(rawValue: device) ?? .none
            )
        }
        if !(try fields.bool("program_segmentation_flag", default: !fields.has("components"))) {
            var components: [SegmentationDescriptor.Component] = []
            for component in try fields.objects("components", allowed: ["component_tag", "pts_offset"]) {
                components.append(SegmentationDescriptor.Component(
                    componentTag: UInt8(try component.int("component_tag", bits: 8)),
                    ptsOffset: PTS(ticks: try component.int("pts_offset", bits: 33))
                ))
            }
            segmentation.components = components
        }
        if try fields.bool("segmentation_duration_flag", default: fields.has("segmentation_duration")) {
            segmentation.segmentationDuration = PTS(ticks: try fields.int("segmentation_duration", bits: 40))
        }
        let upidType = UInt8(try fields.int("segmentation_upid_type", bits: 8, default: 0))
        var upidBytes = try fields.hex("segmentation_upid")
        if !fields.has("segmentation_upid"), let text = try fields.string("segmentation_upid_text") { upidBytes = Array(text.utf8) }
        segmentation.upid = SegmentationUPID(type: upidType, bytes: upidBytes)
        segmentation.segmentNum = UInt8(try fields.int("segment_num", bits: 8, default: 0))
        segmentation.segmentsExpected = UInt8(try fields.int("segments_expected", bits: 8, default: 0))
        if fields.has("sub_segment_num") || fields.has("sub_segments_expected") {
            segmentation.subSegment = SegmentationDescriptor.SubSegment(
                subSegmentNum: UInt8(try fields.int("sub_segment_num", bits: 8)),
                subSegmentsExpected: UInt8(try fields.int("sub_segments_expected", bits: 8))
            )
        }
        descriptor.segmentation = segmentation
        return descriptor
    }
}

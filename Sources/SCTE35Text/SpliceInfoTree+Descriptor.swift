import SCTE35

extension SpliceInfoTree {
    static func descriptor(_ descriptor: SpliceDescriptor, _ tree: inout TreeText) {
        let identifier = SpliceInfoJSON.identifier(descriptor.identifier)
        tree.node("\(descriptor.name)() tag \(hex(descriptor.tag)), identifier \(identifier), descriptor_length \(descriptor.descriptorLength)", 1)
        switch descriptor {
        case .avail(let avail):
            tree.field("provider_avail_id", "\(avail.providerAvailID) (0x\(hex32(avail.providerAvailID)))", 2)
        case .dtmf(let dtmf):
            tree.field("preroll", "\(dtmf.preroll) (\(Double(dtmf.preroll) / 10) s)", 2)
            tree.field("dtmf_count", "\(dtmf.dtmfChars.count)", 2)
            tree.field("DTMF_char", "\"\(SpliceInfoJSON.latin1(dtmf.dtmfChars))\"", 2)
        case .segmentation(let segmentation):
            self.segmentation(segmentation, &tree)
        case .time(let time):
            tree.field("TAI_seconds", "\(time.taiSeconds)", 2)
            tree.field("TAI_ns", "\(time.taiNanoseconds)", 2)
            tree.field("UTC_offset", "\(time.utcOffset)", 2)
        case .audio(let audio):
            tree.field("audio_count", "\(audio.audios.count)", 2)
            for entry in audio.audios {
                let language = SpliceInfoJSON.latin1([16, 8, 0].map { UInt8(truncatingIfNeeded: entry.isoCode >> UInt32($0)) })
                tree.node("component_tag \(entry.componentTag): ISO_code \"\(language)\", Bit_Stream_Mode \(entry.bitStreamMode),"
                          + " Num_Channels \(entry.numChannels), Full_Srvc_Audio \(entry.fullServiceAudio)", 2)
            }
        case .other(_, _, let bytes):
            tree.field("private_byte", PayloadText.hex(bytes), 2)
        }
    }

    private static func segmentation(_ descriptor: SegmentationDescriptor, _ tree: inout TreeText) {
        tree.field("segmentation_event_id", "\(descriptor.segmentationEventID) (0x\(hex32(descriptor.segmentationEventID)))", 2)
        tree.field("segmentation_event_cancel_indicator", "\(descriptor.segmentation == nil)", 2)
        tree.field("segmentation_event_id_compliance_indicator", "\(descriptor.eventIDComplianceIndicator)", 2)
        guard let segmentation = descriptor.segmentation else { return }
        tree.field("program_segmentation_flag", "\(segmentation.components == nil)", 2)
        tree.field("delivery_not_restricted_flag", "\(segmentation.deliveryRestrictions == nil)", 2)
        if let restrictions = segmentation.deliveryRestrictions {
            tree.field("web_delivery_allowed_flag", "\(restrictions.webDeliveryAllowed)", 3)
            tree.field("no_regional_blackout_flag", "\(restrictions.noRegionalBlackout)", 3)
            tree.field("archive_allowed_flag", "\(restrictions.archiveAllowed)", 3)
            tree.field("device_restrictions", "\(restrictions.deviceRestrictions.rawValue) (\(restrictions.deviceRestrictions.name))", 3)
        }
        for component in segmentation.components ?? [] {
            tree.field("component \(component.componentTag) pts_offset", time(component.ptsOffset), 2)
        }
        if let duration = segmentation.segmentationDuration { tree.field("segmentation_duration", time(duration), 2) }
        upid(segmentation.upid, 2, &tree)
        tree.field("segmentation_type_id", "\(hex(segmentation.segmentationTypeID)) (\(segmentation.segmentationTypeName ?? "Reserved"))", 2)
        tree.field("segment_num", "\(segmentation.segmentNum)", 2)
        tree.field("segments_expected", "\(segmentation.segmentsExpected)", 2)
        if let sub = segmentation.subSegment {
            tree.field("sub_segment_num", "\(sub.subSegmentNum)", 2)
            tree.field("sub_segments_expected", "\(sub.subSegmentsExpected)", 2)
        }
    }

    private static func upid(_ upid: SegmentationUPID, _ depth: Int, _ tree: inout TreeText) {
        tree.field("segmentation_upid_type", "\(hex(upid.type)) (\(upid.typeName))", depth)
        tree.field("segmentation_upid_length", "\(upid.bytes.count)", depth)
        let text = upid.text.map { " \"\($0)\"" } ?? ""
        tree.field("segmentation_upid", "0x" + PayloadText.hex(upid.bytes) + text, depth)
        for nested in upid.nested ?? [] {
            tree.node("MID() entry", depth)
            self.upid(nested, depth + 1, &tree)
        }
    }
}

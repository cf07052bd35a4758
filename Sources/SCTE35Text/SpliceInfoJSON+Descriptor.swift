import SCTE35
import StrictJSON

extension SpliceInfoJSON {
    static func descriptor(_ descriptor: SpliceDescriptor, _ output: inout JSONOutput) {
        output.openObject()
        output.member("splice_descriptor_tag", descriptor.tag)
        output.member("descriptor_length", descriptor.descriptorLength)
        output.member("identifier", identifier(descriptor.identifier))
        output.member("name", descriptor.name)
        switch descriptor {
        case .avail(let avail):
            output.member("provider_avail_id", avail.providerAvailID)
        case .dtmf(let dtmf):
            output.member("preroll", dtmf.preroll)
            output.member("dtmf_count", dtmf.dtmfChars.count)
            output.member("DTMF_char", latin1(dtmf.dtmfChars))
        case .segmentation(let segmentation):
            self.segmentation(segmentation, &output)
        case .time(let time):
            output.member("TAI_seconds", time.taiSeconds)
            output.member("TAI_ns", time.taiNanoseconds)
            output.member("UTC_offset", time.utcOffset)
        case .audio(let audio):
            output.member("audio_count", audio.audios.count)
            output.key("audios")
            output.openArray()
            for entry in audio.audios {
                output.openObject()
                output.member("component_tag", entry.componentTag)
                output.member("ISO_code", latin1([16, 8, 0].map { UInt8(truncatingIfNeeded: entry.isoCode >> UInt32($0)) }))
                output.member("Bit_Stream_Mode", entry.bitStreamMode)
                output.member("Num_Channels", entry.numChannels)
                output.member("Full_Srvc_Audio", entry.fullServiceAudio)
                output.closeObject()
            }
            output.closeArray()
        case .other(_, _, let bytes):
            output.key("private_byte")
            output.hex(bytes)
        }
        output.closeObject()
    }

    private static func segmentation(_ descriptor: SegmentationDescriptor, _ output: inout JSONOutput) {
        output.member("segmentation_event_id", descriptor.segmentationEventID)
        output.member("segmentation_event_cancel_indicator", descriptor.segmentation == nil)
        output.member("segmentation_event_id_compliance_indicator", descriptor.eventIDComplianceIndicator)
        guard let segmentation = descriptor.segmentation else { return }
        output.member("program_segmentation_flag", segmentation.components == nil)
        output.member("segmentation_duration_flag", segmentation.segmentationDuration != nil)
        output.member("delivery_not_restricted_flag", segmentation.deliveryRestrictions == nil)
        if let restrictions = segmentation.deliveryRestrictions {
            output.member("web_delivery_allowed_flag", restrictions.webDeliveryAllowed)
            output.member("no_regional_blackout_flag", restrictions.noRegionalBlackout)
            output.member("archive_allowed_flag", restrictions.archiveAllowed)
            output.member("device_restrictions", restrictions.deviceRestrictions.rawValue)
        }
        if let components = segmentation.components {
            output.member("component_count", components.count)
            output.key("components")
            output.openArray()
            for component in components {
                output.openObject()
                output.member("component_tag", component.componentTag)
                output.member("pts_offset", component.ptsOffset.ticks)
                output.closeObject()
            }
            output.closeArray()
        }
        if let duration = segmentation.segmentationDuration {
            output.member("segmentation_duration", duration.ticks)
        }
        upid(segmentation.upid, &output)
        if let nested = segmentation.upid.nested {
            output.key("segmentation_upids")
            output.openArray()
            for upid in nested {
                output.openObject()
                self.upid(upid, &output)
                output.closeObject()
            }
            output.closeArray()
        }
        output.member("segmentation_type_id", segmentation.segmentationTypeID)
        output.member("segmentation_message", segmentation.segmentationTypeName ?? "Reserved")
        output.member("segment_num", segmentation.segmentNum)
        output.member("segments_expected", segmentation.segmentsExpected)
        if let sub = segmentation.subSegment {
            output.member("sub_segment_num", sub.subSegmentNum)
            output.member("sub_segments_expected", sub.subSegmentsExpected)
        }
    }

    private static func upid(_ upid: SegmentationUPID, _ output: inout JSONOutput) {
        output.member("segmentation_upid_type", upid.type)
        output.member("segmentation_upid_type_name", upid.typeName)
        output.member("segmentation_upid_length", upid.bytes.count)
        output.key("segmentation_upid")
        output.hex(upid.bytes)
        if let text = upid.text { output.member("segmentation_upid_text", text) }
    }
}

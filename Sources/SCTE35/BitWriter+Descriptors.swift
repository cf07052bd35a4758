/// Writing splice descriptors (SCTE 35 §10).
extension BitWriter {
    mutating func descriptor(_ descriptor: SpliceDescriptor) throws(SCTE35Error) {
        context = "\(descriptor.knownName)()"
        byte(descriptor.tag)
        let lengthAt = position
        byte(0)
        try write(UInt64(descriptor.identifier), bits: 32, "identifier")
        switch descriptor {
        case .avail(let avail):
            try write(UInt64(avail.providerAvailID), bits: 32, "provider_avail_id")
        case .dtmf(let dtmf):
            byte(dtmf.preroll)
            try write(UInt64(dtmf.dtmfChars.count), bits: 3, "dtmf_count")
            try write(UInt64(dtmf.reserved), bits: 5, "reserved")
            append(dtmf.dtmfChars)
        case .segmentation(let segmentation):
            try self.segmentation(segmentation)
        case .time(let time):
            try write(time.taiSeconds, bits: 48, "TAI_seconds")
            try write(UInt64(time.taiNanoseconds), bits: 32, "TAI_ns")
            try write(UInt64(time.utcOffset), bits: 16, "UTC_offset")
        case .audio(let audio):
            try write(UInt64(audio.audios.count), bits: 4, "audio_count")
            try write(UInt64(audio.reserved), bits: 4, "reserved")
            for entry in audio.audios {
                byte(entry.componentTag)
                try write(UInt64(entry.isoCode), bits: 24, "ISO_code")
                try write(UInt64(entry.bitStreamMode), bits: 3, "Bit_Stream_Mode")
                try write(UInt64(entry.numChannels), bits: 4, "Num_Channels")
                flag(entry.fullServiceAudio)
            }
        case .other(_, _, let bytes):
            append(bytes)
        }
        let length = (position - lengthAt - 8) / 8
        guard length <= 255 else {
            throw SCTE35Error(.valueOutOfRange, at: .value, field: "\(context).descriptor_length",
                              "the descriptor takes \(length) bytes after descriptor_length; at most 255 fit")
        }
        try patch(UInt64(length), bits: 8, at: lengthAt, "descriptor_length")
    }

    private mutating func segmentation(_ descriptor: SegmentationDescriptor) throws(SCTE35Error) {
        try write(UInt64(descriptor.segmentationEventID), bits: 32, "segmentation_event_id")
        flag(descriptor.segmentation == nil)
        flag(descriptor.eventIDComplianceIndicator)
        try write(UInt64(descriptor.reserved), bits: 6, "reserved")
        guard let segmentation = descriptor.segmentation else { return }
        flag(segmentation.components == nil)
        flag(segmentation.segmentationDuration != nil)
        flag(segmentation.deliveryRestrictions == nil)
        if let restrictions = segmentation.deliveryRestrictions {
            flag(restrictions.webDeliveryAllowed)
            flag(restrictions.noRegionalBlackout)
            flag(restrictions.archiveAllowed)
            try write(UInt64(restrictions.deviceRestrictions.rawValue), bits: 2, "device_restrictions")
        } else {
            try write(UInt64(segmentation.unrestrictedReserved), bits: 5, "reserved")
        }
        if let components = segmentation.components {
            try write(UInt64(components.count), bits: 8, "component_count")
            for component in components {
                byte(component.componentTag)
                try write(UInt64(component.reserved), bits: 7, "reserved")
                try write(component.ptsOffset.ticks, bits: 33, "pts_offset")
            }
        }
        if let duration = segmentation.segmentationDuration {
            try write(duration.ticks, bits: 40, "segmentation_duration")
        }
        byte(segmentation.upid.type)
        try write(UInt64(segmentation.upid.bytes.count), bits: 8, "segmentation_upid_length")
        append(segmentation.upid.bytes)
        byte(segmentation.segmentationTypeID)
        byte(segmentation.segmentNum)
        byte(segmentation.segmentsExpected)
        if let sub = segmentation.subSegment {
            byte(sub.subSegmentNum)
            byte(sub.subSegmentsExpected)
        }
    }
}

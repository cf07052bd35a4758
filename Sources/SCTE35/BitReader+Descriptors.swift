/// Reading splice descriptors (SCTE 35 §10).
extension BitReader {
    /// Reads `descriptor_loop_length` and the descriptors in it.
    mutating func descriptorLoop() throws(SCTE35Error) -> [SpliceDescriptor] {
        let lengthAt = position
        let loopLength = Int(try bits(16, "descriptor_loop_length"))
        guard loopLength * 8 <= remaining else {
            throw error(.lengthOverrun, "descriptor_loop_length",
                        "is \(loopLength), but only \(remaining / 8) bytes remain before CRC_32", at: lengthAt)
        }
        let sectionLimit = limit
        let loopEnd = position + loopLength * 8
        var descriptors: [SpliceDescriptor] = []
        while position < loopEnd {
            limit = loopEnd
            context = "splice_descriptor()"
            descriptors.append(try descriptor())
        }
        limit = sectionLimit
        context = "splice_info_section()"
        return descriptors
    }

    private mutating func descriptor() throws(SCTE35Error) -> SpliceDescriptor {
        let start = position
        let tag = try byte("splice_descriptor_tag")
        let lengthAt = position
        let length = Int(try byte("descriptor_length"))
        guard length * 8 <= remaining else {
            throw error(.lengthOverrun, "descriptor_length",
                        "is \(length), but only \(remaining / 8) bytes remain in the descriptor loop", at: lengthAt)
        }
        guard length >= 4 else {
            throw error(.invalidValue, "descriptor_length", "is \(length), too short for the 4-byte identifier", at: lengthAt)
        }
        limit = position + length * 8
        let identifier = UInt32(try bits(32, "identifier"))
        let bodyStart = position
        guard identifier == SpliceDescriptor.cueIdentifier, tag <= 0x04 else {
            return .other(tag: tag, identifier: identifier, bytes: try bytes(remaining / 8, "private_byte"))
        }
        let warningCount = warnings.count
        do throws(SCTE35Error) {
            let descriptor = try cueDescriptor(tag: tag)
            if remaining == 0 { return descriptor }
            throw error(.invalidValue, "descriptor_length", "leaves \(remaining / 8) bytes after the last field", at: lengthAt)
        } catch {
            // A CUEI descriptor that does not fit its syntax is kept whole as bytes.
            warnings.removeSubrange(warningCount...)
            let name = SpliceDescriptor.other(tag: tag, identifier: identifier, bytes: []).knownName
            warnings.append(SCTE35Warning(
                bitOffset: start, field: "\(name)()",
                message: "does not fit its syntax (\(error.description)); kept as \(limit / 8 - bodyStart / 8) bytes"
            ))
            seek(to: bodyStart)
            return .other(tag: tag, identifier: identifier, bytes: try bytes(remaining / 8, "private_byte"))
        }
    }

    private mutating func cueDescriptor(tag: UInt8) throws(SCTE35Error) -> SpliceDescriptor {
        switch tag {
        case 0x00:
            context = "avail_descriptor()"
            return .avail(AvailDescriptor(providerAvailID: UInt32(try bits(32, "provider_avail_id"))))
        case 0x01:
            context = "DTMF_descriptor()"
            let preroll = try byte("preroll")
            let count = Int(try bits(3, "dtmf_count"))
            let reserved = try reserved(5, after: "dtmf_count")
            return .dtmf(DTMFDescriptor(preroll: preroll, dtmfChars: try bytes(count, "DTMF_char"), reserved: reserved))
        case 0x02:
            context = "segmentation_descriptor()"
            return .segmentation(try segmentationDescriptor())
        case 0x03:
            context = "time_descriptor()"
            let seconds = try bits(48, "TAI_seconds")
            let nanoseconds = UInt32(try bits(32, "TAI_ns"))
            return .time(TimeDescriptor(taiSeconds: seconds, taiNanoseconds: nanoseconds, utcOffset: UInt16(try bits(16, "UTC_offset"))))
        default:
            context = "audio_descriptor()"
            return .audio(try audioDescriptor())
        }
    }

    private mutating func audioDescriptor() throws(SCTE35Error) -> AudioDescriptor {
        let count = Int(try bits(4, "audio_count"))
        let reserved = try reserved(4, after: "audio_count")
        var audios: [AudioDescriptor.Audio] = []
        for _ in 0..<count {
            let tag = try byte("component_tag")
            let isoCode = UInt32(try bits(24, "ISO_code"))
            let mode = UInt8(try bits(3, "Bit_Stream_Mode"))
            let channels = UInt8(try bits(4, "Num_Channels"))
            audios.append(AudioDescriptor.Audio(
                componentTag: tag, isoCode: isoCode, bitStreamMode: mode, numChannels: channels,
                fullServiceAudio: try flag("Full_Srvc_Audio")
            ))
        }
        return AudioDescriptor(audios: audios, reserved: reserved)
    }
}

extension SpliceDescriptor {
    /// The Table 16 name for a CUEI tag, whatever the case holds.
    var knownName: String {
        switch tag {
        case 0x00: "avail_descriptor"
        case 0x01: "DTMF_descriptor"
        case 0x02: "segmentation_descriptor"
        case 0x03: "time_descriptor"
        case 0x04: "audio_descriptor"
        default: name
        }
    }
}

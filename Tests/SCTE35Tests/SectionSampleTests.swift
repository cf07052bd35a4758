import Foundation
import SCTE35
import SCTE35Text
import Testing

/// The standard's own samples against an independent decoder's reading.
@Suite struct SectionSampleTests {
    @Test func fixturesArePresent() {
        #expect(SectionSamples.all.count == 8)
        #expect(SectionSamples.threefive.count == 8)
    }

    @Test(arguments: 0..<8)
    func sampleAgreesWithThreefive(index: Int) throws {
        let sample = SectionSamples.all[index]
        let decoded = try SpliceInfoDecoder().decode(text: sample.base64)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(SpliceInfoJSON.string(decoded).utf8)) as? [String: Any])
        let theirs = SectionSamples.threefive[index]
        try compareInfoSection(try #require(ours["info_section"] as? [String: Any]), try #require(theirs["info_section"] as? [String: Any]))
        try compareCommand(try #require(ours["command"] as? [String: Any]), try #require(theirs["command"] as? [String: Any]))
        let ourDescriptors = try #require(ours["descriptors"] as? [[String: Any]])
        let theirDescriptors = try #require(theirs["descriptors"] as? [[String: Any]])
        #expect(ourDescriptors.count == theirDescriptors.count)
        for (our, their) in zip(ourDescriptors, theirDescriptors) { try compareDescriptor(our, their) }
    }

    @Test(arguments: 0..<8)
    func sampleEncodesBackToTheSameBytes(index: Int) throws {
        let bytes = SectionSamples.bytes(SectionSamples.all[index])
        let decoded = try SpliceInfoDecoder().decode(bytes)
        #expect(try SpliceInfoEncoder.encode(decoded.section) == bytes)
    }

    // MARK: - Field comparison, minding threefive's conventions

    private func compareInfoSection(_ ours: [String: Any], _ theirs: [String: Any]) throws {
        #expect(int(ours["table_id"]) == hexInt(theirs["table_id"]))
        #expect(ours["section_syntax_indicator"] as? Bool == theirs["section_syntax_indicator"] as? Bool)
        #expect(ours["private_indicator"] as? Bool == theirs["private"] as? Bool)
        #expect(int(ours["sap_type"]) == hexInt(theirs["sap_type"]))
        for key in ["section_length", "protocol_version", "encryption_algorithm", "splice_command_length",
                    "splice_command_type", "descriptor_loop_length"] {
            #expect(int(ours[key]) == int(theirs[key]), "\(key)")
        }
        #expect(ours["encrypted_packet"] as? Bool == theirs["encrypted_packet"] as? Bool)
        #expect(int(ours["pts_adjustment"]) == ticks(theirs["pts_adjustment"]))
        #expect(int(ours["cw_index"]) == hexInt(theirs["cw_index"]))
        #expect(int(ours["tier"]) == hexInt(theirs["tier"]))
        #expect(int(ours["CRC_32"]) == hexInt(theirs["crc"]))
    }

    private func compareCommand(_ ours: [String: Any], _ theirs: [String: Any]) throws {
        #expect(int(ours["splice_command_type"]) == int(theirs["command_type"]))
        #expect(ours["time_specified_flag"] as? Bool == theirs["time_specified_flag"] as? Bool)
        #expect(int(ours["pts_time"]) == ticks(theirs["pts_time"]))
        guard int(ours["splice_command_type"]) == 5 else { return }
        for key in ["splice_event_id", "unique_program_id", "avail_num", "avails_expected"] {
            #expect(int(ours[key]) == int(theirs[key]), "\(key)")
        }
        for key in ["splice_event_cancel_indicator", "out_of_network_indicator", "program_splice_flag", "duration_flag",
                    "splice_immediate_flag", "event_id_compliance_flag"] {
            #expect(ours[key] as? Bool == theirs[key] as? Bool, "\(key)")
        }
        #expect(ours["auto_return"] as? Bool == theirs["break_auto_return"] as? Bool)
        #expect(int(ours["break_duration"]) == ticks(theirs["break_duration"]))
    }

    private func compareDescriptor(_ ours: [String: Any], _ theirs: [String: Any]) throws {
        #expect(int(ours["splice_descriptor_tag"]) == int(theirs["tag"]))
        #expect(int(ours["descriptor_length"]) == int(theirs["descriptor_length"]))
        #expect(ours["identifier"] as? String == theirs["identifier"] as? String)
        if int(ours["splice_descriptor_tag"]) == 0 {
            #expect(int(ours["provider_avail_id"]) == int(theirs["provider_avail_id"]))
            return
        }
        #expect(int(ours["segmentation_event_id"]) == hexInt(theirs["segmentation_event_id"]))
        for key in ["segmentation_event_cancel_indicator", "segmentation_event_id_compliance_indicator", "program_segmentation_flag",
                    "segmentation_duration_flag", "delivery_not_restricted_flag", "web_delivery_allowed_flag",
                    "no_regional_blackout_flag", "archive_allowed_flag"] {
            #expect(ours[key] as? Bool == theirs[key] as? Bool, "\(key)")
        }
        let deviceNames = ["Restrict Group 0", "Restrict Group 1", "Restrict Group 2", "No Restrictions"]
        #expect(int(ours["device_restrictions"]).map { deviceNames[$0] } == theirs["device_restrictions"] as? String)
        #expect(int(ours["segmentation_duration"]) == ticks(theirs["segmentation_duration"]))
        for key in ["segmentation_upid_type", "segmentation_upid_length", "segmentation_type_id", "segment_num", "segments_expected",
                    "sub_segment_num", "sub_segments_expected"] {
            #expect(int(ours[key]) == int(theirs[key]), "\(key)")
        }
        #expect(ours["segmentation_message"] as? String == theirs["segmentation_message"] as? String)
        // threefive drops the UPID's leading zero bytes; we keep every byte.
        let upid = try #require(ours["segmentation_upid"] as? String)
        #expect(upid.count == 2 * (int(ours["segmentation_upid_length"]) ?? 0))
        #expect(UInt64(upid, radix: 16) == hexInt(theirs["segmentation_upid"]).map(UInt64.init))
    }

    private func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

    private func hexInt(_ value: Any?) -> Int? {
        guard let text = value as? String, text.hasPrefix("0x") else { return nil }
        return Int(text.dropFirst(2), radix: 16)
    }

    /// threefive's seconds (six decimals) back to 90 kHz ticks.
    private func ticks(_ value: Any?) -> Int? {
        guard let seconds = (value as? NSNumber)?.doubleValue else { return nil }
        return Int((seconds * 90_000).rounded())
    }
}

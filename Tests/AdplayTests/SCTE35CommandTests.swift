import Foundation
import Testing

/// `adplay scte35` end to end.
@Suite struct SCTE35CommandTests {
    let insert = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="
    let timeSignal = "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg=="

    @Test func decode_printsATreeWithNamesAndSeconds() async throws {
        let output = try await AdplayRunner.runInBackground(["scte35", "decode", insert])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  splice_insert()\n"))
        #expect(output.stdout.contains("    pts_time: 1936310318 ticks = 21514.559089 s\n"))
        #expect(output.stdout.contains("      duration: 5426421 ticks = 60.293567 s\n"))
        #expect(output.stdout.contains("  avail_descriptor() tag 0x00, identifier CUEI, descriptor_length 8\n"))
        #expect(output.stdout.hasSuffix("warnings: none\n"))
    }

    @Test func decodeJSON_followsTheContract() async throws {
        let output = try await AdplayRunner.runInBackground(["scte35", "decode", timeSignal, "--json"])
        #expect(output.status == 0)
        let object = try #require(output.events.first)
        #expect(Set(object.keys) == ["info_section", "command", "descriptors", "warnings"])
        let command = try #require(object["command"] as? [String: Any])
        #expect(command["name"] as? String == "time_signal")
        #expect((command["pts_time"] as? NSNumber)?.intValue == 1_924_989_008)
        let descriptor = try #require((object["descriptors"] as? [[String: Any]])?.first)
        #expect(descriptor["identifier"] as? String == "CUEI")
        #expect(descriptor["segmentation_upid"] as? String == "000000002ca0a18a")
        #expect((descriptor["segmentation_duration"] as? NSNumber)?.intValue == 27_630_000)
        #expect(descriptor["no_regional_blackout_flag"] as? Bool == true)
    }

    @Test func decodeStdin_oneObjectPerLineAndErrorsInPlace() async throws {
        let output = try await AdplayRunner.runInBackground(["scte35", "decode", "-", "--json"], input: "\(insert)\nnot base64!\n\n0x\(hex(insert))\n")
        #expect(output.status != 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let objects = output.events
        #expect(objects[0]["command"] != nil)
        #expect(objects[1]["error"] as? String != nil)
        #expect((objects[1]["line"] as? NSNumber)?.intValue == 2)
        #expect(lines[2] == lines[0])
    }

    @Test func decode_badPayloadIsAClearError() async throws {
        let output = try await AdplayRunner.runInBackground(["scte35", "decode", "/DAv"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("section_length"))
    }

    @Test func encode_readsTheJSONBack() async throws {
        for payload in [insert, timeSignal] {
            let json = try await AdplayRunner.runInBackground(["scte35", "decode", payload, "--json"]).stdout
            let output = try await AdplayRunner.runInBackground(["scte35", "encode"], input: json)
            #expect(output.status == 0)
            #expect(output.stdout == payload + "\n")
        }
    }

    @Test func encode_unknownKeyNamesItsPath() async throws {
        let json = #"{"info_section": {}, "command": {"splice_command_type": 6, "pts_tme": 1}}"#
        let output = try await AdplayRunner.runInBackground(["scte35", "encode"], input: json)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.command.pts_tme"))
    }

    private func hex(_ base64: String) -> String {
        (Data(base64Encoded: base64) ?? Data()).map { String(format: "%02X", $0) }.joined()
    }
}

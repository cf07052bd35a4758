import SCTE35
import Testing

/// The README's SCTE-35 example, compiled and checked.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        let cue = try SpliceInfoDecoder().decode(text: "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
        guard case .spliceInsert(let insert) = cue.section.command else { Issue.record("not a splice_insert"); return }
        #expect(insert.spliceEventID == 1_207_959_695)
        #expect(cue.section.adjustedPTSTime?.secondsText == "21514.559089")
        let bytes = try SpliceInfoEncoder.encode(cue.section)
        #expect(bytes.count == 50)
        #expect(PayloadText.base64(bytes) == "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
    }
}

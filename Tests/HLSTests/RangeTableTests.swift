@testable import HLS
import MediaTime
import Testing

/// The one table of ad range IDs: what the parser learns of an ID, which
/// opportunity the builder made of it, and the bounds that keep it small
/// over a day-long stream.
@Suite struct RangeTableTests {
    private static let noon = ProgramDateTime(ticksSinceEpoch: 1_767_268_800 * 90_000)

    @Test func aRepeatedID_isKnown_andKeepsItsFirstStartDate() {
        var table = RangeTable()
        let id = RangeID("ad-1")
        #expect(table.noteAdRange(id, startDate: nil) == (false, nil))
        #expect(table.noteAdRange(id, startDate: Self.noon) == (true, Self.noon), "a first tag without START-DATE takes the later one's")
        let later = ProgramDateTime(ticksSinceEpoch: Self.noon.ticksSinceEpoch + 90_000)
        #expect(table.noteAdRange(id, startDate: later) == (true, Self.noon))
        #expect(table.isAdRange(id))
        #expect(table.startDate(of: id) == Self.noon)
        #expect(!table.isAdRange(RangeID("ad-2")))
    }

    @Test func anIDTheBuilderMarked_butTheParserNeverSaw_isNoAdRangeToIt() {
        var table = RangeTable()
        let id = RangeID("fed")
        table.mark(table.lookUp(id), as: 0)
        #expect(table.lookUp(id).slot == 0)
        #expect(!table.isAdRange(id))
        #expect(table.noteAdRange(id, startDate: Self.noon) == (false, Self.noon))
        #expect(table.lookUp(id).slot == 0, "noting it keeps the builder's slot")
    }

    @Test func anID_keepsTheLatestOpportunityItMarked() {
        var table = RangeTable()
        let id = RangeID("ad")
        _ = table.noteAdRange(id, startDate: nil)
        table.mark(table.lookUp(id), as: 3)
        table.mark(table.lookUp(id), as: 1)
        #expect(table.lookUp(id).slot == 3)
        table.mark(table.lookUp(id), as: 5)
        #expect(table.lookUp(id).slot == 5)
    }

    @Test func forgettingOpportunities_forgetsTheirIDs_andMovesTheOthersDown() {
        var table = RangeTable()
        for index in 0..<4 { table.mark(table.lookUp(RangeID("ad-\(index)")), as: index) }
        table.forgetOpportunities(below: 2)
        #expect((0..<4).map { table.lookUp(RangeID("ad-\($0)")).slot } == [RangeTable.forgotten, RangeTable.forgotten, 0, 1])
        table.renumber { $0 == 0 ? RangeTable.forgotten : $0 - 1 }
        #expect((0..<4).map { table.lookUp(RangeID("ad-\($0)")).slot } == [RangeTable.forgotten, RangeTable.forgotten, RangeTable.forgotten, 0])
    }

    @Test func theParser_forgetsIDsSeenLongAgo_butKnowsTheLatestKept() {
        var table = RangeTable()
        let count = 3 * RangeTable.kept
        for index in 0..<count { _ = table.noteAdRange(RangeID("ad-\(index)"), startDate: Self.noon) }
        #expect(!table.isAdRange(RangeID("ad-0")))
        #expect(table.startDate(of: RangeID("ad-0")) == nil)
        for index in count - RangeTable.kept..<count { #expect(table.isAdRange(RangeID("ad-\(index)")), "ad-\(index)") }
        #expect(table.count <= 2 * RangeTable.kept, "the table holds \(table.count) IDs")
    }

    @Test func forgottenIDs_areKeptForTheLatestKept_thenDropped() {
        var table = RangeTable()
        let count = 3 * RangeTable.kept
        for index in 0..<count {
            table.mark(table.lookUp(RangeID("ad-\(index)")), as: 0)
            table.forgetOpportunities(below: 1)
        }
        #expect(table.lookUp(RangeID("ad-0")).slot == nil)
        for index in count - RangeTable.kept..<count { #expect(table.lookUp(RangeID("ad-\(index)")).slot == RangeTable.forgotten, "ad-\(index)") }
        #expect(table.count <= 2 * RangeTable.kept, "the table holds \(table.count) IDs")
    }

    @Test func anOpportunitysID_isNeverDropped_howeverManyComeAfter() {
        var table = RangeTable()
        _ = table.noteAdRange(RangeID("open"), startDate: Self.noon)
        table.mark(table.lookUp(RangeID("open")), as: 0)
        for index in 0..<3 * RangeTable.kept { _ = table.noteAdRange(RangeID("ad-\(index)"), startDate: nil) }
        #expect(table.lookUp(RangeID("open")).slot == 0)
    }

    @Test func anIDsHash_isItsBytes_andEveryByteCounts() {
        // Made apart, so the two strings share no storage.
        let written = "interstitial-" + String(1_750)
        #expect(RangeID(written).hash == RangeID("interstitial-1750").hash)
        #expect(RangeID(written) == RangeID("interstitial-1750"))
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var hashes = Set<Int>()
        for length in 0...40 {
            let bytes = (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }
            let id = String(decoding: bytes, as: UTF8.self)
            #expect(hashes.insert(RangeID(id).hash).inserted, "length \(length) hashes apart from the shorter ones")
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(RangeID(String(decoding: changed, as: UTF8.self)).hash != RangeID(id).hash,
                        "byte \(position) of \(length) changes the hash")
            }
        }
    }

    @Test func tablesFindIDs_byTheirHash_amongstMany() {
        var table = RangeTable()
        for index in 0..<500 { _ = table.noteAdRange(RangeID("ad-\(index)"), startDate: nil) }
        for index in 0..<500 { #expect(table.isAdRange(RangeID("ad-" + String(index)))) }
        #expect(!table.isAdRange(RangeID("ad-500")))
    }
}

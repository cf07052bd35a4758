import AdSignals
import AdTimeline
import FuzzDriver
import MediaTime
import SSAITracking

/// Any bytes as an SSAI tracking answer and a session-start answer: each
/// read throws its typed error at a JSON path, or yields avails that merge
/// (the same answer twice changes nothing the second time) and become
/// breaks whose ads all have time, and a VOD timeline or a timeline error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(TrackingDataError) {
        _ = try SessionAnswer.parse(bytes)
    } catch {
        guard error.path.hasPrefix("$") else { fatalError("an error with no path: \(error)") }
    }
    let page: TrackingResponse
    do throws(TrackingDataError) {
        page = try TrackingParser.parse(bytes)
    } catch {
        guard error.path.hasPrefix("$") else { fatalError("an error with no path: \(error)") }
        return 0
    }
    var ledger = TrackingLedger()
    _ = ledger.merge([page], windowStart: .zero)
    let again = ledger.merge([page], windowStart: .zero)
    guard again.isEmpty else { fatalError("the same answer changed the ledger again: \(again)") }
    for avail in ledger.orderedAvails {
        let opportunity = AdOpportunity(avail: avail, position: .stream(avail.start))
        if let adBreak = opportunity.trackedBreak(occupancy: .replacesContent) {
            guard adBreak.ads.allSatisfy({ $0.duration > .zero }) else { fatalError("an ad with no time in \(adBreak.id)") }
        }
    }
    let end = ledger.orderedAvails.last.map { MediaDuration(ticks: $0.end.ticks) + MediaDuration(seconds: 60) } ?? MediaDuration(seconds: 60)
    _ = try? TrackedAvails.vodTimeline(ledger.orderedAvails, streamDuration: end)
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("SSAIFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

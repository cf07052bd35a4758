import AdOutbox
import AdPlaybackTestSupport
import VirtualTime
import AdTracking
import AdTransport
import Foundation
import MediaTime

/// A fresh directory under the system's temporary one, removed by `cleanUp`.
struct TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "outbox-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var outbox: String { path + "/outbox" }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// A transport whose answer to each request a closure decides (by the
/// request's URL and how often that URL was asked before), after a delay on
/// the virtual clock; it counts requests and the most in flight at once.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let clock: VirtualClock
    private let delay: Duration
    private let answer: @Sendable (String, Int) -> InMemoryTransport.Answer
    private var counts: [String: Int] = [:]
    private var inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var log: [String] = []
    private let memory = InMemoryTransport()

    init(clock: VirtualClock, delay: Duration = .milliseconds(50),
         answer: @escaping @Sendable (String, Int) -> InMemoryTransport.Answer = { _, _ in .response(status: 204, body: []) }) {
        self.clock = clock
        self.delay = delay
        self.answer = answer
    }

    var requested: [String] { lock.withLock { log } }
    var mostInFlight: Int { lock.withLock { maxInFlight } }

    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let url = request.url.absoluteString
        let attempt = lock.withLock { () -> Int in
            counts[url, default: 0] += 1
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            log.append(url)
            return counts[url]!
        }
        defer { lock.withLock { inFlight -= 1 } }
        return try await memory.respond(.delayed(delay, on: clock, answer(url, attempt)), to: request, limits: limits)
    }
}

/// An outbox on a journal in `directory`, on a virtual clock whose epoch is
/// 2026-11-23T10:00:00Z.
struct OutboxRig {
    static let epoch: Int64 = 1_795_428_000_000
    let clock: VirtualClock
    let transport: ScriptedTransport
    let outbox: BeaconOutbox

    init(directory: String, clock: VirtualClock = VirtualClock(), transport: ScriptedTransport? = nil,
         configuration: OutboxConfiguration = OutboxConfiguration()) throws {
        self.clock = clock
        self.transport = transport ?? ScriptedTransport(clock: clock)
        let now: @Sendable () -> Int64 = { Self.epoch + clock.reading.ticks / 9_000 }
        outbox = BeaconOutbox(
            journal: try BeaconJournal(directory: directory), client: HTTPClient(transport: self.transport, clock: clock),
            configuration: configuration, now: now, random: SplitMixGenerator(seed: 11))
    }

    /// Flushes, letting virtual time pass while everything waits on it.
    func flush(timeout: Duration = .seconds(7_200), step: MediaDuration = MediaDuration(microseconds: 50_000)) async -> FlushSummary {
        let outbox = self.outbox
        return await clock.run(advancingBy: step) { await outbox.flush(timeout: timeout) }
    }
}

func beacon(_ n: Int, session: String = "v/1", url: String? = nil) -> Beacon {
    Beacon(id: BeaconID(session: session, breakID: "b", adID: "a\(n)", tracking: "impression", occurrence: 1, slot: 0),
           template: url ?? "https://t.example/i/\(n)?cb=[CACHEBUSTING]&t=[TIMESTAMP]&x=[AD_MT]",
           macros: ["LIMITADTRACKING": "0"], clock: .zero, adPlayhead: .zero)
}

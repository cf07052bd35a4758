import AdOutbox
import AdPlaybackTestSupport
import VirtualTime
import AdTracking
import AdTransport
import Foundation
import MediaTime
import Testing

/// The outbox's guarantees, on a virtual clock and a scripted transport:
/// written ahead, at most 4 in flight, 2xx–4xx counts as sent, failures
/// retried with backoff until too old, pending beacons sent after a
/// restart, identities sent once, and a journal that stays bounded.
@Suite struct BeaconOutboxTests {
    @Test func everyBeaconIsJournaledThenSent_atMostFourInFlight() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let rig = try OutboxRig(directory: directory.outbox)
        for n in 1...20 { try rig.outbox.enqueue(beacon(n)) }
        // Written ahead: the journal holds all 20 before anything is sent.
        let (before, _) = try BeaconJournal.entries(in: directory.outbox)
        #expect(before.count == 20 && before.allSatisfy(\.isPending))
        #expect(rig.transport.requested.isEmpty)
        let summary = await rig.flush()
        #expect(summary == FlushSummary(sent: 20, dropped: 0, pending: 0, lastErrors: []))
        #expect(rig.transport.mostInFlight == 4)
        #expect(Set(rig.transport.requested).count == 20)
        let (after, _) = try BeaconJournal.entries(in: directory.outbox)
        #expect(after.allSatisfy { if case .sent(204, _) = $0.state { true } else { false } })
    }

    @Test func macrosAreFilledOnce_andTheSameURLIsRetried() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let clock = VirtualClock()
        let transport = ScriptedTransport(clock: clock) { _, attempt in
            attempt < 3 ? .response(status: 503, body: []) : .response(status: 200, body: [])
        }
        let rig = try OutboxRig(directory: directory.outbox, clock: clock, transport: transport)
        guard case .journaled(let entry) = try rig.outbox.enqueue(beacon(1)) else { Issue.record("not taken"); return }
        #expect(entry.url.hasPrefix("https://t.example/i/1?cb="))
        // Unknown macros stay as written, percent-encoded as a URL must carry them.
        #expect(entry.url.hasSuffix("&t=2026-11-23T10%3A00%3A00.000Z&x=%5BAD_MT%5D"))
        #expect(entry.url.count == "https://t.example/i/1?cb=12345678&t=2026-11-23T10%3A00%3A00.000Z&x=%5BAD_MT%5D".count)
        _ = await rig.flush()
        #expect(transport.requested == [entry.url, entry.url, entry.url])
    }

    @Test(arguments: [
        (200, true), (204, true), (302, true), (404, true), (410, true), (499, true), (500, false), (503, false),
    ])
    func statusCounts(status: Int, asSent: Bool) async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let clock = VirtualClock()
        let transport = ScriptedTransport(clock: clock) { _, _ in .response(status: status, body: []) }
        let rig = try OutboxRig(directory: directory.outbox, clock: clock, transport: transport)
        try rig.outbox.enqueue(beacon(1))
        let summary = await rig.flush(timeout: .seconds(30))
        #expect(summary.sent == (asSent ? 1 : 0))
        #expect(summary.pending == (asSent ? 0 : 1))
        if !asSent { #expect(summary.lastErrors.first?.contains("HTTP \(status)") == true) }
    }

    /// Failures back off exponentially (1, 2, 4, … s less up to half of
    /// jitter, at most 5 min) and a beacon unanswered for an hour is dropped
    /// and reported.
    @Test func failuresBackOff_untilTheMaximumAge() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let clock = VirtualClock()
        let transport = ScriptedTransport(clock: clock) { _, _ in .failure(.connection) }
        let rig = try OutboxRig(directory: directory.outbox, clock: clock, transport: transport)
        try rig.outbox.enqueue(beacon(1))
        let summary = await rig.flush(step: MediaDuration(seconds: 1))
        #expect(summary.dropped == 1 && summary.pending == 0)
        #expect(rig.outbox.problemsReported.contains { $0.contains("dropped: not answered within") })
        let attempts = transport.requested.count
        // 1+2+4+…+256 s is 511 s; then every 150–300 s until 3,600 s: about 12–20 more.
        #expect((20...32).contains(attempts))
        let entry = try #require(BeaconJournal.entries(in: directory.outbox).entries.first)
        if case .dropped = entry.state {} else { Issue.record("not dropped: \(entry.state)") }
    }

    @Test func aURLThatCanNeverBeSent_isDroppedAtOnce() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let rig = try OutboxRig(directory: directory.outbox)
        try rig.outbox.enqueue(beacon(1, url: "ftp://t.example/i"))
        let summary = await rig.flush()
        #expect(summary.dropped == 1)
        #expect(rig.transport.requested.isEmpty)
    }

    @Test func anIdentityIsTakenOnce() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let rig = try OutboxRig(directory: directory.outbox)
        #expect(try rig.outbox.enqueue(beacon(1)) != .duplicate)
        #expect(try rig.outbox.enqueue(beacon(1)) == .duplicate)
        #expect(try rig.outbox.enqueue(beacon(1, session: "v/2")) != .duplicate)
    }

    /// A process that stops with beacons pending (taken, some failed once):
    /// the next one to open the journal sends them, and still knows the
    /// identities it sent.
    @Test func aRestartSendsWhatIsPending() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        do {
            let clock = VirtualClock()
            let transport = ScriptedTransport(clock: clock) { url, _ in
                url.contains("/i/1?") ? .response(status: 204, body: []) : .failure(.timeout)
            }
            let rig = try OutboxRig(directory: directory.outbox, clock: clock, transport: transport)
            for n in 1...3 { try rig.outbox.enqueue(beacon(n)) }
            let summary = await rig.flush(timeout: .milliseconds(500))
            #expect(summary.sent == 1 && summary.pending == 2)
        }
        let rig = try OutboxRig(directory: directory.outbox)
        #expect(try rig.outbox.enqueue(beacon(1)) == .duplicate)
        let summary = await rig.flush()
        #expect(summary.sent == 2 && summary.pending == 0)
        #expect(rig.transport.requested.count == 2 && !rig.transport.requested.contains { $0.contains("/i/1?") })
    }

    @Test func aSecondProcessCannotOpenTheOutbox() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let first = try BeaconJournal(directory: directory.outbox)
        #expect(throws: BeaconJournalError.inUse(directory: directory.outbox)) { try BeaconJournal(directory: directory.outbox) }
        _ = first
    }

    /// 6,000 beacons over a day of virtual time: the journal keeps what
    /// is pending and the last hour's sent records, never the whole history.
    @Test func theJournalStaysBounded() async throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let rig = try OutboxRig(directory: directory.outbox)
        var lines: [Int] = []
        let perHour = 250
        for hour in 0..<24 {
            for n in 0..<perHour { try rig.outbox.enqueue(beacon(hour * perHour + n)) }
            let summary = await rig.flush()
            #expect(summary.sent == perHour)
            rig.clock.advance(by: MediaDuration(seconds: 3_600))
            lines.append(try String(contentsOfFile: directory.outbox + "/journal.jsonl", encoding: .utf8).split(separator: "\n").count)
        }
        // What must be kept is at most two hours of records (two lines a
        // beacon); the file grows to twice that plus 1,024 lines, plus one
        // hour's lines before the next check compacts it.
        let bound = 2 * (2 * 2 * perHour) + 1_024 + 2 * perHour + 1
        #expect(lines.allSatisfy { $0 <= bound }, "\(lines)")
        // The day wrote 12,000 records: the bound is not the history's length.
        #expect(24 * 2 * perHour > 3 * bound)
        #expect(rig.outbox.entries.count <= bound / 2)
        #expect(rig.outbox.pendingCount == 0)
    }
}

@Suite struct BeaconURLTests {
    @Test(arguments: [
        ("https://t.example/i?a=1&b=%3A", "https://t.example/i?a=1&b=%3A"),
        ("https://t.example/i?m=[AD_MT]", "https://t.example/i?m=%5BAD_MT%5D"),
        ("https://[::1]:8080/i?x=[V]", "https://[::1]:8080/i?x=%5BV%5D"),
        ("https://t.example/a b?c=d|e", "https://t.example/a%20b?c=d%7Ce"),
        ("https://t.example/100%", "https://t.example/100%25"),
        ("https://t.example/é", "https://t.example/%C3%A9"),
    ])
    func wireForm(url: String, expected: String) throws {
        let transport = CapturingTransport()
        let client = HTTPClient(transport: transport, clock: ContinuousClock())
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        let outbox = BeaconOutbox(journal: try BeaconJournal(directory: directory.outbox), client: client)
        guard case .journaled(let entry) = try outbox.enqueue(beacon(1, url: url)) else { Issue.record("not taken"); return }
        #expect(entry.url == expected)
        // What Foundation makes of it is the same string: nothing is encoded twice.
        #expect(URL(string: entry.url)?.absoluteString == expected)
    }
}

/// A transport that is never called here.
final class CapturingTransport: HTTPTransport, @unchecked Sendable {
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 204, body: [], url: request.url)
    }
}

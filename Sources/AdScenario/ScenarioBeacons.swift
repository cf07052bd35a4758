import AdOutbox
public import AdTracking

/// A beacon a scenario fired and journaled: the beacon, the URL as sent
/// (macros filled).
public struct FiredBeacon: Sendable, Hashable {
    /// The beacon, with its identity and where it fired.
    public var beacon: Beacon
    /// The URL as journaled and sent.
    public var url: String
}

/// Hands a scenario's beacons to its outbox and keeps what was journaled,
/// for the beacon lines.
final class BeaconRecorder: BeaconSink {
    let outbox: BeaconOutbox
    private(set) var fired: [FiredBeacon] = []
    private(set) var problems: [String] = []
    /// Sees each beacon as it is journaled.
    var onFire: ((FiredBeacon) -> Void)?

    init(outbox: BeaconOutbox) { self.outbox = outbox }

    func take(_ beacon: Beacon) {
        do {
            if case .journaled(let entry) = try outbox.enqueue(beacon) {
                let beacon = FiredBeacon(beacon: beacon, url: entry.url)
                fired.append(beacon)
                onFire?(beacon)
            }
        } catch {
            problems.append("beacon \(beacon.id) not journaled: \(error)")
        }
    }
}

import AdSignals
import ArgumentParser

/// What this device is, for the stream's delivery restrictions: the options
/// `live watch` and `hls inspect` share.
struct DeviceOptions: ParsableArguments {
    @Option(help: "How this device receives the stream, for delivery restrictions: web (any internet delivery) or managed (an operator's IPTV network).")
    var delivery = "web"

    @Option(help: "Whether this device is in or out of a regional blackout's region.")
    var region = "in"

    @Option(name: .customLong("device-group"), help: "This device's restriction group, 0, 1 or 2 (default: none).")
    var deviceGroup: UInt8?

    func validate() throws {
        if DevicePolicy.Delivery(rawValue: delivery) == nil { throw ValidationError("--delivery must be web or managed, not \(delivery)") }
        if DevicePolicy.Region(rawValue: region) == nil { throw ValidationError("--region must be in or out, not \(region)") }
        if let deviceGroup, deviceGroup > 2 { throw ValidationError("--device-group must be 0, 1 or 2") }
    }

    /// The device the options describe (validated first).
    var policy: DevicePolicy {
        DevicePolicy(
            delivery: DevicePolicy.Delivery(rawValue: delivery) ?? .web, region: DevicePolicy.Region(rawValue: region) ?? .inside,
            group: deviceGroup)
    }
}

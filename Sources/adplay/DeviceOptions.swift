import AdSignals
import ArgumentParser

/// What this device is, for the stream's delivery restrictions: the options
/// `live watch` and `hls inspect` share.
struct DeviceOptions: ParsableArguments {
    @Option(
        help: "How this device receives the stream, for delivery restrictions: web (any internet delivery) or managed (an operator's IPTV network) (default: web).",
        transform: { try choice(DevicePolicy.Delivery.self, $0, option: "--delivery") })
    var delivery = DevicePolicy.Delivery.web

    @Option(
        help: "Whether this device is in or out of a regional blackout's region (default: in).",
        transform: { try choice(DevicePolicy.Region.self, $0, option: "--region") })
    var region = DevicePolicy.Region.inside

    @Option(
        name: .customLong("device-group"), help: "This device's restriction group, 0, 1 or 2 (default: none).",
        transform: { try choice(DeviceGroup.self, $0, option: "--device-group") })
    var deviceGroup: DeviceGroup?

    /// A device's restriction group.
    enum DeviceGroup: UInt8, CaseIterable {
        case zero, one, two
    }

    /// The device the options describe.
    var policy: DevicePolicy { DevicePolicy(delivery: delivery, region: region, group: deviceGroup?.rawValue) }

    /// The case of `type` written `text`, or an error that names the option and every value it takes.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type, _ text: String, option: String
    ) throws -> Choice where Choice.RawValue: LosslessStringConvertible {
        if let found = Choice.allCases.first(where: { String($0.rawValue) == text }) { return found }
        let names = Choice.allCases.map { String($0.rawValue) }
        let list = names.count > 2 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined(separator: " or ")
        throw ValidationError("\(option) must be \(list), not \(text)")
    }
}

import AdTransport
import Foundation
import VAST
import VASTResolution

/// A scenario's `"vmap"`: read from a file (relative to the scenario) or
/// fetched within its limits, then parsed. Its breaks resolve later, while
/// the scenario runs; a VMAP that cannot be read is an error.
enum VMAPSource {
    static func read(_ location: String, relativeTo scenario: String) async throws -> VMAPDocument {
        let parser = VMAPParser()
        let bytes: [UInt8]
        if let url = Network.url(location) {
            do {
                bytes = try await Network.client.get(url, limits: Network.vastResolver().documentLimits)
            } catch {
                throw CLIError("\(scenario): cannot fetch the VMAP: \(error)")
            }
        } else {
            let path = location.hasPrefix("/") ? location
                : URL(fileURLWithPath: scenario).deletingLastPathComponent().appendingPathComponent(location).path
            bytes = try FileBytes.read(path, limit: parser.limits.maxBytes)
        }
        do {
            return try parser.parse(bytes)
        } catch {
            throw CLIError("\(location): \(error)")
        }
    }
}

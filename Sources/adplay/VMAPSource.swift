import AdTransport
import Foundation
import VAST
import VASTResolution

/// A scenario's `"vmap"`: read from a file (relative to the scenario) or
/// fetched within its limits, then parsed. Its breaks resolve later, while
/// the scenario runs; a VMAP that cannot be read is an error.
enum VMAPSource {
    /// The VMAP at `source`: a file, `-` for standard input, or an http(s)
    /// URL fetched within `timeout` seconds.
    static func load(_ source: String, timeout: Double) async throws -> VMAPDocument {
        let parser = VMAPParser()
        let bytes: [UInt8]
        if let url = Network.url(source) {
            let limits = TransportLimits(maxBodyBytes: parser.limits.maxBytes, timeout: Network.duration(seconds: timeout))
            do {
                bytes = try await Network.client.get(url, limits: limits)
            } catch {
                throw CLIError("cannot fetch \(error.url): \(error.message)", fields: [("url", .text(error.url))])
            }
        } else {
            bytes = try FileBytes.read(source, limit: parser.limits.maxBytes)
        }
        do {
            return try parser.parse(bytes)
        } catch {
            throw CLIError("\(source): \(error)", fields: VASTErrorFields.of(error))
        }
    }

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

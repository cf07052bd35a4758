import AdResolvers
import AdTimeline
import AdTransport
import Foundation
import MediaTime
import VAST
import VASTResolution

/// A scenario's `"vmap"`: read from a file (relative to the scenario) or
/// fetched, then resolved into breaks. What the resolver leaves out is said
/// on standard error; a VMAP that cannot be read is an error.
enum VMAPBreaks {
    static func resolve(_ location: String, relativeTo scenario: String, contentDuration: MediaDuration) async throws -> [AdBreak] {
        let chain = Network.vastResolver()
        let bytes: [UInt8]
        if let url = Network.url(location) {
            do {
                bytes = try await chain.client.get(url, limits: chain.documentLimits)
            } catch {
                throw CLIError("\(scenario): cannot fetch the VMAP: \(error)")
            }
        } else {
            let path = location.hasPrefix("/") ? location
                : URL(fileURLWithPath: scenario).deletingLastPathComponent().appendingPathComponent(location).path
            bytes = try FileBytes.read(path, limit: VMAPParser().limits.maxBytes)
        }
        let vmap: VMAPDocument
        do {
            vmap = try VMAPParser().parse(bytes)
        } catch {
            throw CLIError("\(location): \(error)")
        }
        let opportunity = AdOpportunity(id: "vmap", position: .preroll, source: .vmap(vmap, contentDuration: contentDuration))
        let result = try await VMAPResolver(chain: chain).resolve(opportunity)
        for issue in result.issues { FileHandle.standardError.write(Data("adplay: vmap: \(issue)\n".utf8)) }
        return result.breaks
    }
}


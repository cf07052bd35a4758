internal import FlyingFox
internal import FlyingSocks

/// A quiet HTTP server on 127.0.0.1, on a port the system picks, answering
/// every path with one handler: what the loopback test servers share.
struct LoopbackListener {
    let server: HTTPServer
    let task: Task<Void, any Error>
    let port: UInt16

    /// Starts listening and returns once connections are taken.
    static func start(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> LoopbackListener {
        // Quiet: tests stop servers mid-connection on purpose.
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await server.appendRoute("*") { request in try await handler(request) }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        var port: UInt16 = 0
        if case .ip4(_, let listening)? = await server.listeningAddress { port = listening }
        return LoopbackListener(server: server, task: task, port: port)
    }

    /// Stops listening and closes every connection.
    func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

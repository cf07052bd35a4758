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

/// A loopback test server: it listens, answers each request, and stops.
/// The servers differ in what they answer; how they listen is here.
protocol LoopbackServer: Actor {
    /// The listener while it listens.
    var listener: LoopbackListener? { get set }
    /// Takes note of the port it listens on.
    func listening(on port: UInt16)
    /// The answer to one request.
    func respond(to request: HTTPRequest) async throws -> HTTPResponse
}

extension LoopbackServer {
    /// Starts listening on 127.0.0.1 and returns once connections are taken.
    func startListening() async throws {
        let listener = try await LoopbackListener.start { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return try await self.respond(to: request)
        }
        listening(on: listener.port)
        self.listener = listener
    }

    /// Stops listening and closes every connection.
    func stopListening() async {
        await listener?.stop()
        listener = nil
    }

    /// Starts listening, runs `body` with the server, and stops, whether `body` throws or not.
    nonisolated func running(_ body: (Self) async throws -> Void) async throws {
        try await startListening()
        do {
            try await body(self)
        } catch {
            await stopListening()
            throw error
        }
        await stopListening()
    }
}

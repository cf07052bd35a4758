public import AdTransport
public import MediaTime

/// A transport whose every answer is a ``LiveOriginScript``'s at the
/// reading of a clock: live following tested on a virtual clock, with
/// faults, and no network.
///
/// ```swift
/// let clock = VirtualClock()
/// let transport = ScriptedLiveTransport(script: script, clock: clock) { clock.reading }
/// let source = LiveSource(url: url, client: HTTPClient(transport: transport, clock: clock))
/// ```
public final class ScriptedLiveTransport: HTTPTransport, Sendable {
    private let script: LiveOriginScript
    private let clock: any Clock<Duration>
    private let reading: @Sendable () -> ClockTime
    private let answers = InMemoryTransport()

    /// Creates a transport answering from `script` at `reading()`; slow
    /// answers wait on `clock`.
    public init(script: LiveOriginScript, clock: any Clock<Duration>, reading: @escaping @Sendable () -> ClockTime) {
        self.script = script
        self.clock = clock
        self.reading = reading
    }

    /// Every request, in order.
    public var requests: [HTTPRequest] { answers.requests }

    public func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let answer: InMemoryTransport.Answer =
            switch script.answer(at: reading()) {
            case .playlist(let text): .document(text)
            case .status(let code): .response(status: code, body: [])
            case .stall: .silence
            case .slow(let delay, let text): .delayed(delay, on: clock, .document(text))
            case .bytes(let count): .response(status: 200, body: [UInt8](repeating: UInt8(ascii: "#"), count: count))
            }
        return try await answers.respond(answer, to: request, limits: limits)
    }
}

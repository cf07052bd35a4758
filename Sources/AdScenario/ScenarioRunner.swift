public import AdPlayback
import AdSimulation
public import AdPolicy
public import AdTimeline
public import MediaTime

/// What a scenario produced: its events, in order.
public struct ScenarioRun: Sendable {
    /// The timeline the scenario ran on.
    public var timeline: AdTimeline
    /// Every event of every session, in order.
    public var events: [SessionEvent]
    /// The breaks counted as watched when the scenario ended, in content order.
    public var watched: [String]
}

extension Scenario {
    /// Runs the scenario on a simulated player and a virtual clock.
    /// - Parameter selector: a custom policy selector; the policy's default
    ///   when `nil`.
    /// - Throws: ``ScenarioError`` at the first action that makes no sense
    ///   (a seek before start, a start while a session runs, a bookmark
    ///   resumed before one was saved).
    public func run(selector: (any AdPolicySelector)? = nil) throws(ScenarioError) -> ScenarioRun {
        let engine = AdPolicyEngine(policy: policy, selector: selector)
        let simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: engine))
        var events: [SessionEvent] = []
        for step in steps {
            do {
                if let duration = step.action.wallTime,
                    (simulation.clock.reading + duration).ticks > Self.maxClock.ticks
                {
                    throw ScenarioError(
                        path: step.path, line: step.line, column: step.column,
                        message: "the scenario's clock would pass \(Self.maxClock) s (about 3,000 years)")
                }
                events += try perform(step.action, on: simulation)
            } catch let error as ScenarioError {
                throw error
            } catch let error as SessionError {
                throw ScenarioError(path: step.path, line: step.line, column: step.column, message: explain(error, step))
            } catch {
                throw ScenarioError(path: step.path, line: step.line, column: step.column, message: "\(error)")
            }
        }
        return ScenarioRun(timeline: timeline, events: events, watched: simulation.session.watchedBreakIDs)
    }

    private func perform(_ action: Action, on simulation: Simulation) throws -> [SessionEvent] {
        switch action {
        case .start(.at(let target)):
            return try simulation.send(.start(target == .content(.zero) ? .beginning : .position(target)))
        case .start(.bookmark):
            guard let bookmark = simulation.session.lastBookmark else {
                throw SessionError.noBookmark
            }
            return try simulation.send(.start(.bookmark(bookmark)))
        case .play(let duration):
            try requireRunning(simulation)
            return try simulation.play(for: duration)
        case .pause(let duration):
            var events = try simulation.send(.pause)
            simulation.wait(for: duration)
            events += try simulation.send(.resume)
            return events
        case .wait(let duration):
            simulation.wait(for: duration)
            return []
        case .jump(let kind, let target):
            return try simulation.send(.jump(kind, to: target))
        case .interrupt(let duration):
            var events = try simulation.send(.interrupt)
            simulation.wait(for: duration)
            events += try simulation.send(.interruptEnd)
            return events
        case .stop:
            return try simulation.send(.stop)
        case .failover:
            return try simulation.send(.failover)
        case .playToEnd:
            try requireRunning(simulation)
            return try simulation.playToEnd()
        }
    }

    private func requireRunning(_ simulation: Simulation) throws(SessionError) {
        guard simulation.session.isRunning else { throw SessionError.notRunning }
    }

    private func explain(_ error: SessionError, _ step: Step) -> String {
        let name = Self.name(of: step.action)
        switch error {
        case .notRunning: return "\"\(name)\" needs a running session; start one first (no session is running here)"
        case .alreadyRunning: return "\"start\" while a session runs; stop it first"
        case .noBookmark: return "no bookmark to resume: a \"stop\" saves one"
        default: return "\"\(name)\": \(error)"
        }
    }

    /// The latest virtual clock reading a scenario may reach; keeps every
    /// sum of times far from overflowing.
    public static let maxClock = MediaDuration(seconds: 100_000_000_000)

    static func name(of action: Action) -> String {
        switch action {
        case .start: "start"
        case .play: "play"
        case .pause: "pause"
        case .wait: "wait"
        case .jump(let kind, _): kind.rawValue
        case .interrupt: "interrupt"
        case .stop: "stop"
        case .failover: "failover"
        case .playToEnd: "playToEnd"
        }
    }
}

import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func content(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }

private let mid = AdOpportunity(id: "mid", position: .content(content(600)), duration: s(30),
                                signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil))
private let resolvedMid = AdBreak(id: "mid", position: .midroll(content(600)), ads: [Ad(id: "m1", duration: s(20)), Ad(id: "m2", duration: s(10))])

/// What a session shows after some inputs: every break of its timeline and
/// of the timeline later sessions start from, the lines of its events, and
/// the resolutions it asked for.
private struct Outcome: Equatable {
    var breaks: [AdBreak]
    var initialBreaks: [AdBreak]
    var events: [String]
    var requests: [String]
}

private func outcome(of inputs: [SessionInput], after setup: [SessionInput] = []) throws -> Outcome {
    var session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: []), engine: AdPolicyEngine(policy: .strict))
    for input in setup { _ = try session.handleReady(input, at: .zero) }
    var events: [String] = []
    var requests: [String] = []
    for input in inputs {
        for action in try session.handleReady(input, at: .zero) {
            switch action {
            case .emit(let event): events.append([event.name, event.breakID].compactMap(\.self).joined(separator: " "))
            case .resolve(let opportunity): requests.append("resolve \(opportunity.id)")
            case .cancelResolution(let id): requests.append("cancel \(id)")
            default: break
            }
        }
    }
    return Outcome(breaks: session.timeline.breaks, initialBreaks: session.initialTimeline.breaks, events: events, requests: requests)
}

/// An opportunity that comes with its resolution (a resolver that answers
/// at once) leaves the session as the opportunity followed by its result
/// does, in one step: the same timelines and events, with no request.
@Suite struct ResolvedOpportunityTests {
    @Test(arguments: [
        (name: "a new opportunity, resolved", setup: [SessionInput](), breaks: [resolvedMid]),
        (name: "a new opportunity whose result has no ads", setup: [], breaks: []),
        (name: "an opportunity the timeline holds", setup: [.opportunity(mid)], breaks: [resolvedMid]),
        (name: "one resolved already", setup: [.opportunity(mid), .resolved(opportunityID: "mid", breaks: [resolvedMid], issues: [])],
         breaks: [resolvedMid]),
    ])
    func oneStep_endsAsTheTwoSteps(name: String, setup: [SessionInput], breaks: [AdBreak]) throws {
        let twoSteps = try outcome(of: [.opportunity(mid), .resolved(opportunityID: "mid", breaks: breaks, issues: ["a note"])], after: setup)
        let oneStep = try outcome(of: [.resolvedOpportunity(mid, breaks: breaks, issues: ["a note"])], after: setup)
        #expect(oneStep.breaks == twoSteps.breaks, "\(name)")
        #expect(oneStep.initialBreaks == twoSteps.initialBreaks, "\(name)")
        #expect(oneStep.events == twoSteps.events, "\(name)")
        #expect(oneStep.requests.isEmpty, "\(name): its answer is here")
    }

    @Test func aNewOpportunity_entersResolved_withNoPlaceholder() throws {
        var session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: []), engine: AdPolicyEngine(policy: .strict))
        let actions = try session.handleReady(.resolvedOpportunity(mid, breaks: [resolvedMid], issues: []), at: .zero)
        #expect(actions.isEmpty)
        #expect(session.timeline.adBreak(id: "mid")?.isPlaceholder == false)
        #expect(session.timeline.adBreak(id: "mid")?.ads.map(\.id) == ["m1", "m2"])
        #expect(session.initialTimeline.adBreak(id: "mid")?.isPlaceholder == false)
    }

    /// A result with no ads fails as a resolution that gave none: the
    /// placeholder stays, an error says why, and reaching it skips it.
    @Test func aResultWithNoAds_leavesThePlaceholder_andSaysWhy() throws {
        var session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: []), engine: AdPolicyEngine(policy: .strict))
        let actions = try session.handleReady(.resolvedOpportunity(mid, breaks: [], issues: ["the pod was empty"]), at: .zero)
        #expect(session.timeline.adBreak(id: "mid")?.isPlaceholder == true)
        let errors = actions.compactMap { action -> String? in
            if case .emit(let event) = action, case .error(let message) = event.kind { message } else { nil }
        }
        #expect(errors == ["break mid is unresolved: the pod was empty"])
    }
}

import AdScenario
import Dispatch
import FuzzDriver

/// Any bytes: decoding either fails with a ScenarioError or yields a
/// scenario that runs to its end or to a ScenarioError — never a crash or
/// a hang. Runs are capped so one input cannot take the whole budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let scenario = try? Scenario.decode(json: bytes), scenario.steps.count <= 200 else { return 0 }
    if let run = runToEnd(scenario) {
        _ = EventLines.bytes(for: run.events)
        _ = TextReport.render(run)
        _ = SVGTimeline.render(run)
    }
    return 0
}

/// Runs a scenario (which has no opportunities to resolve, so it never
/// waits on the network) from libFuzzer's synchronous callback.
private func runToEnd(_ scenario: Scenario) -> ScenarioRun? {
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        outcome.run = try? await scenario.run()
        done.signal()
    }
    done.wait()
    return outcome.run
}

/// The run, handed from the task to the waiting callback. The semaphore
/// orders the one write before the one read, so no lock is needed.
private final class Outcome: @unchecked Sendable {
    var run: ScenarioRun?
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("ScenarioFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

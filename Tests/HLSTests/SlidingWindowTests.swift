@testable import HLS
import Testing

@Suite struct SlidingWindowTests {
    @Test func lendsExactlyTheElementsInTheWindow_afterItSlides() {
        var window = SlidingWindow(Array(0..<3_000))
        window.removeFirst(1_500)
        window.append(3_000)
        window.removeLast(1)
        window.removeFirst(10)
        let lent = window.withContiguousStorageIfAvailable { Array($0) }
        #expect(lent == Array(1_510..<3_000))
        #expect(lent == Array(window))
        // The standard library's algorithms take the lent storage.
        #expect(Array(window) == Array(1_510..<3_000))
    }
}

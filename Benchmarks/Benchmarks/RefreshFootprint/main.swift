import LiveWorkload

// The live benchmark's refreshes, untimed, for a cache simulator to count
// what a refresh adding an interstitial touches (Scripts/refresh_footprint.sh).
// The one argument is the number of refreshes (an interstitial every 150).
let refreshes = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_500
var adding = 0
var plain = 0
try interstitialRefreshes(window: 5_400, refreshes: refreshes, measure: { _ in adding += 1 }, plain: { _ in plain += 1 })
// Read by the script: the last two words are the counts.
print("refreshes \(refreshes), adding an interstitial, adding a segment: \(adding) \(plain)")

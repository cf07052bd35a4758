// One import for apps: `import AdPlaybackKit` brings every public module an
// app uses, from exact time and the formats to the session and its edges.
// Tools (scenarios, reports, the test servers) are imported on their own.

@_exported public import MediaTime
@_exported public import SCTE35
@_exported public import HLS
@_exported public import VAST
@_exported public import AdTransport
@_exported public import AdURLSession
@_exported public import VASTResolution
@_exported public import AdTimeline
@_exported public import AdPolicy
@_exported public import AdSignals
@_exported public import AdPlayback
@_exported public import AdResolvers
@_exported public import AdPlaybackRuntime
@_exported public import AdSimulation
@_exported public import AdStorage
@_exported public import AdLive
@_exported public import SSAITracking
@_exported public import AdSSAI
@_exported public import AdTracking
@_exported public import AdOutbox

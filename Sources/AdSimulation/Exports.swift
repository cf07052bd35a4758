// The test doubles a simulation is made of live just above what they stand
// in for (`VirtualTime` above time, `AdPlayerSimulated` above the player
// contract); `import AdSimulation` brings them too.
@_exported public import AdPlayerSimulated
@_exported public import VirtualTime

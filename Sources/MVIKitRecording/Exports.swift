// StateHistory moved to its own product, so that the terminal's time travel needs neither
// recording nor logging; re-exported, so that code importing MVIKitRecording still sees it.
@_exported import MVIKitTimeTravel

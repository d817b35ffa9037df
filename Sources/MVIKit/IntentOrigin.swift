/// Where an intent a store reduced came from, as MVIKitRecording marks it in a recording.
public enum IntentOrigin: String, Codable, Sendable, Hashable {
  /// Sent by the View (or anything else outside the store) through ``Store/send(_:fileID:line:)``.
  case view
  /// Fed back by an effect: ``Effect/send(_:)``, or the `send` of a running
  /// ``Effect/run(priority:_:catch:)``.
  case effect
}

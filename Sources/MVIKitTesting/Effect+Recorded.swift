import MVIKit

extension Effect {
  /// This effect with the work of each run replaced by a wait that ends only when the run is
  /// cancelled: how ``EffectPlayback/recorded`` keeps a run in flight without its dependencies.
  /// What is not asynchronous work (sends, emits, cancellations, ids) is kept as it is.
  var recordedStandIn: Effect {
    switch operation {
    case .none, .send, .emit, .cancel, .warn:
      return self
    case .run(let priority, _):
      return Effect(
        .run(priority) { _ in
          while true { try await Task.sleep(for: .seconds(3600)) }
        })
    case .merge(let effects):
      return Effect(.merge(effects.map(\.recordedStandIn)))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map(\.recordedStandIn)))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(.cancellable(id, cancelInFlight: cancelInFlight, effect.recordedStandIn))
    case .whilePresent(let presence, let effect):
      return Effect(.whilePresent(presence, effect.recordedStandIn))
    }
  }
}

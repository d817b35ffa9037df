import MVIKit

extension Effect {
  /// This effect with the work of each run replaced by a wait that ends only when the run is
  /// cancelled: how ``EffectPlayback/recorded`` keeps a run in flight without its dependencies.
  /// What is not asynchronous work (sends, emits, cancellations, ids) is kept as it is.
  var recordedStandIn: Effect {
    replacingWork { _ in
      { _ in
        while true { try await Task.sleep(for: .seconds(3600)) }
      }
    }
  }
}

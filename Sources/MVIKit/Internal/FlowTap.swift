/// What a recorder or a state history sees of a root store's flow: like ``FlowEvent``, with
/// each intent's origin, and without the errors and warnings.
enum FlowTapEvent<M: Model> {
  case intent(M.Intent, IntentOrigin)
  case stateChanged(from: M.State, to: M.State)
  case sideEffect(M.SideEffect)
}

/// One listener on a store's flow; the store holds it until it is removed.
@MainActor
final class FlowTap<M: Model> {
  let receive: @MainActor (FlowTapEvent<M>) -> Void

  init(_ receive: @escaping @MainActor (FlowTapEvent<M>) -> Void) {
    self.receive = receive
  }
}

import MVIKit

/// The Router of a VIPER module: assembles the module and acts on its presenter's side effects.
///
/// In MVIKit's VIPER the Presenter is a `Model` (view events in, view state out), the
/// Interactor is a value holding the use cases the presenter's effects call, the Entities are
/// plain values, and the View renders the presenter's state through a `Store`. The Router
/// receives every side effect once (navigate to a detail, show an alert) through
/// ``ViperModule``, which holds it weakly, so no reference cycle forms.
@MainActor
public protocol Router<SideEffect>: AnyObject {
  /// The presenter's side effects that this router acts on.
  associatedtype SideEffect: Sendable

  /// Acts on one side effect: pushes a screen, pops, or asks the view to show something.
  func handle(_ sideEffect: SideEffect)
}

/// The Interactor of a VIPER module: the use cases (fetch, save) that the presenter's effects
/// call. A value of closures or services, safe to use from any task; it never touches the View.
public protocol Interactor: Sendable {}

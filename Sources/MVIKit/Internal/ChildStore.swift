/// What a store keeps of a store scoped from it: the parent's handles on the child, built where
/// the scope was made, so they are specialised for both models.
@MainActor
struct ChildStore<Parent: Model> {
  /// The child store itself, held so scoping again returns it and it lives with its parent.
  let store: AnyObject
  /// Whether the child, or one of its own scoped stores, is observed.
  let isObserved: @MainActor () -> Bool
  /// Brings the child up to date after the parent reduced `intent` (nil: not known).
  let refresh: @MainActor (Parent.Intent?) -> Void
  /// Hands a parent side effect to the child if it wraps one of the child's.
  let route: @MainActor (Parent.SideEffect) -> Bool
  /// Cuts the child off from its parent, when its part of the state is gone for good.
  let detach: @MainActor () -> Void
  /// For an optional child: whether its state is gone (which cuts it off); nil for a child
  /// that is always there.
  var isGone: (@MainActor () -> Bool)? = nil
}

/// A store that scoped stores report to when they start or stop being observed, so that it
/// refreshes only the children someone watches.
@MainActor
protocol ObservedChild: AnyObject {
  func childObservationChanged(isObserved: Bool)
}

/// What a scoped store was scoped to: the state path, the child model, and for a row of a
/// collection, the row's id.
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let model: ObjectIdentifier
  let id: AnyHashable?
}

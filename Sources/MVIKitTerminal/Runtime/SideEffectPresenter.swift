import MVIKit

/// Shows a store's side effects: each one that `presentation` maps to a toast or an alert is
/// handed to `show`, in order, until the returned task is cancelled or the store is freed.
/// ``TerminalApp`` and ``HeadlessTerminal`` present side effects through it, so tests see what
/// the app shows.
@MainActor
func presentSideEffects<M: Model>(
  of store: Store<M>,
  _ presentation: @escaping @MainActor (M.SideEffect) -> Presentation?,
  show: @escaping @MainActor (Presentation) -> Void
) -> Task<Void, Never> {
  let sideEffects = store.sideEffects
  return Task { @MainActor in
    for await sideEffect in sideEffects {
      guard let shown = presentation(sideEffect) else { continue }
      show(shown)
    }
  }
}

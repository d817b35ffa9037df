import MVIKit

/// Which parts of a model's state survive a relaunch: a file name and the members it holds.
///
/// Declare it once, beside the model, and attach ``StatePersistence`` to the root store:
///
/// ```swift
/// extension Settings {
///   static let persisted = PersistedState<Settings>(
///     "settings", .member(\.email, key: "email"), .member(\.filter, key: "filter"),
///     problem: Intent.stateNotRestored)
/// }
///
/// let store = Store(
///   initialState: Settings.State(), model: Settings(),
///   attaching: [StatePersistence(Settings.persisted, in: storage)])
/// ```
///
/// The View needs nothing: the store starts from the saved values and saves changes by itself.
public struct PersistedState<M: Model>: Sendable {
  /// The file's name in its ``StateStorage``.
  public let name: String
  /// The members saved, each under its own key and version.
  public let members: [PersistedMember<M.State>]
  /// The intent that tells the model that saved state could not be used or saved; nil to
  /// leave problems to standard error only.
  public let problem: (@Sendable (PersistenceProblem) -> M.Intent)?

  /// Persists `members` in the file `name`; a problem loading or saving is sent to the model
  /// as `problem`.
  ///
  /// - Parameters:
  ///   - name: The file's name: letters, digits, `-`, `_` and `.`; unique in its storage.
  ///   - members: The members saved, each with a key unique in this file.
  ///   - problem: Makes the intent that tells the model, once, that the saved state was
  ///     unreadable or from a newer version (and moved aside), or could not be saved.
  public init(
    _ name: String, _ members: PersistedMember<M.State>...,
    problem: (@Sendable (PersistenceProblem) -> M.Intent)? = nil
  ) {
    self.name = name
    self.members = members
    self.problem = problem
  }
}

import Foundation
import MVIKit

/// Keeps the members a ``PersistedState`` names across launches: loads them when the store is
/// made, before anything is drawn, and saves them after they change.
///
/// ```swift
/// let store = Store(
///   initialState: Settings.State(), model: Settings(),
///   attaching: [
///     StatePersistence(Settings.persisted, in: .standard(appIdentifier: "org.example.app"))
///   ])
/// ```
///
/// Saves are coalesced: the first send after a save starts a wait of `delay`, and then the
/// members are encoded once, on the main actor, and written off it, in order, by the
/// ``StateStorage``. A send pays one flag test for all this. Only bytes that differ from the
/// last ones saved are written. Call ``flush()`` before the app quits.
///
/// A file that cannot be read (not JSON, a member that does not decode, a member version with
/// no migration) or that a newer version of the app wrote is moved aside, the state starts from
/// its defaults, and the model is told once through ``PersistedState/problem``.
@MainActor
public final class StatePersistence<M: Model>: StoreAttachment {
  private let persisted: PersistedState<M>
  private let storage: any StateStorage
  private let delay: Duration
  private var root: RootStoreHandle<M>?
  /// The file as last read or saved, with the members this app does not know.
  private var file = StateFile()
  private var savedBytes: Data?
  /// Set when the file could not be read nor moved aside: nothing is saved over it.
  private var isReadOnly = false
  private var pendingSave: Task<Void, Never>?
  private var writing: Task<Void, Never>?
  private var saveFailureReported = false
  /// The keys of members that hold a `Secret`, which are never saved.
  private var leftOut: Set<String> = []

  /// Persistence of `persisted` in `storage`, saving `delay` after the first change since the
  /// last save.
  public init(
    _ persisted: PersistedState<M>, in storage: some StateStorage,
    savingAfter delay: Duration = .milliseconds(300)
  ) {
    self.persisted = persisted
    self.storage = storage
    self.delay = delay
  }

  /// Loads the saved members into the store's state; called by the store's initialiser.
  public func attach(to root: RootStoreHandle<M>) {
    guard self.root == nil, let state = root.state else { return }
    self.root = root
    let loaded = load(into: state)
    root.restore(loaded)
    // A member that holds a secret is found at launch, not at the first save. With no file,
    // what is there to start with counts as saved: a file is made only for a change.
    let initial = encode(loaded)
    if savedBytes == nil { savedBytes = initial }
    // The store keeps this closure, and with it this object, for as long as it lives.
    root.onNextChange { self.scheduleSave() }
  }

  /// Saves what changed at once, without waiting out the delay, and returns once every save
  /// has been written (or failed).
  public func flush() async {
    if let pending = pendingSave {
      pending.cancel()
      save()
    }
    await writing?.value
  }

  private func load(into state: M.State) -> M.State {
    var state = state
    do {
      guard let data = try storage.read(persisted.name) else { return state }
      let file = try StateFile(data)
      try persisted.read(file, into: &state)
      self.file = file
      savedBytes = data
      return state
    } catch {
      moveAside(because: error)
      return root?.state ?? state
    }
  }

  /// Keeps what could not be read, under a name of its own, and tells the model.
  private func moveAside(because error: any Error) {
    let location = storage.location(of: persisted.name)
    let reason = (error as? PersistenceProblem.Reason)?.description ?? "\(error)"
    do {
      let aside = try storage.moveAside(persisted.name)
      let isNewer = (error as? PersistenceProblem.Reason)?.isNewer == true
      tell(
        PersistenceProblem(
          kind: isNewer ? .newerVersion(movedTo: aside) : .unreadable(movedTo: aside),
          message: "The saved state in \(location) could not be used: \(reason). It was kept "
            + "as \(aside), and the app started from its defaults."))
    } catch {
      isReadOnly = true
      tell(
        PersistenceProblem(
          kind: .cannotMoveAside,
          message: "The saved state in \(location) could not be used: \(reason). It could not "
            + "be moved aside either (\(error)), so it is left as it is and nothing is saved "
            + "over it."))
    }
  }

  private func scheduleSave() {
    guard pendingSave == nil else { return }
    pendingSave = Task { [delay] in
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self.save()
    }
  }

  /// Encodes the members and hands the bytes to the storage, when they changed.
  private func save() {
    pendingSave = nil
    guard let root else { return }
    root.onNextChange { self.scheduleSave() }
    guard !isReadOnly, let state = root.state else { return }
    guard let bytes = encode(state), bytes != savedBytes else { return }
    savedBytes = bytes
    let (previous, storage, name) = (writing, storage, persisted.name)
    writing = Task.detached {
      await previous?.value
      do {
        try storage.write(bytes, to: name)
        await self.saved()
      } catch {
        await self.saveFailed("\(error)")
      }
    }
  }

  /// The file's bytes with the members of `state`; nil when they could not be encoded.
  private func encode(_ state: M.State) -> Data? {
    let encoder = PersistedState<M>.encoder()
    do {
      for member in persisted.members where !leftOut.contains(member.key) {
        do {
          file.members[member.key] = (member.version, try member.encode(state, encoder))
        } catch {
          guard Self.isSecret(error) else { throw error }
          leaveOut(member.key)
        }
      }
      return try file.data()
    } catch {
      saveFailed("\(PersistenceProblem.describe(error))")
      return nil
    }
  }

  private static func isSecret(_ error: any Error) -> Bool {
    if case PersistenceProblem.Reason.secret = error { return true }
    guard case EncodingError.invalidValue(_, let context) = error else { return false }
    return context.debugDescription.hasPrefix("a Secret never persists")
  }

  private func leaveOut(_ key: String) {
    leftOut.insert(key)
    file.members[key] = nil
    tell(
      PersistenceProblem(
        kind: .secretLeftOut(key: key),
        message: "\"\(key)\" of \(persisted.name) holds a Secret, which never persists: it is "
          + "left out of the saved state. Persist the members around it instead."))
  }

  private func saved() {
    saveFailureReported = false
  }

  private func saveFailed(_ reason: String) {
    // The next change tries the whole save again.
    savedBytes = nil
    guard !saveFailureReported else { return }
    saveFailureReported = true
    tell(
      PersistenceProblem(
        kind: .saveFailed,
        message: "The app's state could not be saved to "
          + "\(storage.location(of: persisted.name)): \(reason). It is tried again after the "
          + "next change."))
  }

  private func tell(_ problem: PersistenceProblem) {
    guard let make = persisted.problem, let root else {
      return FileHandle.standardError.write(Data("MVIKitPersistence: \(problem)\n".utf8))
    }
    // A problem found while the store is being made reaches the model once it is made.
    Task { root.send(make(problem)) }
  }
}

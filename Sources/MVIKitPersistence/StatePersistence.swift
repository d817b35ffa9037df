import Foundation
import MVIKit

/// Keeps the members a ``PersistedState`` names across launches: loads them when the store is
/// made, before anything is drawn, and saves them after they change.
///
/// The store attaches it before anything else given to `attaching:`, in any order: a `Recorder`
/// or the inspector beside it starts from the restored state.
///
/// ```swift
/// let store = Store(
///   initialState: Settings.State(), model: Settings(),
///   attaching: [
///     StatePersistence(Settings.persisted, in: .standard(appIdentifier: "org.example.app"))
///   ])
/// ```
///
/// Saves are coalesced: the first send after a save starts a wait of `delay`; then the state is
/// handed off the main actor, where its members are encoded and, when their bytes differ from
/// the last ones saved, written by the ``StateStorage``, one save after the other. Between
/// saves a send pays nothing for persistence; the one send that starts the wait takes the
/// store's slower path once. Call ``flush()`` before the app quits.
///
/// A file that cannot be read (not JSON, a member that does not decode, a member version with
/// no migration) or that a newer version of the app wrote is moved aside, the state starts from
/// its defaults, and the model is told once through ``PersistedState/problem``.
@MainActor
public final class StatePersistence<M: Model>: StoreAttachment, StateRestoringAttachment {
  private let persisted: PersistedState<M>
  private let storage: any StateStorage
  private let delay: Duration
  private var root: RootStoreHandle<M>?
  /// Encodes and writes, off the main actor; made once the file is read.
  private var writer: StateWriter<M>?
  /// Set when the file could not be read nor moved aside: nothing is saved over it.
  private var isReadOnly = false
  private var pendingSave: Task<Void, Never>?
  /// The last save handed to the writer; each waits for the one before.
  private var writing: Task<Void, Never>?
  private var saveFailureReported = false

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
    let (loaded, file, bytes) = load(into: state)
    root.restore(loaded)
    let writer = StateWriter(persisted, storage: storage, file: file, bytes: bytes)
    self.writer = writer
    // A member that holds a secret is found at launch, not at the first save.
    enqueue { await writer.start(from: loaded) }
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

  /// The state with the saved members read in, the file as read, and its bytes; `state`
  /// itself, an empty file and no bytes when there is no file or it cannot be used.
  private func load(into state: M.State) -> (M.State, StateFile, Data?) {
    do {
      guard let data = try storage.read(persisted.name) else { return (state, StateFile(), nil) }
      let file = try StateFile(data)
      var loaded = state
      try persisted.read(file, into: &loaded)
      return (loaded, file, data)
    } catch {
      moveAside(because: error)
      return (state, StateFile(), nil)
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
          message: "The saved state in \(location) could not be used: \(Self.clause(reason)). "
            + "It was kept "
            + "as \(aside), and the app started from its defaults."))
    } catch {
      isReadOnly = true
      tell(
        PersistenceProblem(
          kind: .cannotMoveAside,
          message: "The saved state in \(location) could not be used: \(Self.clause(reason)). "
            + "It could not be moved aside either (\(Self.clause("\(error)"))), so it is left as "
            + "it is and nothing is saved over it."))
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

  /// Hands the state to the writer, which encodes and writes it when it changed.
  private func save() {
    pendingSave = nil
    guard let root else { return }
    root.onNextChange { self.scheduleSave() }
    guard !isReadOnly, let state = root.state, let writer else { return }
    enqueue { await writer.save(state) }
  }

  /// Runs `work` on the writer after the work before it, then acts on what it found.
  private func enqueue(_ work: @escaping @Sendable () async -> [StateWriter<M>.Outcome]) {
    let previous = writing
    writing = Task {
      await previous?.value
      for outcome in await work() { self.handle(outcome) }
    }
  }

  private func handle(_ outcome: StateWriter<M>.Outcome) {
    switch outcome {
    case .written:
      saveFailureReported = false
    case .leftOut(let key):
      tell(
        PersistenceProblem(
          kind: .secretLeftOut(key: key),
          message: "\"\(key)\" of \(persisted.name) holds a Secret, which never persists: it is "
            + "left out of the saved state. Persist the members around it instead."))
    case .failed(let reason):
      guard !saveFailureReported else { return }
      saveFailureReported = true
      tell(
        PersistenceProblem(
          kind: .saveFailed,
          message: "The app's state could not be saved to "
            + "\(storage.location(of: persisted.name)): \(Self.clause(reason)). It is tried "
            + "again after the next change."))
    }
  }

  /// `reason` as a clause inside a sentence: a system error's text ("Permission denied.") ends
  /// with a full stop of its own, which would make two.
  static func clause(_ reason: String) -> String {
    var text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  private func tell(_ problem: PersistenceProblem) {
    guard let make = persisted.problem, let root else {
      return FileHandle.standardError.write(Data("MVIKitPersistence: \(problem)\n".utf8))
    }
    // A problem found while the store is being made reaches the model once it is made.
    Task { root.send(make(problem)) }
  }
}

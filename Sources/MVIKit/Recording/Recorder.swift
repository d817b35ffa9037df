import Foundation

/// Writes a store's session to a file as it happens: every intent (marked as sent by the View
/// or fed back by an effect), the state change it made and each side effect, one JSON line
/// each. See ``Store/record(to:)``.
///
/// Each line goes to the file in one write, so a crash loses at most the line being written,
/// and ``Recording`` skips a torn last line. Values in a ``Secret`` are written as
/// `Secret(••••)`.
@MainActor
public final class Recorder<M: Model>
where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
  /// The file being written.
  public let url: URL
  /// How many intents have been recorded.
  public private(set) var stepCount = 0
  /// Why recording stopped early (a full disk, a removed file), if it did.
  public private(set) var failure: RecordingError?
  private let handle: FileHandle
  private var lastState: JSONValue
  private weak var store: Store<M>?
  private var tap: FlowTap<M>?

  init(store: Store<M>, url: URL) throws(RecordingError) {
    guard store.model != nil else { throw .scopedStore }
    self.url = url
    self.store = store
    lastState = try JSONValue(encoding: store.currentState)
    let header = RecordedLine.header(model: String(describing: M.self), state: lastState)
    do {
      guard FileManager.default.createFile(atPath: url.path, contents: header.encoded())
      else {
        throw RecordingError.file(path: url.path, reason: "could not be created")
      }
      handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
    } catch let error as RecordingError {
      throw error
    } catch {
      throw .file(path: url.path, reason: error.localizedDescription)
    }
    // The store keeps the recorder through its tap, so a discarded recorder goes on recording.
    let tap = FlowTap<M> { event in self.record(event) }
    self.tap = tap
    store.taps.append(tap)
  }

  isolated deinit {
    try? handle.close()
  }

  /// Stops recording; the file keeps what was written.
  public func stop() {
    guard let tap else { return }
    store?.taps.removeAll { $0 === tap }
    self.tap = nil
    try? handle.close()
  }

  private func record(_ event: FlowTapEvent<M>) {
    do {
      switch event {
      case .intent(let intent, let origin):
        stepCount += 1
        try write(.intent(step: stepCount, origin: origin, value: JSONValue(encoding: intent)))
      case .stateChanged(_, let state):
        let next = try JSONValue(encoding: state)
        let changes = StateChange.changes(from: lastState, to: next)
        lastState = next
        if !changes.isEmpty { try write(.changes(step: stepCount, changes)) }
      case .sideEffect(let sideEffect):
        try write(.sideEffect(step: stepCount, value: JSONValue(encoding: sideEffect)))
      }
    } catch {
      failure = error
      stop()
      writeRuntimeWarning("Recorder<\(M.self)>: recording to \(url.path) stopped: \(error)")
    }
  }

  private func write(_ line: RecordedLine) throws(RecordingError) {
    do {
      try handle.write(contentsOf: line.encoded())
    } catch {
      throw .file(path: url.path, reason: error.localizedDescription)
    }
  }
}

extension Store where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
  /// Records this store's session from now on to the file at `url` (replaced if it exists),
  /// until the returned recorder is stopped or the store is gone.
  ///
  /// The model's `State`, `Intent` and `SideEffect` must be `Codable`: for a store whose types
  /// are not, this method does not exist, so the mistake shows when compiling.
  ///
  /// ```swift
  /// let recorder = try store.record(to: URL(filePath: "session.jsonl"))
  /// ```
  ///
  /// - Throws: ``RecordingError`` when the file cannot be created or the state not encoded,
  ///   or when this is a scoped store.
  @discardableResult
  public func record(to url: URL) throws(RecordingError) -> Recorder<M> {
    try Recorder(store: self, url: url)
  }
}

import Foundation
import MVIKit

/// Writes a store's session to a file as it happens: every intent (marked as sent by the View
/// or fed back by an effect), the state change it made and each side effect, one JSON line
/// each. Give it to a root store's
/// `Store/init(initialState:model:attaching:)`.
///
/// Each line goes to the file in one write, so a crash loses at most the line being written,
/// and ``Recording`` skips a torn last line. Values in a `Secret` are written as
/// `Secret(••••)`.
@MainActor
public final class Recorder<M: Model>: StoreAttachment
where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
  /// The file being written.
  public let url: URL
  /// How many intents have been recorded.
  public private(set) var stepCount = 0
  /// Why recording stopped early (a full disk, a removed file, a state that does not encode),
  /// if it did.
  public private(set) var failure: RecordingError?
  private let handle: FileHandle
  private var lastState: JSONValue = .null
  private var root: RootStoreHandle<M>?
  private var tap: FlowTap<M>?
  /// The store's step count when recording began: its effects' runs name their steps in the
  /// store's count, the file in its own.
  private var firstStoreStep = 0

  /// Creates the file at `url` (replacing one that exists); recording starts when the recorder
  /// is given to a root store:
  ///
  /// ```swift
  /// let recorder = try Recorder<Counter>(to: URL(filePath: "session.jsonl"))
  /// let store = Store(initialState: .init(), model: Counter(), attaching: [recorder])
  /// ```
  ///
  /// The model's `State`, `Intent` and `SideEffect` must be `Codable`: for a model whose types
  /// are not, this initialiser does not exist, so the mistake shows when compiling.
  ///
  /// - Throws: ``RecordingError/file(path:reason:)`` when the file cannot be created.
  public init(to url: URL) throws(RecordingError) {
    self.url = url
    do {
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw RecordingError.file(path: url.path, reason: "could not be created")
      }
      handle = try FileHandle(forWritingTo: url)
    } catch let error as RecordingError {
      throw error
    } catch {
      throw .file(path: url.path, reason: error.localizedDescription)
    }
  }

  isolated deinit {
    try? handle.close()
  }

  /// Writes the store's first state, then every step of its flow. Called by the store.
  public func attach(to root: RootStoreHandle<M>) {
    guard tap == nil, failure == nil, let state = root.state else { return }
    self.root = root
    firstStoreStep = root.reportedStepCount
    // The store keeps the recorder through its tap, so a discarded recorder goes on recording.
    tap = root.addTap(
      { event, context in self.record(event, context) },
      effects: { event in self.recordStart(event) })
    perform { () throws(RecordingError) in
      lastState = try JSONValue(encoding: state)
      try write(.header(model: String(describing: M.self), state: lastState))
    }
  }

  /// Stops recording; the file keeps what was written.
  public func stop() {
    guard let tap else { return }
    root?.removeTap(tap)
    self.tap = nil
    try? handle.close()
  }

  private func record(_ event: FlowEvent<M>, _ context: FlowContext) {
    let origin = context.origin ?? .view
    perform { () throws(RecordingError) in
      switch event {
      case .intent(let intent):
        stepCount += 1
        try write(
          .intent(
            step: stepCount, origin: origin, value: JSONValue(encoding: intent),
            run: origin == .effect ? context.run : nil,
            site: origin == .view ? context.site.recordedText : nil))
      case .stateChanged(_, let state):
        let next = try JSONValue(encoding: state)
        let changes = StateChange.changes(from: lastState, to: next)
        lastState = next
        if !changes.isEmpty { try write(.changes(step: stepCount, changes)) }
      case .sideEffect(let sideEffect):
        try write(.sideEffect(step: stepCount, value: JSONValue(encoding: sideEffect)))
      case .unhandledError, .runtimeWarning:
        break
      }
    }
  }

  /// Writes which step started an effect's run, so that a reader knows which intents each run
  /// sent: what an exploration of the recording replays in other orders.
  private func recordStart(_ event: EffectLifecycleEvent) {
    guard case .started = event.moment else { return }
    let step = event.step - firstStoreStep
    guard step > 0 else { return }
    perform { () throws(RecordingError) in try write(.effectStarted(step: step, run: event.run)) }
  }

  /// Runs one write; the first failure stops the recording and is kept in ``failure``.
  private func perform(_ body: () throws(RecordingError) -> Void) {
    do {
      try body()
    } catch {
      failure = error
      stop()
      try? FileHandle.standardError.write(
        contentsOf:
          Data("Recorder<\(M.self)>: recording to \(url.path) stopped: \(error)\n".utf8))
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

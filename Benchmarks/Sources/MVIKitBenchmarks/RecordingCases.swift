import Foundation
import Logging
import MVIKit
import MVIKitRecording

/// What recording, time travel and readable logs cost a send.
@MainActor
enum RecordingCases {
  /// A recorded send against the least a recording of it must do: encode the intent as JSON
  /// and write the line.
  static func recordedSend() -> Row {
    let n = 20_000
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("mvikit-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let floorFile = folder.appendingPathComponent("floor.jsonl")
    _ = FileManager.default.createFile(atPath: floorFile.path, contents: nil)
    guard let handle = try? FileHandle(forWritingTo: floorFile) else {
      return failed("12a. recorded send", "the floor's file could not be opened")
    }
    let encoder = JSONEncoder()
    let floor = measure(n, repeats: 3) { n in
      for index in 0..<n {
        var line = (try? encoder.encode(Sheet.Intent.set(index % 100, index))) ?? Data()
        line.append(0x0A)
        try? handle.write(contentsOf: line)
      }
    }
    try? handle.close()
    guard let recorder = try? Recorder<Sheet>(to: folder.appendingPathComponent("store.jsonl"))
    else {
      return failed("12a. recorded send", "the recording could not be started")
    }
    let store = Store(initialState: Sheet.State(), model: Sheet(), attaching: [recorder])
    let mvikit = measure(n, repeats: 3) { n in
      for index in 0..<n { store.send(.set(index % 100, index)) }
    }
    recorder.stop()
    return Row(
      name: "12a. recorded send (100-cell state, 1 changes)", nanoseconds: mvikit.ns,
      floorName: "JSONEncoder(intent) + write the line", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil)
  }

  /// A send while a ``StateHistory`` keeps every state, against a plain send.
  static func historySend() -> Row {
    let n = 200_000
    let plain = Store(initialState: Sheet.State(), model: Sheet())
    let floor = measure(n) { n in
      for index in 0..<n { plain.send(.set(index % 100, index)) }
    }
    let history = StateHistory<Sheet>()
    let store = Store(initialState: Sheet.State(), model: Sheet(), attaching: [history])
    let mvikit = measure(n) { n in
      for index in 0..<n { store.send(.set(index % 100, index)) }
    }
    blackHole(history.count)
    return Row(
      name: "12b. send with a StateHistory (time travel) kept", nanoseconds: mvikit.ns,
      floorName: "plain send", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil)
  }

  /// The `.debug` diff line of a ``FlowLogger`` over a 1,000-item state, against its `.info`
  /// intent line alone.
  static func loggedDiff() -> Row {
    let n = 500
    func logger(_ level: Logger.Level) -> Logger {
      var logger = Logger(label: "bench") { _ in CountingLogHandler() }
      logger.logLevel = level
      return logger
    }
    let plain = Store(
      initialState: Sheet.State(count: 1_000), model: Sheet(),
      attaching: [FlowObserver(FlowLogger<Sheet>(logger: logger(.info)).log)])
    let floor = measure(n) { n in
      for index in 0..<n { plain.send(.set(index % 1_000, index)) }
    }
    let store = Store(
      initialState: Sheet.State(count: 1_000), model: Sheet(),
      attaching: [FlowObserver(FlowLogger<Sheet>(logger: logger(.debug)).log)])
    let mvikit = measure(n) { n in
      for index in 0..<n { store.send(.set(index % 1_000, index)) }
    }
    return Row(
      name: "12c. FlowLogger diff line, 1,000-item state", nanoseconds: mvikit.ns,
      floorName: "intent line only (.info)", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil)
  }

  private static func failed(_ name: String, _ reason: String) -> Row {
    Row(
      name: name, nanoseconds: 0, floorName: reason, floorNanoseconds: 0, allocations: 0,
      target: "report", met: false)
  }
}

/// A grid of numbers, one set at a time (case 12).
struct Sheet: Model {
  struct State: Codable, Sendable {
    var cells: [Int]
    var edits = 0

    init(count: Int = 100) {
      cells = Array(repeating: 0, count: count)
    }
  }

  enum Intent: Codable, Sendable { case set(Int, Int) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .set(let index, let value):
      state.cells[index] = value
      state.edits += 1
      return .none
    }
  }
}

/// Takes every line at its level and keeps only their total length, so each line is built.
struct CountingLogHandler: LogHandler {
  nonisolated(unsafe) static var characters = 0
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    Self.characters += event.message.description.count
  }
}

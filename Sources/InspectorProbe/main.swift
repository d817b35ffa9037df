import Foundation
import MVIKit
import MVIKitInspector
import MVIKitRecording

// A store with an inspector attached, driven line by line through standard input, for the
// inspector's browser tests (Tests/Browser). Every command is answered with one line.
//
//   InspectorProbe [--port N] [--token T] [--limit N] [--withhold CASE,CASE] [--fixed]
//
// `--withhold` keeps those intents' steps in the app, and shows every item's name as
// "(private)" on the page, as an app's privacy settings would.
//
// `--fixed` makes a new lookup cancel the one in flight (ProbeModel's ordering bug fixed).
//
// Commands: `send increment|effect`, `send add NAME`, `send password TEXT`, `send toast TEXT`,
// `send lookup QUERY` (which waits for its answer),
// `sendmany N`, `state`, `verify PATH`, `quit`.

@MainActor
func option(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

@MainActor
func answer(_ line: String) {
  try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
}

/// What `--withhold` asks the inspector to keep in the app.
@MainActor
func privacy() -> InspectorPrivacy<ProbeModel> {
  guard let cases = option("--withhold") else { return .none }
  return InspectorPrivacy(
    withholding: Set(cases.split(separator: ",").map(String.init)),
    state: { state in
      var shown = state
      for index in shown.items.indices { shown.items[index].name = "(private)" }
      return shown
    })
}

@MainActor
func run() async {
  let store = Store(
    initialState: ProbeModel.State(),
    model: ProbeModel(cancelsStaleLookups: CommandLine.arguments.contains("--fixed")))
  let inspector: Inspector<ProbeModel>
  do {
    inspector = try await Inspector.attach(
      to: store, port: option("--port").flatMap(Int.init) ?? 0, token: option("--token"),
      limit: option("--limit").flatMap(Int.init) ?? 10_000, announce: false,
      privacy: privacy())
  } catch {
    try? FileHandle.standardError.write(contentsOf: Data("InspectorProbe: \(error)\n".utf8))
    exit(1)
  }
  answer("url \(inspector.url.absoluteString)")
  let lines = AsyncStream<String> { continuation in
    Thread.detachNewThread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }
  }
  for await line in lines {
    let words = line.split(separator: " ", maxSplits: 2).map(String.init)
    switch (words.first ?? "", words.count > 1 ? words[1] : "") {
    case ("send", "increment"):
      store.send(.increment)
      answer("ok")
    case ("send", "effect"):
      await store.send(.effect).finish()
      answer("ok")
    case ("send", "add") where words.count == 3:
      store.send(.add(words[2]))
      answer("ok")
    case ("send", "password") where words.count == 3:
      store.send(.password(Secret(words[2])))
      answer("ok")
    case ("send", "lookup") where words.count == 3:
      await store.send(.lookup(words[2])).finish()
      answer("ok")
    case ("send", "toast") where words.count == 3:
      store.send(.toast(words[2]))
      answer("ok")
    case ("sendmany", let count):
      for _ in 0..<(Int(count) ?? 0) { store.send(.increment) }
      answer("ok")
    case ("state", _):
      let items = store.items.map(\.name).joined(separator: ",")
      answer("state count=\(store.count) items=\(items) live=\(inspector.isLive)")
    case ("verify", _) where words.count >= 2:
      let path = words.dropFirst().joined(separator: " ")
      do {
        let recording = try Recording<ProbeModel>(contentsOf: URL(fileURLWithPath: path))
        let states = try recording.replay(with: ProbeModel())
        answer("recording steps=\(recording.steps.count) count=\(states.last?.state.count ?? -1)")
      } catch {
        answer("error \(error)")
      }
    case ("quit", _):
      await inspector.stop()
      exit(0)
    default:
      answer("error unknown command: \(line)")
    }
  }
  await inspector.stop()
}

await run()

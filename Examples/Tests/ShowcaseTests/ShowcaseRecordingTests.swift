import DemoServer
import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTerminal
import ShowcaseKit
import Testing
import Transcribe

/// Each app's session, recorded through the showcase's root store as `--record` does, reads
/// back and replays into a fresh showcase, reproducing every state; secrets stay out of the
/// file; the time-travel overlay steps through the session.
@MainActor
@Suite struct ShowcaseRecordingTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-recording-\(UUID().uuidString)")

  var todosPath: String { folder.appendingPathComponent("todos.sqlite").path }

  /// Records `walk` in a showcase on `server`, then replays the file into a new showcase and
  /// checks its final state encodes as the live one did. Returns the recording's text.
  @discardableResult
  func recordAndReplay(
    on server: RunningServer, steps minimumSteps: Int,
    _ walk: (ShowcaseHarness) async throws -> Void
  ) async throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try Recorder<ShowcaseModel>(to: folder.appendingPathComponent("s.jsonl"))
    let live = ShowcaseHarness(
      serverURL: server.baseURL, todosPath: todosPath, recognizer: .wavOnly,
      recorder: recorder)
    try await walk(live)
    recorder.stop()
    #expect(recorder.failure == nil)
    #expect(recorder.stepCount >= minimumSteps)

    let recording = try Recording<ShowcaseModel>(contentsOf: recorder.url)
    #expect(recording.steps.count == recorder.stepCount)
    #expect(recording.steps.contains { $0.origin == .effect })
    let replayed = try ShowcaseHarness(
      serverURL: server.baseURL, todosPath: todosPath, recognizer: .wavOnly,
      replaying: recording)
    // Every step is in the time-travel history, the last one showing.
    #expect(replayed.showcase.history.count == recording.steps.count + 1)
    replayed.showcase.history.returnToLive()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      try encoder.encode(replayed.showcase.store.state)
        == encoder.encode(live.showcase.store.state))
    await live.close()
    return try String(contentsOf: recorder.url, encoding: .utf8)
  }

  @Test func usersSessionReplays() async throws {
    try await DemoServer.withServer { server in
      try await recordAndReplay(on: server, steps: 5) { showcase in
        showcase.terminal.press(.down, .down, .enter)
        #expect(await showcase.waitFor(DemoUser.fixtures[0].name))
        showcase.terminal.press(.down, .enter)
        #expect(await showcase.waitFor("Company"))
        showcase.terminal.press(.escape)
      }
    }
  }

  @Test func loginSessionReplaysWithoutThePassword() async throws {
    try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
      let text = try await recordAndReplay(on: server, steps: 6) { showcase in
        await showcase.submitLogin(password: DemoAccount.password)
        #expect(await showcase.waitFor("Signed in as \(DemoAccount.name)"))
      }
      #expect(!text.contains(DemoAccount.password))
      #expect(text.contains("Secret(••••)"))
    }
  }

  @Test func todosSessionReplays() async throws {
    try await DemoServer.withServer { server in
      try await recordAndReplay(on: server, steps: 8) { showcase in
        await showcase.addMilkAndBreadAndTickBread()
      }
    }
  }

  @Test func posterSessionReplays() async throws {
    try await DemoServer.withServer { server in
      try await recordAndReplay(on: server, steps: 3) { showcase in
        showcase.terminal.press(.down, .enter)
        #expect(await showcase.waitFor("Get Poster!"))
        showcase.terminal.press("g")
        #expect(
          await showcase.waitUntil { showcase.topScreen(AppScreen.poster)?.state.poster != nil })
      }
    }
  }

  @Test func transcribeSessionReplays() async throws {
    try await DemoServer.withServer { server in
      try await recordAndReplay(on: server, steps: 3) { showcase in
        showcase.terminal.press(.enter)
        #expect(await showcase.waitFor("\(SpeechRecognizer.wavOnlyName), ready"))
        #expect(
          await showcase.waitUntil {
            showcase.topScreen(AppScreen.transcribe)?.state.listing != nil
          })
      }
    }
  }

  @Test func timeTravelShowsAnEarlierScreenThenReturnsToLive() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.press(.down, .down, .down, .enter)
      #expect(await showcase.waitFor("Password"))
      showcase.terminal.type("ab")
      #expect(await showcase.waitFor("ab"))
      showcase.terminal.press(.ctrl("t"))
      #expect(showcase.terminal.grid.contains("TIME TRAVEL"))
      showcase.terminal.press(.left)
      // The intent that led to the state shown, without module and type names.
      #expect(
        showcase.terminal.grid.contains(
          #"after the view's screen(Keyed(id: 0, value: login(emailChanged("a"))))"#))
      showcase.terminal.press(.home)
      #expect(showcase.terminal.grid.contains("Five apps"))
      // A key for the app does nothing in the past.
      showcase.terminal.press(.enter)
      #expect(showcase.terminal.grid.contains("Five apps"))
      showcase.terminal.press(.escape)
      #expect(!showcase.terminal.grid.contains("TIME TRAVEL"))
      #expect(showcase.terminal.grid.contains("Password"))
      #expect(showcase.topScreen(AppScreen.login)?.state.email == "ab")
    }
  }

  @Test func recordAndReplayFlagsAreParsed() throws {
    // --replay wants a file that is there.
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-flag-\(UUID().uuidString).jsonl")
    try Data().write(to: recording)
    defer { try? FileManager.default.removeItem(at: recording) }
    let options = try ShowcaseCommand.parse(["--record", "/tmp/rec", "--replay", recording.path])
      .options
    #expect(options.recordFolder == "/tmp/rec")
    #expect(options.replayFile == recording.path)
    #expect(ShowcaseCommand.failure(["--record"]) == "Missing value for '--record <dir>'")
  }
}

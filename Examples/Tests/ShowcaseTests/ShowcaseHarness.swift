import DemoServer
import Foundation
import MVIKit
import MVIKitPersistence
import MVIKitRecording
import MVIKitTerminal
import ShowcaseKit
import Testing
import Transcribe

/// The showcase wired as `Showcase` wires it, but on a headless terminal.
@MainActor
final class ShowcaseHarness {
  let showcase: ShowcaseRoot
  let terminal: HeadlessTerminal

  /// A fresh showcase; `recorder`, when given, records it from its first state.
  /// `recognizer`, when given, replaces the engine the options choose, so that a test about
  /// the showcase does not wait for a real speech engine.
  convenience init(
    serverURL: URL, todosPath: String, audioFolder: String? = nil,
    speechEngine: RecognizerOptions.Engine = .whisper, recognizer: SpeechRecognizer? = nil,
    recorder: Recorder<ShowcaseModel>? = nil, memory: (any StateStorage)? = nil
  ) {
    let backends = Self.backends(serverURL, todosPath, audioFolder, speechEngine, recognizer)
    self.init(ShowcaseRoot(backends: backends, recorder: recorder, memory: memory))
  }

  /// A showcase after every step of `recording`, as `--replay` opens it.
  convenience init(
    serverURL: URL, todosPath: String, speechEngine: RecognizerOptions.Engine = .whisper,
    recognizer: SpeechRecognizer? = nil, replaying recording: Recording<ShowcaseModel>
  ) throws {
    let backends = Self.backends(serverURL, todosPath, nil, speechEngine, recognizer)
    self.init(try ShowcaseRoot(backends: backends, replaying: recording))
  }

  private init(_ showcase: ShowcaseRoot) {
    self.showcase = showcase
    terminal = HeadlessTerminal(
      store: showcase.store, size: Size(width: 110, height: 30), quitKeys: ["q"],
      presentation: showcase.present, timeTravel: showcase.history
    ) {
      showcase.view
    }
  }

  private static func backends(
    _ serverURL: URL, _ todosPath: String, _ audioFolder: String?,
    _ speechEngine: RecognizerOptions.Engine, _ recognizer: SpeechRecognizer?
  ) -> ShowcaseBackends {
    var options = ShowcaseOptions()
    options.todosPath = todosPath
    options.audioFolder = audioFolder
    options.recognizer.engine = speechEngine
    var backends = ShowcaseBackends(
      options: options, serverURL: serverURL,
      demoHint: "Demo account: \(DemoAccount.email) / \(DemoAccount.password)")
    if let recognizer {
      backends.recognizer = recognizer
      backends.whisperEngine = nil
    }
    return backends
  }

  /// The store of the top screen's app, scoped as the screen's view scopes it.
  func topScreen<Child: Model>(_ link: CaseLink<AppScreen, Child>) -> Store<Child>? {
    showcase.store.scope(ShowcaseModel.screens).last?.scope(link)
  }

  /// Stops the embedded Whisper engine if Transcribe started it.
  func close() async {
    await showcase.backends.whisperEngine?.stop()
  }

  var screen: String { terminal.text.joined(separator: "\n") }

  /// Waits until `condition` holds, for work that finishes on another task.
  func waitUntil(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  /// Waits until the screen shows `text`; real HTTP and SQLite answer on other threads. The
  /// limit is generous because the Whisper engine's tests may hold both cores meanwhile; a
  /// wait that succeeds returns at once.
  func waitFor(_ text: String, timeout: Duration = .seconds(60)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if terminal.grid.contains(text) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  /// Opens Todos on an empty database, adds "milk" and "bread" through the field and ticks
  /// "bread": the session the recording tests record.
  func addMilkAndBreadAndTickBread() async {
    terminal.press(.down, .down, .down, .down, .enter)
    #expect(await waitFor("Nothing to do yet."))
    for title in ["milk", "bread"] {
      terminal.type(title)
      terminal.press(.enter)
      #expect(await waitFor("[ ] \(title)"))
    }
    terminal.press(.tab, .down, .space)
    #expect(await waitFor("[x] bread"))
  }

  /// Opens Login, types the demo account's email and `password`, and presses Enter.
  func submitLogin(password: String) async {
    terminal.press(.down, .down, .down, .enter)
    #expect(await waitFor("Password"))
    terminal.type(DemoAccount.email)
    terminal.press(.tab)
    terminal.type(password)
    terminal.press(.enter)
  }
}

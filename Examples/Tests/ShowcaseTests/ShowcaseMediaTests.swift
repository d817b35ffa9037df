import DemoServer
import ExampleTestSupport
import Foundation
import MVIKitTerminal
import Poster
import ShowcaseKit
import Testing
import Transcribe

/// Transcribe and Poster in the headless showcase, on the real recognizer and server.
@MainActor
@Suite struct ShowcaseMediaTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-\(UUID().uuidString)/todos.sqlite").path

  @Test func transcribeFreeSpeechWithTheEmbeddedWhisperEngine() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "showcase-audio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Speech that is in no phrase list, as an MP3.
    let wav = folder.appending(path: "door.wav")
    try await Tool.run("espeak-ng", ["-w", wav.path, "open the door and turn on the lights"])
    let engine = WhisperEngine.defaultDirectory()
    try await Tool.run(
      engine.appending(path: ".venv/bin/python").path,
      [
        engine.appending(path: "encode_audio.py").path, wav.path,
        folder.appending(path: "door.mp3").path,
      ])
    try FileManager.default.removeItem(at: wav)
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(
        serverURL: server.baseURL, todosPath: todosPath, audioFolder: folder.path)
      #expect(showcase.terminal.grid.contains("speech: whisper (embedded)"))
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("ready", timeout: .seconds(60)))
      #expect(showcase.terminal.grid.contains("Recognizer: Whisper tiny.en (embedded engine)"))
      weak let store = showcase.topScreen(AppScreen.transcribe)
      #expect(await showcase.waitFor("  door.mp3"))
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("File: door.mp3"))
      #expect(showcase.terminal.grid.contains("Free speech (no phrases.txt)"))
      showcase.terminal.press("s")
      #expect(await showcase.waitFor("Heard (free speech", timeout: .seconds(60)))
      #expect(showcase.screen.lowercased().contains("open the door and turn on the lights"))
      showcase.terminal.press(.escape)
      #expect(await showcase.waitFor("Five apps"))
      #expect(await showcase.waitUntil { showcase.showcase.store.path.isEmpty })
      #expect(store == nil)
      let pid = try #require(await showcase.showcase.backends.whisperEngine?.processIdentifier)
      await showcase.close()
      #expect(kill(pid, 0) != 0)
    }
  }

  @Test func aWAVOnlyRecognizerListsOtherFormatsAsUnsupportedAndExplainsThem() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "showcase-audio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data([0xFF, 0xFB]).write(to: folder.appending(path: "song.mp3"))
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(
        serverURL: server.baseURL, todosPath: todosPath, audioFolder: folder.path,
        recognizer: .wavOnly)
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("Recognizer: \(SpeechRecognizer.wavOnlyName), ready"))
      #expect(await showcase.waitFor("song.mp3  (unsupported)"))
      let position = try #require(showcase.terminal.grid.position(of: "song.mp3"))
      #expect(
        showcase.terminal.grid.style(column: position.column, row: position.row).attributes
          .contains(.dim))
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("WAV only) cannot read"))
      showcase.terminal.press("s")
      #expect(await showcase.waitFor("Pick an audio file first"))
    }
  }

  @Test func posterFetchesTwoPostersAndFreesItsStoreOnClose() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      #expect(showcase.terminal.grid.contains("posters: \(server.baseURL.absoluteString)"))
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("Get Poster!"))
      weak let store = showcase.topScreen(AppScreen.poster)
      #expect(store != nil)
      showcase.terminal.press("g")
      let first = try #require(await shownTitle(in: showcase))
      let firstPicture = picture(in: showcase.terminal.grid)
      #expect(firstPicture.count > 200)
      // The server picks at random, so press until another poster comes up.
      var second: String?
      for _ in 0..<20 where second == nil {
        showcase.terminal.press("g")
        #expect(
          await showcase.waitUntil {
            showcase.topScreen(AppScreen.poster)?.state.isLoading == false
          })
        let title = await shownTitle(in: showcase)
        if title != first { second = title }
      }
      let secondTitle = try #require(second)
      #expect(showcase.terminal.grid.contains(secondTitle))
      #expect(picture(in: showcase.terminal.grid) != firstPicture)
      showcase.terminal.press(.escape)
      #expect(await showcase.waitFor("Five apps"))
      #expect(await showcase.waitUntil { showcase.showcase.store.path.isEmpty })
      #expect(store == nil)
    }
  }

  @Test func aFailedFetchToastsAndKeepsThePoster() async throws {
    let faults = DemoServer.Configuration(faults: ["/posters/random": .status(500)])
    try await DemoServer.withServer(faults) { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("Get Poster!"))
      showcase.terminal.press("g")
      #expect(await showcase.waitFor("HTTP 500"))
      #expect(showcase.terminal.grid.contains("Press g or the button"))
    }
  }

  @Test func theMediaFlagsAreParsed() throws {
    let options = try ShowcaseCommand.parse([
      "--poster-url", "http://127.0.0.1:9/", "--audio-dir", "~/recordings",
    ]).options
    #expect(options.posterURL?.absoluteString == "http://127.0.0.1:9/")
    #expect(options.audioFolder == "~/recordings")
    #expect(ShowcaseCommand.failure(["--poster-url", "ftp://x"])?.contains("http(s) URL") == true)
    #expect(ShowcaseCommand.failure(["--audio-dir"]) == "Missing value for '--audio-dir <path>'")
    let server = try #require(URL(string: "http://127.0.0.1:8"))
    let backends = ShowcaseBackends(options: options, serverURL: server, demoHint: "")
    #expect(backends.posterURL.absoluteString == "http://127.0.0.1:9/")
    #expect(backends.audioFolder.path.hasSuffix("/recordings"))
    #expect(!backends.audioFolder.path.contains("~"))
  }

  @Test func theGraphicsAndSpeechFlagsAreParsed() throws {
    func options(_ arguments: [String]) throws -> ShowcaseOptions {
      try ShowcaseCommand.parse(arguments).options
    }
    #expect(try options([]).graphics == nil)
    #expect(try options(["--graphics", "kitty"]).graphics == .kitty)
    #expect(try options(["--graphics", "blocks"]).graphics == .halfBlocks)
    #expect(try options(["--graphics", "kitty", "--graphics", "auto"]).graphics == nil)
    #expect(ShowcaseCommand.failure(["--graphics", "sixel"])?.contains("'sixel'") == true)
    let speech = try options([
      "--stt-engine", "whisper", "--stt-url", "https://api.openai.com/v1", "--stt-model",
      "whisper-1",
    ])
    #expect(speech.recognizer.engine == .whisper)
    #expect(speech.recognizer.serviceURL?.host == "api.openai.com")
    #expect(speech.recognizer.model == "whisper-1")
    #expect(ShowcaseCommand.failure(["--stt-engine", "vosk"])?.contains("'vosk'") == true)
  }

  @Test func thePosterIsDrawnWithRealPixelsInKittyMode() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.graphics = .kitty
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("Get Poster!"))
      showcase.terminal.press("g")
      #expect(await showcase.waitUntil { !showcase.terminal.grid.images.isEmpty })
      let placement = try #require(showcase.terminal.grid.images.first)
      #expect(placement.width == 240 && placement.height == 360)
      #expect(!showcase.terminal.grid.contains("▀"))
      let bytes = String(decoding: showcase.terminal.nextFrameBytes(), as: UTF8.self)
      #expect(bytes.contains("\u{1B}_Ga=T,f=24,s=240,v=360"))
    }
  }

  /// The title under the image, once a poster is on screen.
  func shownTitle(in showcase: ShowcaseHarness) async -> String? {
    guard await showcase.waitUntil({ showcase.topScreen(AppScreen.poster)?.state.poster != nil })
    else {
      return nil
    }
    return DemoServer.posterTitles.first { showcase.terminal.grid.contains($0) }
  }

  /// The colours of the half-block cells that draw the image.
  func picture(in grid: Grid) -> [Style] {
    grid.cells.filter { $0.character == "▀" }.map(\.style)
  }
}

import DemoServer
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
  let samples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Samples/audio")

  @Test func transcribeASampleWithItsPhraseList() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(
        serverURL: server.baseURL, todosPath: todosPath, audioFolder: samples.path)
      #expect(showcase.terminal.grid.contains("audio: \(samples.path)"))
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("Recognizer: PocketSphinx, ready"))
      #expect(await showcase.waitFor("turn-on-the-kitchen-lights.wav"))
      weak let store = showcase.topScreen(AppScreen.transcribe)
      #expect(store != nil)
      let row = try #require(
        showcase.topScreen(AppScreen.transcribe)?.state.entries.firstIndex {
          $0.name == "turn-on-the-kitchen-lights.wav"
        })
      for _ in 0..<row { showcase.terminal.press(.down) }
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("File: turn-on-the-kitchen-lights.wav"))
      #expect(showcase.terminal.grid.contains("Phrase list: on, 3 phrases from phrases.txt"))
      showcase.terminal.press("s")
      #expect(await showcase.waitFor("Heard (phrase list", timeout: .seconds(60)))
      // The transcript is a row of the panel on its own, exactly the spoken command.
      let cells = showcase.terminal.text.flatMap { $0.split(separator: "│") }
      #expect(
        cells.contains { $0.trimmingCharacters(in: .whitespaces) == "turn on the kitchen lights" })
      showcase.terminal.press(.escape)
      #expect(await showcase.waitFor("Five apps"))
      #expect(await showcase.waitUntil { showcase.showcase.store.path.isEmpty })
      #expect(store == nil)
    }
  }

  @Test func transcribeShowsUnsupportedFilesDimmedAndExplainsThem() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "showcase-audio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data([0xFF, 0xFB]).write(to: folder.appending(path: "song.mp3"))
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(
        serverURL: server.baseURL, todosPath: todosPath, audioFolder: folder.path)
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("song.mp3  (not WAV)"))
      let position = try #require(showcase.terminal.grid.position(of: "song.mp3"))
      #expect(
        showcase.terminal.grid.style(column: position.column, row: position.row).attributes
          .contains(.dim))
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("song.mp3 is not a WAV file"))
      showcase.terminal.press("s")
      #expect(await showcase.waitFor("Pick a WAV file first"))
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
    let options = try ShowcaseOptions.parse([
      "--poster-url", "http://127.0.0.1:9/", "--audio-dir", "~/recordings",
    ])
    #expect(options.posterURL?.absoluteString == "http://127.0.0.1:9/")
    #expect(options.audioFolder == "~/recordings")
    #expect(throws: ShowcaseOptionsError.invalidURL("--poster-url", "ftp://x")) {
      try ShowcaseOptions.parse(["--poster-url", "ftp://x"])
    }
    #expect(throws: ShowcaseOptionsError.missingValue("--audio-dir")) {
      try ShowcaseOptions.parse(["--audio-dir"])
    }
    #expect(ShowcaseOptions.usage.contains("--poster-url URL"))
    #expect(ShowcaseOptions.usage.contains("--audio-dir PATH"))
    let server = try #require(URL(string: "http://127.0.0.1:8"))
    let backends = ShowcaseBackends(options: options, serverURL: server, demoHint: "")
    #expect(backends.posterURL.absoluteString == "http://127.0.0.1:9/")
    #expect(backends.audioFolder.path.hasSuffix("/recordings"))
    #expect(!backends.audioFolder.path.contains("~"))
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

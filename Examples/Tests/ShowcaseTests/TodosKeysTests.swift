import DemoServer
import Foundation
import MVIKitTerminal
import ShowcaseKit
import Testing

/// Todos in a user's hands: every key the screen offers can be reached, and typing a title
/// never reaches the list's shortcuts.
@MainActor
@Suite struct TodosKeysTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("todos-keys-\(UUID().uuidString)/todos.sqlite").path

  /// The showcase with Todos open and `titles` added through the field.
  func openTodos(_ server: RunningServer, adding titles: [String]) async -> ShowcaseHarness {
    let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
    showcase.terminal.press(.down, .down, .down, .down, .enter)
    #expect(await showcase.waitFor("Nothing to do yet."))
    for title in titles {
      showcase.terminal.type(title)
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("[ ] \(title)"))
    }
    return showcase
  }

  var keyBarRow: Int { 29 }

  @Test func undoAfterDeletingTheLastTodo() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["Only"])
      showcase.terminal.press(.tab, "d")
      #expect(await showcase.waitFor("Deleted 1 todo; u brings it back."))
      #expect(showcase.terminal.text[keyBarRow].contains("u Undo delete"))
      showcase.terminal.press("u")
      #expect(await showcase.waitFor("[ ] Only"))
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "")
    }
  }

  @Test func undoAfterClearingEveryDoneTodo() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["Only"])
      showcase.terminal.press(.tab, .space)
      #expect(await showcase.waitFor("[x] Only"))
      showcase.terminal.press("x")
      #expect(await showcase.waitFor("Deleted 1 todo; u brings it back."))
      showcase.terminal.press("u")
      #expect(await showcase.waitFor("[x] Only"))
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "")
    }
  }

  @Test func aRenameTypedInFullTouchesNoRow() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["passport", "tickets"])
      showcase.terminal.press(.tab, "e")
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "passport")
      showcase.terminal.type(" and visa")
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "passport and visa")
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("[ ] passport and visa"))
      #expect(showcase.terminal.grid.contains("[ ] tickets"))
      #expect(showcase.terminal.grid.contains("2 left of 2"))
      #expect(!showcase.terminal.grid.contains("Deleted"))
    }
  }

  @Test func filteringDownToNothingLeavesTheFilterKeyReachable() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["milk", "bread"])
      showcase.terminal.press(.tab, "f", "f")
      #expect(await showcase.waitFor("No done todos."))
      showcase.terminal.press("f")
      #expect(await showcase.waitFor("[ ] milk"))
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "")
      showcase.terminal.press(.tab)
      showcase.terminal.type("eggs")
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "eggs")
    }
  }

  @Test func theHomeScreenTakesTheFocusBackAfterTodos() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: [])
      // Esc leaves the field (the only view that takes the focus), a second Esc goes home.
      showcase.terminal.press(.escape, .escape)
      #expect(await showcase.waitFor("Five apps from five articles"))
      #expect(showcase.terminal.focusedID != nil)
      let selection = showcase.showcase.store.selection
      showcase.terminal.press(.up)
      #expect(showcase.showcase.store.selection == selection - 1)
      showcase.terminal.press("?")
      #expect(showcase.terminal.grid.contains("Keys on this screen"))
      showcase.terminal.press(.enter)
      #expect(!showcase.terminal.grid.contains("Keys on this screen"))
      showcase.terminal.press(.enter)
      #expect(await showcase.waitUntil { showcase.showcase.store.path.elements.count == 1 })
    }
  }

  @Test func aFullKeyBarKeepsFilterBackAndQuit() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["milk", "bread"])
      // A done todo offers x, and a delete offers u: the bar has more keys than room.
      showcase.terminal.press(.tab, .space)
      #expect(await showcase.waitFor("[x] milk"))
      showcase.terminal.press(.down, "d")
      #expect(await showcase.waitFor("u brings it back"))
      let bar = showcase.terminal.text[keyBarRow]
      for key in ["f Filter", "Esc Back", "q Quit", "Space Toggle"] {
        #expect(bar.contains(key), "\(key) is missing from the key bar: \(bar)")
      }
    }
  }

  @Test func anEmptyListOffersNoKeyThatActsOnARow() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: [])
      showcase.terminal.press(.tab)
      let bar = showcase.terminal.text[keyBarRow]
      for key in ["Space Toggle", "d Delete", "e Rename", "x Clear done", "u Undo"] {
        #expect(!bar.contains(key), "\(key) is offered in an empty list")
      }
      #expect(bar.contains("f Filter"))
      // And the keys do nothing: no message, no change.
      showcase.terminal.press("d", "e", "x", .space)
      #expect(showcase.topScreen(AppScreen.todos)?.message == nil)
      #expect(showcase.topScreen(AppScreen.todos)?.rename == nil)
    }
  }

  /// The titles of the todos shown, in order.
  func titles(_ showcase: ShowcaseHarness) -> [String] {
    showcase.topScreen(AppScreen.todos)?.todos.map(\.title) ?? []
  }

  @Test func twentyTitlesTypedInOneReadMakeExactlyThoseTodos() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: [])
      let expected = (1...20).map { "C\($0)" }
      // One read of input, as a fast typist or a program sends it: C1⏎C2⏎…C20⏎.
      showcase.terminal.typeFast(expected.map { $0 + "\r" }.joined())
      #expect(await showcase.waitUntil { titles(showcase) == expected })
      #expect(showcase.topScreen(AppScreen.todos)?.draft == "")
    }
  }

  @Test func anUnbracketedThreeLinePasteMakesThreeTodos() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: [])
      showcase.terminal.typeFast("paste one\rpaste two\rpaste three\r")
      #expect(
        await showcase.waitUntil { titles(showcase) == ["paste one", "paste two", "paste three"] })
    }
  }

  @Test func keysInReadsOfTheirOwnWhileSavesAreAnsweredLoseNoLetter() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: [])
      let expected = (1...10).map { "title \($0)" }
      for title in expected {
        for character in title + "\r" {
          showcase.terminal.typeFast(String(character))
          // Lets the database answer between some keys and not others.
          await Task.yield()
        }
      }
      #expect(await showcase.waitUntil { titles(showcase) == expected })
    }
  }

  @Test func aRenameIsShownEndsWithEscAndIsUndone() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["alpha", "beta"])
      showcase.terminal.press(.tab, .up, "e")
      #expect(showcase.terminal.grid.contains("Renaming \"alpha\""))
      showcase.terminal.type("zzz")
      showcase.terminal.press(.escape)
      #expect(!showcase.terminal.grid.contains("Renaming"))
      showcase.terminal.press(.down, .tab, .enter)
      #expect(showcase.terminal.grid.contains("A todo needs a title."))
      showcase.terminal.press(.escape, "e", .escape, .tab)
      showcase.terminal.type("call mom")
      showcase.terminal.press(.enter)
      #expect(await showcase.waitUntil { titles(showcase) == ["alpha", "beta", "call mom"] })
      // A rename saved, then undone with u.
      showcase.terminal.press(.escape, "e")
      let original = try #require(showcase.topScreen(AppScreen.todos)?.rename?.originalTitle)
      showcase.terminal.press(.ctrl("u"))
      showcase.terminal.type("omega")
      showcase.terminal.press(.enter)
      let before = ["alpha", "beta", "call mom"]
      let renamed = before.map { $0 == original ? "omega" : $0 }
      #expect(await showcase.waitUntil { titles(showcase) == renamed })
      showcase.terminal.press(.escape, "u")
      #expect(await showcase.waitUntil { titles(showcase) == before })
    }
  }

  @Test func theKeyBarShowsWholeKeysForTheFocusAndTheHelpThisScreensKeys() async throws {
    try await DemoServer.withServer { server in
      let showcase = await openTodos(server, adding: ["milk"])
      let typing = showcase.terminal.text[keyBarRow]
      #expect(typing.contains("Type Edit"))
      #expect(!typing.contains("q Quit") && !typing.contains("u Undo") && !typing.contains("Space"))
      showcase.terminal.press(.tab)
      let bar = showcase.terminal.text[keyBarRow].trimmingCharacters(in: .whitespaces)
      #expect(bar.contains("Space Toggle"))
      // Nothing deleted yet, none done: u and x would do nothing, so they are not offered.
      #expect(!bar.contains("u Undo") && !bar.contains("x Clear"))
      // The ways to list every key, go back and quit end the bar, whatever else it drops.
      #expect(bar.hasSuffix("Esc Back  ? Keys  q Quit"))
      showcase.terminal.press("?")
      #expect(showcase.terminal.grid.contains("Keys on this screen"))
      #expect(showcase.terminal.grid.contains("Rename"))
      #expect(!showcase.terminal.grid.contains("Transcribe:"))
    }
  }
}

import DemoServer
import Foundation
import MVIKitPersistence
import MVIKitTerminal
import ShowcaseKit
import Testing
import Todos

@MainActor
@Suite struct ShowcaseFlowTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-\(UUID().uuidString)/todos.sqlite").path

  @Test func homeListsTheFiveAppsAndTheBackends() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      for app in ShowcaseApp.allCases {
        #expect(showcase.terminal.grid.contains(app.title))
        #expect(showcase.terminal.grid.contains("seed \(app.seed)"))
      }
      #expect(showcase.terminal.grid.contains("users: http://127.0.0.1:\(server.port)/users"))
      showcase.terminal.press("?")
      #expect(showcase.terminal.grid.contains("Keys on this screen"))
      #expect(showcase.terminal.grid.contains("Enter  Open"))
      #expect(showcase.terminal.grid.contains("^T     Time travel"))
    }
  }

  @Test func usersListDetailAndBackFreesTheModule() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      let first = DemoUser.fixtures[0]
      let second = DemoUser.fixtures[1]
      showcase.terminal.press(.down, .down, .enter)
      #expect(await showcase.waitFor(first.name))
      weak let store = showcase.topScreen(AppScreen.users)
      #expect(store != nil)
      // VIPER: the router assembled the module over the list's store, and keeps it while the
      // detail is pushed over the list.
      #expect(showcase.showcase.usersRouter.module?.store === store)
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("Company"))
      #expect(showcase.terminal.grid.contains(second.company.name))
      #expect(showcase.terminal.grid.contains(second.address.city))
      showcase.terminal.press(.escape)
      #expect(showcase.terminal.grid.contains(first.name))
      showcase.terminal.press(.escape)
      #expect(await showcase.waitFor("Five apps"))
      #expect(showcase.showcase.store.path.isEmpty)
      #expect(showcase.showcase.usersRouter.module == nil)
      #expect(store == nil)
    }
  }

  @Test func usersAreFoundByTypingAndOpenedByClicking() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      let last = DemoUser.fixtures[DemoUser.fixtures.count - 1]
      showcase.terminal.press(.down, .down, .enter)
      #expect(await showcase.waitFor(DemoUser.fixtures[0].name))
      showcase.terminal.press("/")
      showcase.terminal.type(last.username)
      #expect(showcase.terminal.grid.contains(last.name))
      #expect(!showcase.terminal.grid.contains(DemoUser.fixtures[0].name))
      // The match is selected; a click on the selected row opens it.
      #expect(showcase.terminal.click(last.name))
      #expect(await showcase.waitFor("Company"))
      #expect(showcase.terminal.grid.contains(last.company.name))
    }
  }

  @Test func theUsersFilterAndTheAppOpenAreThereAfterARelaunch() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "showcase-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let memory = FileStateStorage(folder: folder)
    let last = DemoUser.fixtures[DemoUser.fixtures.count - 1]
    try await DemoServer.withServer { server in
      let first = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath, memory: memory)
      first.terminal.press(.down, .down, .enter)
      #expect(await first.waitFor(DemoUser.fixtures[0].name))
      first.terminal.press("/")
      first.terminal.type(last.username)
      first.terminal.press(.enter)
      await first.showcase.persistence?.flush()
    }
    try await DemoServer.withServer { server in
      let second = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath, memory: memory)
      second.showcase.store.send(.launched)
      #expect(await second.waitFor(last.name))
      #expect(second.terminal.text.contains { $0.contains("/\(last.username)") })
      #expect(!second.terminal.grid.contains(DemoUser.fixtures[0].name))
    }
  }

  @Test func usersShowAnErrorWhenTheServerFails() async throws {
    let faults = DemoServer.Configuration(faults: ["/users": .status(500)])
    try await DemoServer.withServer(faults) { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.press(.down, .down, .enter)
      #expect(await showcase.waitFor("HTTP 500"))
      #expect(showcase.terminal.grid.contains("Press r to try again."))
    }
  }

  @Test func escCancelsASlowLoginAndTheFormIsBack() async throws {
    let slow = DemoServer.Configuration(faults: ["/login": .delay(.seconds(30))], bcryptCost: 4)
    try await DemoServer.withServer(slow) { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      await showcase.submitLogin(password: DemoAccount.password)
      #expect(await showcase.waitFor("Logging in…"))
      let bar = showcase.terminal.text[showcase.terminal.text.count - 1]
      #expect(bar.contains("Esc Cancel"), "\(bar)")
      #expect(!bar.contains("Enter"), "a key that would do nothing is offered: \(bar)")
      showcase.terminal.press(.escape)
      #expect(await showcase.waitFor("[ Log in ]"))
      // Esc cancelled the login; it did not leave the screen.
      let login = showcase.topScreen(AppScreen.login)?.state
      #expect(login?.isLoading == false && login?.email == DemoAccount.email)
      #expect(showcase.terminal.grid.contains("Password"))
    }
  }

  @Test func loginWrongThenRightPassword() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.press(.down, .down, .down, .enter)
      #expect(await showcase.waitFor("Password"))
      showcase.terminal.type(DemoAccount.email)
      showcase.terminal.press(.tab)
      showcase.terminal.type("wrong-password")
      #expect(!showcase.terminal.grid.contains("wrong-password"))
      #expect(showcase.terminal.grid.contains("••••••••••••••"))
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("Login failed"))
      #expect(showcase.terminal.grid.contains("Wrong email or password"))
      // The alert is Login's state, drawn by its view, not a one-shot the root presents.
      #expect(showcase.topScreen(AppScreen.login)?.state.alert?.title == "Login failed")
      showcase.terminal.press(.enter)  // dismisses the alert
      #expect(!showcase.terminal.grid.contains("Login failed"))
      #expect(showcase.topScreen(AppScreen.login)?.state.alert == nil)
      showcase.terminal.press(.ctrl("u"))
      showcase.terminal.type(DemoAccount.password)
      showcase.terminal.press(.enter)
      #expect(await showcase.waitFor("Signed in as \(DemoAccount.name)"))
      #expect(!showcase.screen.contains("wrong-password"))
    }
  }

  @Test func todosAddToggleAndSurviveARestart() async throws {
    try await DemoServer.withServer { server in
      do {
        let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
        showcase.terminal.press(.down, .down, .down, .down, .enter)
        #expect(await showcase.waitFor("Nothing to do yet."))
        for title in ["milk", "bread", "eggs"] {
          showcase.terminal.type(title)
          showcase.terminal.press(.enter)
          #expect(await showcase.waitFor("[ ] \(title)"))
        }
        showcase.terminal.press(.enter)
        #expect(await showcase.waitFor("A todo needs a title."))
        showcase.terminal.press(.tab, .down, .space)
        #expect(await showcase.waitFor("[x] bread"))
        #expect(showcase.terminal.grid.contains("2 left of 3"))
      }
      let restarted = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      restarted.terminal.press(.down, .down, .down, .down, .enter)
      #expect(await restarted.waitFor("[x] bread"))
      #expect(restarted.terminal.grid.contains("[ ] milk"))
      #expect(restarted.terminal.grid.contains("[ ] eggs"))
    }
  }

  @Test func aTodosNoteIsTypedOnSeveralLinesSavedOnEscAndShownAgain() async throws {
    try await DemoServer.withServer { server in
      do {
        let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
        showcase.terminal.press(.down, .down, .down, .down, .enter)
        #expect(await showcase.waitFor("Nothing to do yet."))
        showcase.terminal.type("milk")
        showcase.terminal.press(.enter)
        #expect(await showcase.waitFor("[ ] milk"))
        showcase.terminal.press(.tab, .char("n"))
        #expect(await showcase.waitFor("Note for \"milk\": Esc saves and closes"))
        showcase.terminal.typeFast("oat, not cow")
        showcase.terminal.press(.enter)
        showcase.terminal.type("2 litres")
        #expect(await showcase.waitFor("2 litres"))
        showcase.terminal.press(.escape)
        #expect(await showcase.waitFor("[ ] milk ✎"))
        #expect(!showcase.screen.contains("Note for"))
      }
      let reopened = try TodoRepository(url: URL(fileURLWithPath: todosPath))
      #expect(try await reopened.all().map(\.note) == ["oat, not cow\n2 litres"])
    }
  }
}

import Clocks
import MVIKit
import MVIKitTerminal
import Testing

/// Text typed into a field faster than a frame (a paste from a terminal without bracketed
/// paste) is one edit: it reaches the screen in one frame, however long it is.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct TypedRunTests {
  final class Renders {
    var count = 0

    func tick() -> Int {
      count += 1
      return count
    }
  }

  @Test func tenThousandTypedCharactersAreOneEditAndOneFrame() async throws {
    let store = Store(initialState: Form.State(), model: Form())
    let backend = TestTerminalBackend(size: Size(width: 40, height: 6))
    let renders = Renders()
    let app = TerminalApp(store: store, backend: backend, clock: TestClock()) {
      let _ = renders.tick()
      VStack {
        TextField("Email", text: store.email) { store.send(.email($0)) }
        Text("\(store.email.count) typed")
      }
    }
    let run = Task { try await app.run() }
    _ = await backend.nextFrame()
    let before = renders.count
    let typed = String(repeating: "abcdefghij", count: 1_000)
    backend.send(bytes: Array(typed.utf8))
    let frame = await backend.frame { $0.contains("10000 typed") }
    #expect(frame.contains("10000 typed"))
    #expect(store.email == typed)
    // One render to find the focus, one for the frame: not one per character.
    #expect(renders.count - before <= 4)
    backend.send(.ctrl("c"))
    _ = try? await run.value
  }

  @Test func aRunOfCharactersOutsideAFieldStillReachesTheShortcutsOneByOne() async throws {
    let store = Store(initialState: Form.State(), model: Form())
    let backend = TestTerminalBackend(size: Size(width: 40, height: 6))
    let app = TerminalApp(store: store, backend: backend, clock: TestClock()) {
      Text("Submitted \(store.submitted)")
        .onKey("s", help: "Submit") { store.send(.submit) }
    }
    let run = Task { try await app.run() }
    _ = await backend.nextFrame()
    backend.send(bytes: Array("sss".utf8))
    #expect(await backend.frame { $0.contains("Submitted 3") }.contains("Submitted 3"))
    backend.send(.ctrl("c"))
    _ = try? await run.value
  }

  /// A field whose submit takes its text and clears it, counting the edits it is told of.
  final class Edits {
    var changes: [String] = []
    var submitted: [String] = []
  }

  func submittingField(_ store: Store<Form>, _ edits: Edits) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 40, height: 4)) {
      TextField(
        "Email", text: store.email,
        onSubmit: {
          edits.submitted.append(store.email)
          store.send(.email(""))
        }
      ) {
        edits.changes.append($0)
        store.send(.email($0))
      }
    }
  }

  @Test func theHeadlessTerminalTakesOneReadAsTheRealOneDoes() {
    let store = Store(initialState: Form.State(), model: Form())
    let edits = Edits()
    let terminal = submittingField(store, edits)
    // One read: each run of characters is one edit, and each Enter submits what came before.
    terminal.typeFast("one\rtwo\rthree\r")
    #expect(edits.submitted == ["one", "two", "three"])
    #expect(edits.changes == ["one", "two", "three"])
    #expect(store.email == "")
  }

  @Test func keysInReadsOfTheirOwnAreOneEditEach() {
    let store = Store(initialState: Form.State(), model: Form())
    let edits = Edits()
    let terminal = submittingField(store, edits)
    terminal.type("ab")
    terminal.press(.enter)
    #expect(edits.changes == ["a", "ab"])
    #expect(edits.submitted == ["ab"])
  }

  @Test func theRealTerminalSubmitsEachLineOfOneRead() async throws {
    let store = Store(initialState: Form.State(), model: Form())
    let edits = Edits()
    let backend = TestTerminalBackend(size: Size(width: 40, height: 6))
    let app = TerminalApp(store: store, backend: backend, clock: TestClock()) {
      TextField(
        "Email", text: store.email,
        onSubmit: {
          edits.submitted.append(store.email)
          store.send(.email(""))
        }
      ) { store.send(.email($0)) }
      Text("\(edits.submitted.count) submitted")
    }
    let run = Task { try await app.run() }
    _ = await backend.nextFrame()
    backend.send(bytes: Array("one\rtwo\rthree\r".utf8))
    _ = await backend.frame { _ in edits.submitted.count == 3 }
    #expect(edits.submitted == ["one", "two", "three"])
    backend.send(.ctrl("c"))
    _ = try? await run.value
  }
}

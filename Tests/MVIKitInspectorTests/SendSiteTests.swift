import Foundation
import MVIKit
import Testing

@testable import MVIKitInspector

/// A parent holding two ``Plain`` children, for sends from scoped stores made before and
/// after the inspector attached.
struct Shelf: Model {
  struct State: Equatable, Sendable {
    var plain = Plain.State()
    var other = Plain.State()
  }
  enum Intent: Sendable {
    case plain(Plain.Intent)
    case other(Plain.Intent)
  }

  static let plain = ChildLink<Shelf, Plain>(state: \.plain, intent: Intent.plain)
  static let other = ChildLink<Shelf, Plain>(state: \.other, intent: Intent.other)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .plain(let intent): Self.plain.reduce(Plain(), &state, intent)
    case .other(let intent): Self.other.reduce(Plain(), &state, intent)
    }
  }
}

extension InspectorTests {
  /// The page's step says where the View sent its intent from: a root store's send, a scoped
  /// store's (made before and after the inspector attached), none for `store.send` as a
  /// function value or for an intent an effect sent.
  @Test func eachViewIntentSaysTheFileAndLineItWasSentFrom() async throws {
    let store = Store(initialState: Shelf.State(), model: Shelf())
    let child = store.scope(Shelf.plain)
    let inspector = try await Inspector.attach(to: store, token: "t0ken", announce: false)
    let client = try await connect(inspector)

    let rootLine = #line + 1
    store.send(.plain(.increment))
    let childLine = #line + 1
    child.send(.increment)
    // Scoped for the first time now: it learns from its parent that a site is wanted.
    let laterChild = store.scope(Shelf.other)
    let laterLine = #line + 1
    laterChild.send(.increment)
    let send: (Shelf.Intent) -> StoreTask = store.send
    _ = send(.plain(.increment))

    let messages = await read(client) { $0.contains("\"step\":4,") }.joined()
    let file = "MVIKitInspectorTests/SendSiteTests.swift"
    #expect(messages.contains(#""site":"\#(file):\#(rootLine)","step":1,"#))
    #expect(messages.contains(#""site":"\#(file):\#(childLine)","step":2,"#))
    #expect(messages.contains(#""site":"\#(file):\#(laterLine)","step":3,"#))
    #expect(messages.contains(#""origin":"view","step":4,"#))
    #expect(!messages.contains(#""site":"\#(file):\#(laterLine + 2)""#))
    await inspector.stop()
    #expect(store.plain.count == 3)
    #expect(store.other.count == 1)
  }

  @Test func aSendSiteReadsAsItsFileAndLine() {
    let site = SendSite(fileID: "Todos/TodosView.swift", line: 42)
    #expect(site.fileID == "Todos/TodosView.swift")
    #expect(site.line == 42)
    #expect(site.description == "Todos/TodosView.swift:42")
    #expect(site == SendSite(fileID: "Todos/TodosView.swift", line: 42))
    #expect(site != SendSite(fileID: "Todos/TodosView.swift", line: 43))
    #expect(!SendSite.unknown.isKnown)
    #expect(SendSite.unknown.fileID == nil)
    #expect(SendSite.unknown.description == "unknown")
  }

  @Test func aSendSiteKeepsAFileNameInAnyScriptAndALineOfAnySize() {
    let accented = SendSite(fileID: "Tâches/VueDesTâches.swift", line: 7)
    #expect(accented.fileID == "Tâches/VueDesTâches.swift")
    #expect(accented.description == "Tâches/VueDesTâches.swift:7")
    #expect(accented != SendSite(fileID: "Taches/VueDesTaches.swift", line: 7))
    let far = SendSite(fileID: "App/Generated.swift", line: UInt(UInt32.max))
    #expect(far.line == Int(UInt32.max))
    #expect(far.fileID == "App/Generated.swift")
    let oneCharacter = SendSite(fileID: "a", line: 3)
    #expect(oneCharacter.description == "a:3")
  }
}

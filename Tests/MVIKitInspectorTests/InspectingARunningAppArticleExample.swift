import Foundation
import MVIKit
import Testing

@testable import MVIKitInspector

// The code of MVIKitInspector's article "Inspecting a running app", compiled and run here:
// MVIKitTests' ArticleSnippetTestsTestingAndRecording fails when a swift block of the article
// is not found in this file line for line, so change the two together.

/// What the article's code names: an app, the todos of "Copy as test", and a checkout whose
/// card number is a plain `String`.
enum InspectingARunningAppArticle {
  struct App: Model {
    struct State: Codable, Equatable, Sendable {
      var count = 0
    }
    enum Intent: Codable, Equatable, Sendable {
      case increment
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .increment:
        state.count += 1
        return .none
      }
    }
  }

  struct Todos: Model {
    /// Where the todos are kept.
    struct Storage: Sendable {
      var save: @Sendable ([String]) async throws -> Void

      /// Keeps nothing: what a test made from a session needs, as its effects never run.
      static let none = Storage(save: { _ in })
    }

    struct State: Codable, Equatable, Sendable {
      var titles: [String] = []
    }
    enum Intent: Codable, Equatable, Sendable {
      case added(String)
    }

    var storage: Storage

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .added(let title):
        state.titles.append(title)
        return .run { [storage, titles = state.titles] _ in try await storage.save(titles) }
      }
    }
  }

  struct Checkout: Model {
    struct State: Codable, Equatable, Sendable {
      var cardNumber = ""
      var secondsLeft = 300
      var isPaying = false
    }
    enum Intent: Codable, Equatable, Sendable {
      case tick
      case payment(Payment)
    }
    enum Payment: Codable, Equatable, Sendable {
      case cardNumberChanged(String)
      case payTapped
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .tick:
        state.secondsLeft -= 1
      case .payment(.cardNumberChanged(let number)):
        state.cardNumber = number
      case .payment(.payTapped):
        state.isPaying = true
      }
      return .none
    }
  }
}

// With the page's socket tests, one at a time (see AgentToolTests.swift).
extension InspectorTests {
  @MainActor
  @Suite struct InspectingARunningAppArticleTests {
    typealias App = InspectingARunningAppArticle.App
    typealias Todos = InspectingARunningAppArticle.Todos
    typealias Checkout = InspectingARunningAppArticle.Checkout

    @Test func anInspectorAttachesInDebugBuilds() async throws {
      let store = Store(initialState: App.State(), model: App())
      #if DEBUG
        let inspector = try await Inspector.attach(to: store)  // prints its URL
      #endif
      #if DEBUG
        #expect(inspector.url.absoluteString.hasPrefix("http://127.0.0.1:"))
        await inspector.stop()
      #endif
    }

    @Test func aCopiedTestMakesTheModelAsTheAppSays() async throws {
      let store = Store(initialState: Todos.State(), model: Todos(storage: .none))
      let inspector = try await Inspector.attach(to: store, testModel: "Todos(storage: .none)")
      store.send(.added("milk"))
      #expect(await eventually { inspector.exportedRecording().contains("\"step\":1") })
      let port = try #require(inspector.url.port)
      let path = "/test?token=\(inspector.token)&name=addingMilk"
      let response = await Task.detached {
        (try? RawClient(port: port))?.get(path, headers: ["Host": "127.0.0.1:\(port)"])
      }.value
      #expect(response?.status == 200)
      #expect(response?.body.contains("    model: Todos(storage: .none),\n") == true)
      await inspector.stop()
    }

    @Test func whatStaysInTheAppIsNeverSent() async throws {
      let store = Store(initialState: Checkout.State(), model: Checkout())
      let inspector = try await Inspector.attach(
        to: store,
        privacy: InspectorPrivacy(
          withholding: ["tick", "payment.cardNumberChanged"],
          state: { state in
            var shown = state
            shown.cardNumber = "••••"
            return shown
          }))
      store.send(.tick)
      store.send(.payment(.cardNumberChanged("4242 4242 4242 4242")))
      store.send(.payment(.payTapped))
      #expect(await eventually { inspector.exportedRecording().contains("payTapped") })
      let export = inspector.exportedRecording()
      #expect(!export.contains("4242"))
      #expect(!export.contains("cardNumberChanged"))
      // The store keeps the real number.
      #expect(store.cardNumber == "4242 4242 4242 4242")
      await inspector.stop()
    }
  }
}

import MVIKit
import MVIKitTesting
import Testing

// The code of the "Delivering side effects" article, compiled and run here: ArticleSnippetTests
// fails when a swift block of the article is not found in this file line for line, so change
// the two together.

/// The article's feature and the two views that listen to it, in a namespace: the module's
/// other tests have models and views of their own.
enum DeliveringSideEffectsArticle {
  /// A profile that toasts once it is saved, and asks for the settings screen from inside an
  /// effect, the two ways the overview names.
  struct Profile: Model {
    struct State: Equatable, Sendable {
      var name = ""
    }
    enum Intent: Equatable, Sendable {
      case nameChanged(String)
      case saveTapped
      case saved
      case settingsTapped
    }

    enum SideEffect: Equatable, Sendable {
      case toast(String)
      case openSettings
    }

    var save: @Sendable (String) async throws -> Void

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .nameChanged(let name):
        state.name = name
        return .none
      case .saveTapped:
        return .run { [name = state.name] send in
          try await save(name)
          await send(.saved)
        }
      case .saved:
        return .emit(.toast("Saved"))
      case .settingsTapped:
        return .run { send in await send.emit(.openSettings) }
      }
    }
  }

  /// Stands in for SwiftUI's `@State`, which these tests cannot import: its setter does not
  /// mutate the view, so the article's `task` closure sets the view's members as in SwiftUI.
  @propertyWrapper
  struct Shown<Value: Sendable>: Sendable {
    @MainActor
    final class Box {
      var value: Value

      nonisolated init(_ value: Value) { self.value = value }
    }

    let box: Box

    init(wrappedValue: Value) { box = Box(wrappedValue) }

    @MainActor
    var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }

  /// Stands in for the SwiftUI view that `task` modifies: it keeps the work for the test to run
  /// while the view is "on screen" and to cancel when it leaves, as SwiftUI does.
  struct OnScreen: Sendable {
    var tasks: [@MainActor @Sendable () async -> Void] = []

    func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> OnScreen {
      OnScreen(tasks: tasks + [action])
    }
  }

  /// The article's SwiftUI listener, with the stand-ins above for SwiftUI's.
  @MainActor
  struct ProfileView: Sendable {
    let store: Store<Profile>
    @Shown var toast: String? = nil
    @Shown var isShowingSettings = false

    var body: OnScreen {
      OnScreen()
        // SwiftUI
        .task {
          for await sideEffect in store.sideEffects {
            switch sideEffect {
            case .toast(let text): toast = text
            case .openSettings: isShowingSettings = true
            }
          }
        }
    }
  }

  /// The article's UIKit listener, without UIKit: what it shows is the loop, which is the same
  /// in a view controller.
  @MainActor
  final class ProfileViewController {
    let store: Store<Profile>
    private var listening: Task<Void, Never>?
    private(set) var handled: [Profile.SideEffect] = []

    init(store: Store<Profile>) { self.store = store }

    func viewDidLoad() {
      // UIKit
      listening = Task { [weak self, sideEffects = store.sideEffects] in
        for await sideEffect in sideEffects {
          self?.handle(sideEffect)
        }
      }
    }

    func viewDidDisappear() {
      listening?.cancel()
    }

    func handle(_ sideEffect: Profile.SideEffect) {
      handled.append(sideEffect)
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct DeliveringSideEffectsArticleTests {
  typealias Profile = DeliveringSideEffectsArticle.Profile

  @Test func theViewsTaskShowsEachSideEffect() async throws {
    let store = Store(initialState: Profile.State(), model: Profile(save: { _ in }))
    let view = DeliveringSideEffectsArticle.ProfileView(store: store)
    let body = view.body
    let onScreen = Task {
      for task in body.tasks { await task() }
    }
    await store.send(.saveTapped).finish()
    await store.send(.settingsTapped).finish()
    // In order: once the settings are showing, the toast came before.
    try await until { view.isShowingSettings }
    #expect(view.toast == "Saved")
    // The view leaving cancels its task, which ends the loop that was waiting.
    onScreen.cancel()
    await onScreen.value
  }

  @Test func theControllerGetsWhatWasEmittedBeforeItListened() async throws {
    let store = Store(initialState: Profile.State(), model: Profile(save: { _ in }))
    await store.send(.saveTapped).finish()
    let controller = DeliveringSideEffectsArticle.ProfileViewController(store: store)
    controller.viewDidLoad()
    await store.send(.settingsTapped).finish()
    try await until { controller.handled.count == 2 }
    #expect(controller.handled == [.toast("Saved"), .openSettings])
    controller.viewDidDisappear()
  }

  @Test func aTestStoreReceivesEachSideEffect() async {
    let saved = SavedNames()
    let store = TestStore(
      initialState: Profile.State(), model: Profile(save: { await saved.append($0) }))
    await store.send(.nameChanged("Ada")) { $0.name = "Ada" }
    await store.send(.saveTapped)
    await store.receive(.saved)
    await store.receiveSideEffect(.toast("Saved"))
    await store.send(.settingsTapped)
    await store.receiveSideEffect(.openSettings)
    await store.finish()
    #expect(await saved.names == ["Ada"])
  }

  /// Lets the listener's task, also on the main actor, run until `condition` holds; the suite's
  /// time limit ends a wait that never would.
  private func until(_ condition: () -> Bool) async throws {
    while !condition() { try await Task.sleep(for: .milliseconds(1)) }
  }
}

/// What the profile's save dependency was given, across the effect's task.
private actor SavedNames {
  var names: [String] = []

  func append(_ name: String) { names.append(name) }
}

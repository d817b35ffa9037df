import Foundation
import MVIKit
import Observation
import Testing

// The code of the "Observation and SwiftUI" article, compiled and run here: ArticleSnippetTests
// fails when a swift block of the article is not found in this file line for line, so change
// the two together. Its `Counter` is the module's, CounterExample's (see Fixtures.swift); its
// SwiftUI view imports SwiftUI, which these tests cannot.

/// The article's reads and its UIKit view, in a namespace: the module's other tests have views
/// of their own.
enum ObservationAndSwiftUIArticle {
  /// The article's three reads; in an observing context when its caller is in one.
  @MainActor
  static func read(_ store: Store<Counter>) -> (count: Int, isLoading: Bool, state: Counter.State) {
    let count = store.count  // tracks only `count`
    let isLoading = store.isLoading  // tracks only `isLoading`
    let state = store.state  // tracks the whole state
    return (count, isLoading, state)
  }

  /// Stands in for UIKit's view controller, which these tests cannot import: what the article
  /// shows is the loop over the states, which is the same with UIKit's.
  @MainActor
  class UIViewController {
    init(nibName: String?, bundle: Bundle?) {}

    required init?(coder: NSCoder) { nil }

    func viewDidLoad() {}
  }

  final class CounterViewController: UIViewController {
    let store: Store<Counter>
    private var rendering: Task<Void, Never>?

    init(store: Store<Counter>) {
      self.store = store
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
      super.viewDidLoad()
      rendering = Task { [weak self, states = store.states] in
        for await state in states {
          self?.render(state)
        }
      }
    }

    private func render(_ state: Counter.State) {
      // Update labels and buttons from `state`.
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ObservationAndSwiftUIArticleTests {
  let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))

  @Test func theReadsTrackWhatTheyRead() {
    let changes = Locked(0)
    let read = withObservationTracking {
      ObservationAndSwiftUIArticle.read(store)
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    #expect(read.count == 0)
    #expect(!read.isLoading)
    #expect(read.state == Counter.State())
    // Neither `count` nor `isLoading` changes, but the whole state, also read, does.
    store.send(.factLoaded("a fact"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aReaderOfCountAloneIsNotToldOfANewFact() {
    let changes = Locked(0)
    withObservationTracking {
      _ = store.count
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.factLoaded("a fact"))
    #expect(changes.withLock { $0 } == 0)
    store.send(.increment)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func theStatesStartWithTheCurrentOneAndFollowEachChange() async {
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    store.send(.increment)
    #expect(await states.next()?.count == 1)
  }

  @Test func theControllersLoopDoesNotKeepIt() {
    weak var freed: ObservationAndSwiftUIArticle.CounterViewController?
    do {
      let controller = ObservationAndSwiftUIArticle.CounterViewController(store: store)
      controller.viewDidLoad()
      store.send(.increment)
      freed = controller
    }
    #expect(freed == nil)
  }
}

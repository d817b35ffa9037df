import MVIKit

// The five ordering bugs of the "Finding ordering bugs" article, each as a model with a flag
// that turns its fix on.

/// Search as you type: each keystroke requests results for the query.
struct SearchField: Model {
  struct State: Hashable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Intent: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
  }

  let search: @Sendable (String) async -> [String]
  /// The fix: a new query cancels the request in flight.
  var cancelsStaleRequests = false
  /// When set, a query waits for a 300 ms pause in the typing on this clock.
  var debounceClock: (any Clock<Duration>)? = nil

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .queryChanged(let query):
      state.query = query
      let request = Effect<Intent, Never>.run { [search] send in
        await send(.resultsLoaded(await search(query)))
      }
      if let debounceClock {
        return request.debounce(id: "search", for: .milliseconds(300), clock: debounceClock)
      }
      return cancelsStaleRequests
        ? request.cancellable(id: "search", cancelInFlight: true) : request
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}

/// A like button whose effect confirms each like with the server.
struct LikeCounter: Model {
  struct State: Hashable, Sendable { var likes = 0 }
  enum Intent: Equatable, Sendable {
    case likeTapped
    case likesSet(Int)
    case likeConfirmed
  }

  /// The fix: the effect reports one more like, not a total computed from the state it saw.
  var sendsTheChange = false

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .likeTapped:
      if sendsTheChange { return .run { send in await send(.likeConfirmed) } }
      return .run { [likes = state.likes] send in await send(.likesSet(likes + 1)) }
    case .likesSet(let likes):
      state.likes = likes
      return .none
    case .likeConfirmed:
      state.likes += 1
      return .none
    }
  }
}

/// A checkout form that places one order.
struct CheckoutForm: Model {
  struct State: Hashable, Sendable {
    var isSubmitting = false
    var orders: [Int] = []
  }
  enum Intent: Equatable, Sendable {
    case submitTapped
    case orderPlaced(Int)
  }

  let placeOrder: @Sendable () async -> Int
  /// The fix: a tap while the order is being placed is ignored.
  var ignoresTapsWhileSubmitting = false

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .submitTapped:
      guard state.orders.isEmpty else { return .none }
      if ignoresTapsWhileSubmitting, state.isSubmitting { return .none }
      state.isSubmitting = true
      return .run { [placeOrder] send in await send(.orderPlaced(await placeOrder())) }
    case .orderPlaced(let number):
      state.isSubmitting = false
      state.orders.append(number)
      return .none
    }
  }
}

/// A settings switch that shows its new value at once and saves it, undoing it if the save
/// fails.
struct SettingSwitch: Model {
  struct State: Hashable, Sendable {
    var isOn = false
    /// The value of the user's last tap.
    var lastChoice = false
    var saves = 0
  }
  enum Intent: Equatable, Sendable {
    case toggled
    case saveFailed(previous: Bool)
  }

  struct SaveRejected: Error {}

  /// Saves `value`; the `attempt`th save since launch.
  let save: @Sendable (_ value: Bool, _ attempt: Int) async throws -> Void
  /// The fix: a new value cancels the save in flight, so its late failure is dropped.
  var cancelsStaleSaves = false

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .toggled:
      let previous = state.isOn
      state.isOn.toggle()
      state.lastChoice = state.isOn
      state.saves += 1
      let save = Effect<Intent, Never>.run { [save, value = state.isOn, attempt = state.saves] _ in
        try await save(value, attempt)
      } catch: { _, send in
        await send(.saveFailed(previous: previous))
      }
      return cancelsStaleSaves ? save.cancellable(id: "save", cancelInFlight: true) : save
    case .saveFailed(let previous):
      state.isOn = previous
      return .none
    }
  }
}

/// An endless list that loads the next page when scrolled to its bottom.
struct PagedFeed: Model {
  struct State: Hashable, Sendable {
    var items = [1, 2, 3]
    var pages = 1
    var isLoading = false
  }
  enum Intent: Equatable, Sendable {
    case scrolledToBottom
    case pageLoaded(page: Int, items: [Int])
  }

  let load: @Sendable (_ page: Int) async -> [Int]
  /// The fix: no second request for a page while one is loading.
  var waitsForThePageLoading = false

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .scrolledToBottom:
      if waitsForThePageLoading, state.isLoading { return .none }
      state.isLoading = true
      return .run { [load, next = state.pages + 1] send in
        await send(.pageLoaded(page: next, items: await load(next)))
      }
    case .pageLoaded(let page, let items):
      state.isLoading = false
      state.items += items
      state.pages = page
      return .none
    }
  }
}

/// Two timers started together, a long one and a short one.
struct Timers: Model {
  struct State: Hashable, Sendable { var fired: [String] = [] }
  enum Intent: Equatable, Sendable {
    case started
    case fired(String)
  }

  let clock: any Clock<Duration>

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .started:
      return .merge(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(2))
          await send(.fired("slow"))
        },
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.fired("fast"))
        })
    case .fired(let name):
      state.fired.append(name)
      return .none
    }
  }
}

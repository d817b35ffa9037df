import MVIKit

/// The throttle of the Effects article: at most one report per second, and the latest offset
/// of a window reported when the window ends.
struct ScrollReporter: Model {
  struct State: Equatable, Hashable, Sendable {
    var scroll: Throttle<Intent>
    var reported: [Int] = []

    init(latest: Bool = true) {
      scroll = Throttle(for: .seconds(1), latest: latest, ended: .scrollWindowEnded)
    }
  }
  enum Intent: Equatable, Hashable, Sendable {
    case scrolled(Int)
    case scrollWindowEnded
    case report(Int)
  }

  var clock: any Clock<Duration>

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .scrolled(let offset):
      return state.scroll.offer(.report(offset), clock: clock)
    case .scrollWindowEnded:
      return state.scroll.end(clock: clock)
    case .report(let offset):
      state.reported.append(offset)
      return .none
    }
  }
}

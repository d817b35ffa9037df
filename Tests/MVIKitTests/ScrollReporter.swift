import MVIKit

/// The throttle of the Effects article, written as state: at most one report per second, and
/// the latest offset of a window reported when the window ends.
struct ScrollReporter: Model {
  struct State: Equatable, Hashable, Sendable {
    var isWindowOpen = false
    var heldOffset: Int?
    var reported: [Int] = []
  }
  enum Intent: Equatable, Hashable, Sendable {
    case scrolled(Int)
    case windowEnded
  }

  var clock: any Clock<Duration>

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .scrolled(let offset):
      guard !state.isWindowOpen else {
        state.heldOffset = offset
        return .none
      }
      state.isWindowOpen = true
      state.reported.append(offset)
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.windowEnded)
      }

    case .windowEnded:
      state.isWindowOpen = false
      guard let held = state.heldOffset else { return .none }
      state.heldOffset = nil
      return .send(.scrolled(held))
    }
  }
}

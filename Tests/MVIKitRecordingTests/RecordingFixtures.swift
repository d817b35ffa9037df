import Foundation
import MVIKit

/// A model whose session can be recorded: view intents, an effect that feeds an intent back,
/// a side effect, a nested array and a secret.
struct Ledger: Model {
  struct Entry: Codable, Equatable, Sendable {
    var title: String
    var amount: Int
  }

  struct State: Codable, Equatable, Sendable {
    var entries: [Entry] = []
    var total = 0
    var pin = Secret("")
    var isUnlocked = false
    var note: String?
  }

  enum Intent: Codable, Equatable, Sendable {
    case added(Entry)
    case removedLast
    case pinTyped(Secret<String>)
    case unlockTapped
    case unlockChecked(Bool)
    case noted(String?)
  }

  enum SideEffect: Codable, Equatable, Sendable {
    case toast(String)
  }

  /// How much an entry adds to the total: a replay with another weight diverges.
  var weight = 1

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .added(let entry):
      state.entries.append(entry)
      state.total += entry.amount * weight
      return .none
    case .removedLast:
      guard let last = state.entries.popLast() else { return .none }
      state.total -= last.amount * weight
      return .emit(.toast("Removed \(last.title)"))
    case .pinTyped(let pin):
      state.pin = pin
      return .none
    case .unlockTapped:
      let pin = state.pin.value
      return .run { send in
        await Task.yield()
        await send(.unlockChecked(pin.count >= 4))
      }
    case .unlockChecked(let isValid):
      state.isUnlocked = isValid
      return .emit(.toast(isValid ? "Unlocked" : "Wrong PIN"))
    case .noted(let note):
      state.note = note
      return .none
    }
  }
}

func temporaryFile(_ name: String) -> URL {
  FileManager.default.temporaryDirectory.appending(
    path: "mvikit-\(UUID().uuidString)-\(name)")
}

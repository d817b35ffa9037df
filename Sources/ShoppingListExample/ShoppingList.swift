import Foundation
import MVIKit

/// A shopping list that saves each item on a server and suggests items as a search is typed:
/// the model whose recorded sessions the tests turn into tests (`Recording.testSource`).
///
/// It has what a recording holds in a real app: intents from the View, intents its effects
/// send back, a cancellable search whose earlier answers are dropped, side effects, and nested
/// values. Not a product.
public struct ShoppingList: Model {
  /// The list, what is being typed, and the search.
  public struct State: Equatable, Codable, Sendable {
    /// The items saved, oldest first.
    public var items: [Item] = []
    /// The title being typed.
    public var draft = ""
    /// Whether a save is running.
    public var isSaving = false
    /// What the search field holds.
    public var query = ""
    /// The server's suggestions for ``query``.
    public var suggestions: [String] = []
    /// Why the last action failed, or nil.
    public var message: String?

    /// An empty list.
    public init() {}
  }

  /// One item on the list.
  public struct Item: Equatable, Codable, Sendable, Identifiable {
    /// The server's id of it.
    public let id: Int
    /// What to buy.
    public var title: String
    /// Whether it is in the basket.
    public var isBought = false

    /// An item not bought yet.
    public init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// What the user did, or what the server answered.
  public enum Intent: Equatable, Codable, Sendable {
    case draftChanged(String)
    case addTapped
    case saved(Item)
    case saveFailed(reason: String)
    case boughtToggled(id: Int)
    case queryChanged(String)
    case suggested([String], for: String)
  }

  /// One-shot messages for the View.
  public enum SideEffect: Equatable, Codable, Sendable {
    case toast(String)
  }

  /// What the list asks of its server.
  public struct Server: Sendable {
    /// Saves an item with `title`, answering it with its id.
    public var save: @Sendable (_ title: String) async throws -> Item
    /// The titles the server suggests for `query`.
    public var suggest: @Sendable (_ query: String) async throws -> [String]

    /// A server that answers with `save` and `suggest`.
    public init(
      save: @escaping @Sendable (String) async throws -> Item,
      suggest: @escaping @Sendable (String) async throws -> [String]
    ) {
      self.save = save
      self.suggest = suggest
    }

    /// A server that cannot be reached: every call fails.
    public static let offline = Server(
      save: { _ in throw Unreachable() }, suggest: { _ in throw Unreachable() })

    /// The error of ``offline``.
    public struct Unreachable: Error, CustomStringConvertible {
      /// The error as a sentence.
      public var description: String { "The server cannot be reached." }
    }
  }

  let server: Server
  let keepsDraftAfterAdding: Bool

  /// A list kept on `server`.
  public init(server: Server) {
    self.init(server: server, keepsDraftAfterAdding: false)
  }

  /// A list with a regression: adding leaves the title in the field. For the tests that check
  /// that a test made from a recording fails against a changed reducer.
  public init(server: Server, keepsDraftAfterAdding: Bool) {
    self.server = server
    self.keepsDraftAfterAdding = keepsDraftAfterAdding
  }

  /// Applies `intent` to `state`.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .draftChanged(let text):
      state.draft = text
      return .none
    case .addTapped:
      let title = state.draft.trimmingCharacters(in: .whitespaces)
      guard !title.isEmpty else {
        state.message = "An item needs a title."
        return .none
      }
      state.message = nil
      state.isSaving = true
      if !keepsDraftAfterAdding { state.draft = "" }
      return .run { [server] send in
        await send(.saved(try await server.save(title)))
      } catch: { error, send in
        await send(.saveFailed(reason: "\(error)"))
      }
    case .saved(let item):
      state.isSaving = false
      state.items.append(item)
      return .emit(.toast("Added \(item.title)"))
    case .saveFailed(let reason):
      state.isSaving = false
      state.message = reason
      return .none
    case .boughtToggled(let id):
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .none }
      state.items[index].isBought.toggle()
      return .none
    case .queryChanged(let query):
      state.query = query
      return .run { [server] send in
        await send(.suggested(try await server.suggest(query), for: query))
      }
      .cancellable(id: SearchID(), cancelInFlight: true)
    case .suggested(let titles, let query):
      guard query == state.query else { return .none }
      state.suggestions = titles
      return .none
    }
  }

  private struct SearchID: Hashable {}
}

import MVIKit

/// A stack of screens as state: the root is implicit, each pushed screen is an element with a
/// stable id. Push, pop and deep links are plain mutations in `reduce`, so navigation is tested
/// like any other state, and restoring a screen stack is building this value.
///
/// ```swift
/// struct State: Equatable, Sendable { var path = NavigationStackState<Screen.State>() }
///
/// case .userTapped(let user): state.path.push(.detail(UserDetail.State(user: user)))
/// case .path(.pop): state.path.pop()
/// case .openedLink(let link): state.path = NavigationStackState(link.screens)  // deep link
/// ```
///
/// The terminal's `NavigationStack(path:)` shows it; in SwiftUI, bind
/// `NavigationStack(path:)` to its ``ids`` and look screens up with ``subscript(id:)``.
public struct NavigationStackState<Element: Sendable>: Sendable {
  /// The stable identity of one pushed screen; it never changes while the screen is there.
  public typealias ID = StackEntry<Element>.ID

  var entries: Rows<StackEntry<Element>>
  private var nextID = 0

  /// A stack holding `elements`, first pushed first: a deep link.
  public init(_ elements: some Sequence<Element>) {
    var entries: [StackEntry<Element>] = []
    for element in elements {
      entries.append(StackEntry(id: entries.count, element: element))
    }
    self.entries = Rows(entries)
    self.nextID = entries.count
  }

  /// An empty stack: only the root screen shows.
  public init() {
    self.init([])
  }

  /// The pushed screens, bottom to top.
  public var elements: [Element] { entries.map(\.element) }
  /// The ids of the pushed screens, bottom to top.
  public var ids: [ID] { entries.ids }
  /// The top screen, or nil when only the root shows.
  public var last: Element? { entries.last?.element }
  /// How many screens are pushed.
  public var count: Int { entries.count }
  /// Whether only the root shows.
  public var isEmpty: Bool { entries.isEmpty }

  /// The screen with `id`, while it is on the stack.
  public subscript(id id: ID) -> Element? {
    get { entries[id: id]?.element }
    set {
      guard let newValue else {
        entries[id: id] = nil
        return
      }
      entries.update(id: id) { $0.element = newValue }
    }
  }

  /// Pushes `element` on top; returns its id.
  @discardableResult
  public mutating func push(_ element: Element) -> ID {
    let id = nextID
    nextID += 1
    entries.append(StackEntry(id: id, element: element))
    return id
  }

  /// Pops the top screen, if any, and returns it.
  @discardableResult
  public mutating func pop() -> Element? {
    guard let top = entries.last else { return nil }
    return entries.remove(id: top.id)?.element
  }

  /// Pops every screen above the one with `id`; nothing when it is not on the stack.
  public mutating func pop(to id: ID) {
    guard let position = entries.ids.firstIndex(of: id) else { return }
    for dropped in entries.ids[(position + 1)...] { entries.remove(id: dropped) }
  }

  /// Pops every screen: back to the root.
  public mutating func popToRoot() {
    entries.removeAll { _ in true }
  }

  /// Applies what a navigation control asked for.
  public mutating func apply(_ intent: NavigationIntent<Element>) {
    switch intent {
    case .push(let element): push(element)
    case .pop: pop()
    case .popTo(let id): pop(to: id)
    case .popToRoot: popToRoot()
    case .setPath(let ids):
      // What SwiftUI's NavigationStack writes back after a swipe back: a prefix of the ids.
      for id in entries.ids where !ids.contains(id) { entries.remove(id: id) }
    }
  }
}

extension NavigationStackState: Equatable where Element: Equatable {
  /// Whether both hold the same screens with the same ids; the next id to hand out is not
  /// compared, so popping to the root equals an empty stack.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries == rhs.entries
  }
}

extension NavigationStackState: CustomReflectable {
  /// The screens, bottom to top, as a collection: what test failures print.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: entries.map { $0 }, displayStyle: .collection)
  }
}

extension NavigationStackState: Encodable where Element: Encodable {
  /// Encodes the screens bottom to top, each with its id, and the id the next push gets:
  /// `{"entries": [{"id": 0, "element": …}], "nextID": 1}`. A decoded stack keeps its
  /// screens' ids and hands out the same ids as the one encoded, so recorded intents keyed by
  /// stack id still reach their screens.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: StackCodingKeys.self)
    try container.encode(Array(entries), forKey: .entries)
    try container.encode(nextID, forKey: .nextID)
  }
}

extension NavigationStackState: Decodable where Element: Decodable {
  /// Decodes a stack in the form `encode(to:)` writes.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when two screens have the same id, or when
  ///   `nextID` is negative or not greater than every screen's id (a later push would reuse an
  ///   id and replace the screen that has it).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: StackCodingKeys.self)
    let entries = try container.decode([StackEntry<Element>].self, forKey: .entries)
    let nextID = try container.decode(Int.self, forKey: .nextID)
    var ids = Set<Int>()
    for entry in entries {
      guard ids.insert(entry.id).inserted else {
        throw DecodingError.dataCorruptedError(
          forKey: .entries, in: container,
          debugDescription:
            "The stack holds more than one screen with id \(entry.id); screen ids must be unique.")
      }
    }
    let highestID = ids.max()
    guard nextID >= 0, nextID > highestID ?? -1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container,
        debugDescription:
          "nextID \(nextID) must be at least 0 and greater than every screen's id ("
          + (highestID.map { "the highest is \($0)" } ?? "the stack is empty") + ").")
    }
    self.init()
    self.entries = Rows(entries)
    self.nextID = nextID
  }
}

/// The keys of an encoded ``NavigationStackState``.
private enum StackCodingKeys: String, CodingKey {
  case entries, nextID
}

/// One pushed screen of a ``NavigationStackState``.
public struct StackEntry<Element: Sendable>: Identifiable, Sendable {
  /// The screen's stable id.
  public let id: Int
  /// The screen's state.
  public var element: Element
}

extension StackEntry: Equatable where Element: Equatable {}
// Encoded as `{"id": …, "element": …}`.
extension StackEntry: Encodable where Element: Encodable {}
extension StackEntry: Decodable where Element: Decodable {}

/// What a navigation control asks of a ``NavigationStackState``: carry it in an intent case
/// (`case path(NavigationIntent<Screen.State>)`) and apply it in `reduce`.
public enum NavigationIntent<Element: Sendable>: Sendable {
  /// Push a screen.
  case push(Element)
  /// Pop the top screen (Esc, a back button).
  case pop
  /// Pop back to the screen with this id.
  case popTo(Int)
  /// Pop every screen.
  case popToRoot
  /// Keep only the screens with these ids (SwiftUI's path binding after a swipe back).
  case setPath([Int])
}

extension NavigationIntent: Equatable where Element: Equatable {}
// Synthesized: each case is a key, as in `{"push": {"_0": …}}` or `{"popTo": {"_0": 3}}`.
extension NavigationIntent: Encodable where Element: Encodable {}
extension NavigationIntent: Decodable where Element: Decodable {}

extension NavigationStackState: ElementsByID {
  package var elementsByID: [(id: AnyHashable, element: Any)] {
    entries.map { (AnyHashable($0.id), $0.element) }
  }
}

import MVIKit

/// What an inspector keeps inside the app: intents whose steps never reach a page, and
/// rewrites of each state, intent and side effect before it is encoded.
///
/// A `Secret` member is already redacted wherever it is encoded. This is for the rest: a
/// model whose password or card number is a plain `String`, an intent that carries a token,
/// or a `tick` sent ten times a second that buries the steps worth reading.
///
/// ```swift
/// let privacy = InspectorPrivacy<Checkout>(
///   withholding: ["tick", "payment.cardNumberChanged"],
///   state: { state in
///     var shown = state
///     shown.cardNumber = String(repeating: "•", count: state.cardNumber.count)
///     return shown
///   })
/// let inspector = try await Inspector.attach(to: store, privacy: privacy)
/// ```
///
/// Both apply in the app, on the inspector's own task, before anything is sent to a page,
/// exported as a recording or copied as a test. The store and its time travel keep the real
/// values: travelling back shows the app as it was, never the rewritten state.
///
/// A withheld intent's step is not on the page at all: neither the intent nor its side effects
/// are sent, and what it changed shows in the next step's changes. The page counts the steps
/// withheld. A recording exported without them replays up to the first state they changed.
public struct InspectorPrivacy<M: Model>: Sendable {
  /// The intents whose steps stay in the app, by case name: the innermost case
  /// (`"passwordChanged"`), or the path of cases from the root (`"login.passwordChanged"`).
  public var withheldIntents: Set<String>
  /// Rewrites each state before it is encoded.
  public var state: @Sendable (M.State) -> M.State
  /// Rewrites each intent before it is encoded.
  public var intent: @Sendable (M.Intent) -> M.Intent
  /// Rewrites each side effect before it is encoded.
  public var sideEffect: @Sendable (M.SideEffect) -> M.SideEffect

  /// Withholds the steps of `intents` (by case name) and rewrites what is sent with `state`,
  /// `intent` and `sideEffect`; each leaves its values as they are by default.
  public init(
    withholding intents: Set<String> = [],
    state: @escaping @Sendable (M.State) -> M.State = { $0 },
    intent: @escaping @Sendable (M.Intent) -> M.Intent = { $0 },
    sideEffect: @escaping @Sendable (M.SideEffect) -> M.SideEffect = { $0 }
  ) {
    self.withheldIntents = intents
    self.state = state
    self.intent = intent
    self.sideEffect = sideEffect
  }

  /// Everything is sent as it is (but `Secret` members, which are always redacted).
  public static var none: Self { Self() }

  /// Whether `intent`'s step stays in the app.
  func withholds(_ intent: M.Intent) -> Bool {
    guard !withheldIntents.isEmpty else { return false }
    let path = Self.casePath(of: intent)
    guard let leaf = path.last else { return false }
    return withheldIntents.contains(leaf) || withheldIntents.contains(path.joined(separator: "."))
  }

  /// The names of the cases `value` is made of, outermost first: `login(.passwordChanged("…"))`
  /// is `["login", "passwordChanged"]`.
  static func casePath(of value: Any) -> [String] {
    var path: [String] = []
    var current = value
    // Nesting is finite in practice; the bound keeps a pathological value from running on.
    for _ in 0..<64 {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum else { break }
      guard let payload = mirror.children.first, let name = payload.label else {
        // A case without a payload reflects no children: its description is its name.
        path.append(String(describing: current))
        break
      }
      path.append(name)
      // A single unlabelled payload may be a child's intent: its case is the next name.
      let inner = Mirror(reflecting: payload.value)
      current =
        inner.displayStyle == .tuple && inner.children.count == 1
        ? inner.children.first?.value ?? payload.value : payload.value
    }
    return path
  }
}

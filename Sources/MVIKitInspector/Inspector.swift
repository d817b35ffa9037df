import Foundation
import MVIKit
import MVIKitRecording

/// A live view of a running app's store in a web browser: every intent, state change and side
/// effect as it happens, the state at any step with its diff, travel back to a step, and the
/// session exported as a recording.
///
/// ```swift
/// let store = Store(initialState: App.State(), model: App())
/// #if DEBUG
///   let inspector = try await Inspector.attach(to: store)  // prints its URL
/// #endif
/// ```
///
/// Open the printed address (`http://127.0.0.1:PORT/?token=…`) in any browser. The server
/// listens on loopback unless `host` says otherwise, and answers only requests that carry the
/// token; see <doc:InspectingARunningApp>.
///
/// What it costs: nothing at all before it is attached. Attached, the main actor captures each
/// intent, state and side effect as values (a lock and an append); encoding, diffing and
/// sending happen on a task of the inspector's own, one batch per frame. A slow or frozen
/// browser never holds the app up: its batches are dropped and counted, and it is sent the
/// state afresh once it catches up.
@MainActor
public final class Inspector<M: Model> {
  /// The address to open in a browser, with the token.
  public let url: URL
  /// The secret that every request must carry.
  public let token: String
  /// The address of the inspector's MCP server, for a coding agent: add it to the agent's
  /// client as a streamable HTTP server with the header `Authorization: Bearer` and the
  /// ``token`` (see <doc:DebuggingWithAnAgent>).
  public var mcpURL: URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.path = "/mcp"
    components?.query = nil
    return components?.url ?? url
  }
  /// How many steps the inspector keeps for the page and for export; older ones are dropped.
  public let limit: Int
  /// Whether the store shows its live state; false while a page has it show a past step. The
  /// store refuses the View's intents meanwhile (see `Store.isShowingPast`), and returns to
  /// live when the last page goes away.
  public private(set) var isLive = true
  /// The step whose state the store shows while it is not live.
  private(set) var shownStep: Int?

  @usableFromInline let root: RootStoreHandle<M>
  @usableFromInline let feed: InspectorFeed<M>
  private let server: InspectorServer
  private var tap: FlowTap<M>?
  // Unchecked, as the store's own hot members: only the main actor touches them, one access at
  // a time, and the run-time checks showed in a profile of the capture.
  @exclusivity(unchecked) @usableFromInline var states: StepStates<M.State>
  @exclusivity(unchecked) @usableFromInline var step = 0
  /// The store's step count when the inspector attached: its effects' runs name their steps
  /// in the store's count, the page in the inspector's.
  private var firstStoreStep = 0
  private var feeding: Task<Void, Never>?
  /// What the inspector does for a model whose types are `Codable`; nil for another.
  private let codable: CodableModelTools<M>?

  private init(
    url: URL, token: String, limit: Int, root: RootStoreHandle<M>, state: M.State,
    feed: InspectorFeed<M>, server: InspectorServer, codable: CodableModelTools<M>?
  ) {
    self.codable = codable
    self.url = url
    self.token = token
    self.limit = limit
    self.root = root
    self.feed = feed
    self.server = server
    states = StepStates(base: state, limit: limit)
  }

  /// Starts an inspector on `store`'s flow and a server for the page.
  ///
  /// - Parameters:
  ///   - store: A root store: the one made with `Store(initialState:model:)`.
  ///   - host: The address to listen on: loopback by default. Pass the device's own address
  ///     (or `0.0.0.0`) on purpose to reach it over the local network.
  ///   - port: The port; 0 picks a free one.
  ///   - token: The secret the page's address carries; a random one by default.
  ///   - limit: How many steps to keep.
  ///   - announce: Whether to print the page's address to standard output.
  ///   - privacy: What stays in the app: intents whose steps are withheld, and rewrites of
  ///     what is sent. Everything is sent by default, `Secret` members redacted.
  /// - Throws: ``InspectorError``.
  @inlinable
  public static func attach(
    to store: Store<M>, host: String = "127.0.0.1", port: Int = 0, token: String? = nil,
    limit: Int = 10_000, announce: Bool = true, privacy: InspectorPrivacy<M> = .none
  ) async throws(InspectorError) -> Inspector<M> {
    try await launch(
      store, host: host, port: port, token: token, limit: limit, announce: announce,
      privacy: privacy, codable: nil)
  }

  /// Starts the feed and the server, then the capture; what both `attach` do.
  @inlinable
  static func launch(
    _ store: Store<M>, host: String, port: Int, token: String?, limit: Int, announce: Bool,
    privacy: InspectorPrivacy<M>, codable: CodableModelTools<M>?
  ) async throws(InspectorError) -> Inspector<M> {
    let inspector = try await start(
      store, host: host, port: port, token: token, limit: limit, announce: announce,
      privacy: privacy, codable: codable)
    // Made here, inlined where the model's type is known, so that the capture runs specialised
    // code: unspecialised, it looked up the type metadata of its events on every send.
    //
    // The closures hold the feed beside the inspector, so that each one's context is a box of
    // its own. With the inspector as the only capture, the context would be the inspector
    // itself, retained around each event. A page's commands reach the inspector through a
    // weak reference, which gives it a side table, where each retain and release takes the
    // runtime's slow path.
    let feed = inspector.feed
    inspector.listen(
      { event, context in inspector.capture(event, context, into: feed) },
      effects: { inspector.captureEffect($0, into: feed) })
    return inspector
  }

  /// Starts the feed and the server; `launch(…)` then starts the capture. `codable` is what a
  /// model whose types are `Codable` also gets: a test, an exploration, a check, sent intents.
  @usableFromInline
  static func start(
    _ store: Store<M>, host: String, port: Int, token: String?, limit: Int, announce: Bool,
    privacy: InspectorPrivacy<M>, codable: CodableModelTools<M>?
  ) async throws(InspectorError) -> Inspector<M> {
    guard let root = RootStoreHandle(root: store), let state = root.state else {
      throw .scopedStore
    }
    let page = try InspectorPage.load()
    let token = token ?? Self.randomToken()
    let feed = InspectorFeed<M>(initialState: state, limit: limit, privacy: privacy)
    let relay = CommandRelay<M>()
    let isLoopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
    let server = try await InspectorServer.start(
      host: host, port: port,
      routes: { port in
        InspectorRoutes(
          access: InspectorAccess(token: token, port: port, isLoopback: isLoopback), page: page,
          export: { feed.recording() },
          test: codable.map { feed.test(with: $0.testSource) },
          explore: codable.map { exploring(feed, root, with: $0.explore) },
          check: codable.map { checking(root, with: $0.check) },
          modelName: feed.modelName
        ).withAgent { InspectorAgent(feed: feed, relay: relay, routes: $0) }
      },
      join: { feed.join($0) },
      leave: {
        feed.leave($0)
        relay.pageLeft()
      }, command: { relay.send($0, replyTo: $1) })
    let shownHost = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    let address = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
    guard let url = URL(string: "http://\(address):\(server.port)/?token=\(token)") else {
      await server.stop()
      throw .cannotListen(host: host, port: port, reason: "its address is not a URL")
    }
    let inspector = Inspector(
      url: url, token: token, limit: max(1, limit), root: root, state: state, feed: feed,
      server: server, codable: codable)
    relay.inspector = inspector
    inspector.feeding = Task.detached { await feed.run() }
    if announce {
      print("MVIKit inspector for \(M.self): \(url.absoluteString)")
      print("MVIKit inspector's MCP server, for a coding agent: \(inspector.mcpURL.absoluteString)")
    }
    return inspector
  }

  /// The page's exploration of the kept steps up to a step, with `explore`.
  private nonisolated static func exploring(
    _ feed: InspectorFeed<M>, _ root: RootStoreHandle<M>,
    with explore: @escaping CodableModelTools<M>.Explore
  ) -> @Sendable (Int?, String) async -> Result<InspectorExploration, RecordingError>? {
    { step, name in
      guard let recording = feed.recording(through: step) else { return nil }
      return await explore(root, recording, name)
    }
  }

  /// The page's check of a recording against the app, with `check`.
  private nonisolated static func checking(
    _ root: RootStoreHandle<M>, with check: @escaping CodableModelTools<M>.Check
  ) -> @Sendable (Data) async -> InspectorCheck? {
    { recording in await check(root, recording) }
  }

  /// How many browser pages are connected.
  public var pageCount: Int { feed.pageCount }

  /// Stops capturing, shows the live state if a page had the store travel, and closes the
  /// server and every page's connection.
  public func stop() async {
    guard let tap else { return }
    root.removeTap(tap)
    self.tap = nil
    if !isLive { root.resumeLive() }
    isLive = true
    feed.stop()
    await server.stop()
    await feeding?.value
  }

  /// The kept steps as a recording file, as `/export` serves them.
  func feedRecording() -> Data? { feed.recording() }

  /// The tools the MCP server's sessions call.
  var agentTools: (any AgentToolbox)? { server.agent?.toolbox }

  /// Calls `receive` with each event of the store's flow, until ``stop()``. The store keeps
  /// the inspector through its tap, so a discarded inspector goes on.
  @usableFromInline
  func listen(
    _ receive: @escaping @MainActor (FlowEvent<M>, FlowContext) -> Void,
    effects: @escaping @MainActor (EffectLifecycleEvent) -> Void
  ) {
    firstStoreStep = root.reportedStepCount
    tap = root.addTap(receive, effects: effects)
  }

  /// An effect run's start or end, for the page's timeline: at the step it happened after.
  @usableFromInline
  func captureEffect(_ event: EffectLifecycleEvent, into feed: InspectorFeed<M>) {
    let moment: String
    var failure: String?
    switch event.moment {
    case .started: moment = "started"
    case .finished: moment = "finished"
    case .cancelled: moment = "cancelled"
    case .failed(let error):
      moment = "failed"
      failure = String(describing: error)
    }
    feed.capture(
      .effect(
        step: step, time: Date().timeIntervalSince1970, run: event.run, moment: moment,
        id: event.cancellationID.map { String(describing: $0.base) }, failure: failure,
        startedBy: event.step - firstStoreStep))
  }

  /// The one thing done per event on the main actor. `feed` is the inspector's own, which
  /// the tap's closure holds (see `launch`).
  @inlinable
  func capture(_ event: FlowEvent<M>, _ context: FlowContext, into feed: InspectorFeed<M>) {
    switch event {
    case .intent(let intent):
      step += 1
      feed.capture(
        .intent(
          step: step, origin: context.origin ?? .view, time: Date().timeIntervalSince1970,
          run: context.origin == .effect ? context.run : nil, site: context.site, intent))
    case .stateChanged(_, let state):
      states.append(step: step, state)
      feed.capture(.state(step: step, state))
    case .sideEffect(let sideEffect):
      feed.capture(.sideEffect(step: step, sideEffect))
    case .unhandledError(let error):
      feed.capture(
        .error(step: step, time: Date().timeIntervalSince1970, String(describing: error)))
    case .runtimeWarning(let message):
      feed.capture(.warning(step: step, time: Date().timeIntervalSince1970, message))
    }
  }

  /// Carries out a page's command.
  fileprivate func perform(_ command: InspectorCommand, replyTo page: InspectorMailbox) {
    switch command {
    case .send(let json):
      if case .failure(let error) = send(json, pressing: "press Live") {
        page.pushAlways(error.pageMessage)
      }
    case .fork(let target, let json):
      switch fork(at: target, json) {
      case .success(let answer): page.pushAlways(answer)
      case .failure(let error): page.pushAlways(error.pageMessage)
      }
    case .travel(let target):
      if case .failure(let error) = travel(to: target) {
        feed.capture(.warning(step: step, time: Date().timeIntervalSince1970, error.message))
      }
    case .live:
      returnToLive()
    }
  }

  /// Sends the intent in `json` to the store as the View would, for a page or an agent;
  /// `pressing` names what brings the app back to live. Returns the step the inspector gave
  /// it, or why it was not sent: the app shows the past (its input is paused, as the page's
  /// is), the JSON is not one of the model's intents, or the inspector has stopped.
  func send(_ json: Data, pressing: String) -> Result<Int, InspectorCommandError> {
    guard tap != nil else { return .failure(.init("The inspector has stopped.")) }
    guard isLive else {
      return .failure(
        .init("The app shows a past step and its input is paused: \(pressing), then send."))
    }
    switch decodeIntent(json) {
    case .success(let intent):
      let before = step
      root.send(intent)
      guard step > before else {
        return .failure(.init("The store did not reduce the intent; it may have gone."))
      }
      return .success(before + 1)
    case .failure(let error):
      return .failure(error)
    }
  }

  /// Has the store show the state after step `target` while the View's input is paused, for
  /// a page or an agent.
  func travel(to target: Int) -> Result<Void, InspectorCommandError> {
    guard tap != nil else { return .failure(.init("The inspector has stopped.")) }
    guard target <= step else {
      return .failure(.init("There is no step \(target) yet: the last step is \(step)."))
    }
    guard let state = states.state(after: target) else {
      return .failure(
        .init("Step \(target) is no longer kept (the inspector keeps \(limit) steps)."))
    }
    isLive = false
    shownStep = target
    root.showPast(state, by: self) { [weak self] in self?.wasLetGo() }
    feed.capture(.status(live: false, shownStep: target))
    return .success(())
  }

  /// Shows the live state again, and reduces what effects sent meanwhile.
  func returnToLive() {
    guard tap != nil else { return }
    root.resumeLive()
  }

  /// The inspector's step count: the number of the last intent it heard.
  var stepCount: Int { step }

  /// The intent in a page's JSON, or why there is none: the page's input is untrusted, and
  /// an intent that does not decode whole is never reduced.
  private func decodeIntent(_ json: Data) -> Result<M.Intent, InspectorCommandError> {
    guard let intentDecoder = codable?.decodeIntent else {
      return .failure(
        .init("\(M.self)'s intents are not Codable, so the page cannot send them or try them."))
    }
    do {
      return .success(try intentDecoder(json))
    } catch {
      let text = String(decoding: json.prefix(200), as: UTF8.self)
      return .failure(.init("The intent \(text) is not one of \(M.self)'s: \(Self.reason(error))"))
    }
  }

  /// What reducing `json` in place of step `target`'s intent would have changed, as the page's
  /// `fork` message; the store and its history are not touched and no effect runs.
  func fork(at target: Int, _ json: Data) -> Result<String, InspectorCommandError> {
    forkedChanges(at: target, json).map { fork in
      JSONValue.object([
        "type": .string("fork"), "step": .int(Int64(target)), "intent": fork.intent,
        "changes": .array(fork.tried.map(\.json)), "happened": .array(fork.happened.map(\.json)),
      ]).text
    }
  }

  /// What reducing `json` on the state before step `target` changes (`tried`), beside what
  /// the step's own intent changed (`happened`), both with the privacy settings applied, as
  /// the page and an agent show them.
  func forkedChanges(at target: Int, _ json: Data) -> Result<
    (intent: JSONValue, tried: [StateChange], happened: [StateChange]), InspectorCommandError
  > {
    guard target >= 1, target <= step else {
      return .failure(
        .init("There is no step \(target) to try otherwise: the steps are 1 to \(step)."))
    }
    guard let before = states.state(after: target - 1), let after = states.state(after: target)
    else {
      return .failure(
        .init(
          "Step \(target) is not kept (the inspector keeps \(limit) steps), so it cannot be tried otherwise."
        ))
    }
    guard let model = root.model else { return .failure(.init("The app's store is gone.")) }
    let intent: M.Intent
    switch decodeIntent(json) {
    case .success(let decoded): intent = decoded
    case .failure(let error): return .failure(error)
    }
    var forked = before
    // The effect is described, never run: a fork is what the reducer would have done.
    _ = model.reduce(&forked, intent)
    let privacy = feed.privacy
    let base = InspectorValue.json(privacy.state(before))
    let changes = { (state: M.State) in
      StateChange.changes(from: base, to: InspectorValue.json(privacy.state(state)))
    }
    return .success(
      (InspectorValue.json(privacy.intent(intent)), changes(forked), changes(after)))
  }

  /// A decoding error in a sentence: what was wrong and where.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return context.debugDescription + (path.isEmpty ? "" : " (at \(path))")
    @unknown default:
      return String(describing: error)
    }
  }

  /// The step a page had the store show is shown no more: the store is live again (the page's
  /// Live, Esc in the app, the last page gone), or time travel in the app showed its own.
  private func wasLetGo() {
    guard !isLive else { return }
    isLive = true
    shownStep = nil
    feed.capture(.status(live: true, shownStep: nil))
  }

  /// A page went away: with none left, nobody can see or end the travel it started, so the
  /// store shows its live state again instead of staying frozen on a past step.
  fileprivate func pageLeft() {
    guard tap != nil, !isLive, feed.pageCount == 0 else { return }
    root.resumeLive()
  }

  private static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let value = generator.next() as UInt32
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }
}

/// Hands a page's commands and an agent's calls, which arrive on the server's threads, to the
/// inspector on the main actor.
final class CommandRelay<M: Model>: Sendable {
  @MainActor weak var inspector: Inspector<M>?

  /// Runs `body` with the inspector on the main actor; nil once it is gone.
  func withInspector<T: Sendable>(_ body: @MainActor (Inspector<M>) -> T) async -> T? {
    await MainActor.run {
      guard let inspector = self.inspector else { return nil }
      return body(inspector)
    }
  }

  func send(_ command: InspectorCommand, replyTo page: InspectorMailbox) {
    Task { @MainActor in self.inspector?.perform(command, replyTo: page) }
  }

  func pageLeft() {
    Task { @MainActor in self.inspector?.pageLeft() }
  }
}

extension Inspector
where
  M.State: Codable & Equatable, M.Intent: Codable & Equatable,
  M.SideEffect: Codable & Equatable
{
  /// Starts an inspector on `store`'s flow and a server for the page, whose "Copy as test"
  /// turns the session into a Swift Testing test that makes the model with its `init()`.
  ///
  /// The same as ``attach(to:host:port:token:limit:announce:privacy:testModel:)`` with no
  /// `testModel`.
  @inlinable
  public static func attach(
    to store: Store<M>, host: String = "127.0.0.1", port: Int = 0, token: String? = nil,
    limit: Int = 10_000, announce: Bool = true, privacy: InspectorPrivacy<M> = .none
  ) async throws(InspectorError) -> Inspector<M> {
    try await attach(
      to: store, host: host, port: port, token: token, limit: limit, announce: announce,
      privacy: privacy, testModel: nil)
  }

  /// Starts an inspector on `store`'s flow and a server for the page, whose "Copy as test"
  /// turns the session into a Swift Testing test (see `Recording.testSource(named:model:)`).
  ///
  /// - Parameters:
  ///   - store: A root store: the one made with `Store(initialState:model:)`.
  ///   - host: The address to listen on: loopback by default.
  ///   - port: The port; 0 picks a free one.
  ///   - token: The secret the page's address carries; a random one by default.
  ///   - limit: How many steps to keep.
  ///   - announce: Whether to print the page's address to standard output.
  ///   - privacy: What stays in the app: intents whose steps are withheld, and rewrites of
  ///     what is sent, the copied test included.
  ///   - testModel: The expression a copied test makes the model with, such as
  ///     `Todos(storage: .none)`; its dependencies are never called. The model type's `init()`
  ///     by default.
  /// - Throws: ``InspectorError``.
  @inlinable
  public static func attach(
    to store: Store<M>, host: String = "127.0.0.1", port: Int = 0, token: String? = nil,
    limit: Int = 10_000, announce: Bool = true, privacy: InspectorPrivacy<M> = .none,
    testModel: String?
  ) async throws(InspectorError) -> Inspector<M> {
    try await launch(
      store, host: host, port: port, token: token, limit: limit, announce: announce,
      privacy: privacy, codable: CodableModelTools(testModel: testModel))
  }
}

import MVIKit
import Observation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs a root view over a `Store` in the terminal.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), model: Counter(fact: numberFact))
/// let app = TerminalApp(store: store, minimumSize: Size(width: 40, height: 12)) { sideEffect in
///   switch sideEffect { case let .toast(text): .toast(text) }
/// } content: {
///   CounterView(store: store)
/// }
/// try await app.run()
/// ```
///
/// `run()` switches the terminal to raw mode and the alternate screen, draws the view, and
/// draws it again whenever the state it read changes (Observation), a key is pressed, or the
/// terminal is resized. Changes are coalesced into one frame, and each frame writes only the
/// cells that changed. The terminal is restored however `run()` ends: a quit key, Ctrl-C,
/// SIGINT, SIGTERM, SIGHUP, a closed terminal, or ``quit(throwing:)`` with an error. Ctrl-Z
/// suspends the app like any shell job, with the terminal restored; `fg` resumes it and draws
/// the screen again.
@MainActor
public final class TerminalApp {
  private let session: TerminalSession
  private let startSideEffects: @MainActor (TerminalApp) -> Task<Void, Never>
  private var renderer = FrameRenderer(colorMode: .palette256)
  /// Which colours are drawn; nil (the default) detects it from the environment when ``run()``
  /// starts: `NO_COLOR`, `FORCE_COLOR`, `TERM` and `COLORTERM`, see
  /// ``ColorMode/detect(environment:)``. Set it to follow a command-line flag such as
  /// `--color=never` (``ColorMode/noColor``) over the environment.
  public var colorMode: ColorMode?
  /// How images are drawn; nil (the default) detects it when ``run()`` starts: see
  /// ``GraphicsMode/detect(environment:probe:)``.
  public var graphics: GraphicsMode?
  private var shownFrame: Grid?
  private var frameScheduled = false
  private var animationScheduled = false
  private var events: AsyncStream<TerminalEvent>.Continuation?
  private var stopReason: (any Error)?
  private var isStopping = false

  /// Creates an app showing `content` for `store`.
  ///
  /// - Parameters:
  ///   - store: The store whose state the view reads and whose side effects are presented.
  ///   - minimumSize: A smaller terminal shows "Terminal too small" until it is resized.
  ///   - quitKeys: Keys that end ``run()`` when no focused view uses them; Ctrl-C always does.
  ///   - presentation: Maps each side effect of the store to a toast or an alert, or nil to
  ///     leave it to other consumers.
  ///   - timeTravel: The history of `store`'s states; when given, Ctrl-T opens the time-travel
  ///     overlay, which steps through them (←/→, Home/End) and returns to live with Esc.
  ///   - content: The root view, evaluated for every frame.
  public init<M: Model>(
    store: Store<M>, minimumSize: Size = Size(width: 20, height: 5), quitKeys: [Key] = ["q"],
    presentation: @escaping @MainActor (M.SideEffect) -> Presentation? = { _ in nil },
    timeTravel: StateHistory<M>? = nil,
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    session = TerminalSession(
      size: Size(width: 80, height: 24), minimumSize: minimumSize, quitKeys: quitKeys,
      content: content)
    session.timeTravel = timeTravel.map(TimeTravelControl.init)
    startSideEffects = { app in
      presentSideEffects(of: store, presentation) { [weak app] in app?.show($0) }
    }
    session.onQuit = { [weak self] in self?.quit() }
    session.onSuspend = { [weak self] in self?.suspend() }
    session.onInterrupt = { [weak self] in
      self?.quit(throwing: TerminalError.interrupted(signal: SIGINT))
    }
  }

  /// Ends ``run()`` after the current key; `run()` restores the terminal, then throws `error`
  /// when given.
  public func quit(throwing error: (any Error)? = nil) {
    if stopReason == nil { stopReason = error }
    isStopping = true
    events?.yield(.wake)
  }

  /// Shows a toast or an alert now, as if a side effect asked for it.
  public func show(_ presentation: Presentation) {
    if let id = session.present(presentation) {
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: .seconds(3))
        self?.session.dismissToast(id)
        self?.scheduleFrame()
      }
    }
    scheduleFrame()
  }

  /// Runs until a quit key, Ctrl-C, a signal, or ``quit(throwing:)``.
  ///
  /// - Throws: ``TerminalError/notATerminal`` when input or output is not a terminal (nothing
  ///   is drawn then), ``TerminalError/interrupted(signal:)`` after Ctrl-C or a signal, or the
  ///   error passed to ``quit(throwing:)``. The terminal is restored before it throws.
  public func run() async throws {
    guard TerminalDriver.isInteractive else { throw TerminalError.notATerminal }
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    events = continuation
    let signals = SignalWatcher(events: continuation)
    try TerminalDriver.enter()
    let reader = InputReader(events: continuation)
    let sideEffects = startSideEffects(self)
    defer {
      reader.stop()
      sideEffects.cancel()
      TerminalRestorer.shared.restore()
      signals.stop()
      events = nil
    }
    let environment = Self.environment()
    renderer.colorMode = colorMode ?? ColorMode.detect(environment: environment)
    let graphics =
      self.graphics
      ?? GraphicsMode.detect(environment: environment) {
        TerminalDriver.ask(KittyGraphicsProbe.query, timeout: .milliseconds(300)) {
          KittyGraphicsProbe.supportsKitty($0) != nil
        }
      }
    renderer.graphics = graphics
    session.graphics = graphics
    session.size = TerminalDriver.size() ?? session.size
    reader.start()
    drawFrame()
    for await event in stream {
      handle(event)
      if isStopping { break }
    }
    if let stopReason { throw stopReason }
  }

  /// Ctrl-Z: gives the terminal back to the shell as it was, stops the process like any job
  /// (raw mode keeps the terminal from sending SIGTSTP itself), and once `fg` continues it,
  /// takes the terminal again and draws the whole screen.
  private func suspend() {
    TerminalRestorer.shared.restore()
    signal(SIGTSTP, SIG_DFL)
    // raise() stops the process before it returns only if this thread takes the signal, and
    // the runtime may have it blocked here: unblock it for the call. Execution resumes after
    // the raise once `fg` sends SIGCONT.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    do {
      try TerminalDriver.enter()
    } catch {
      quit(throwing: error)
      return
    }
    session.size = TerminalDriver.size() ?? session.size
    shownFrame = nil
    drawFrame()
  }

  private func handle(_ event: TerminalEvent) {
    switch event {
    case .keys(let keys):
      for key in keys where !isStopping {
        _ = evaluate()
        session.handle(key)
      }
      scheduleFrame()
    case .resize:
      session.size = TerminalDriver.size() ?? session.size
      shownFrame = nil
      drawFrame()
    case .signal(let number):
      quit(throwing: TerminalError.interrupted(signal: number))
    case .endOfInput:
      quit(throwing: TerminalError.terminalClosed)
    case .wake:
      break
    }
  }

  /// Renders the current state and tracks what it read, to draw again when that changes.
  private func evaluate() -> Grid {
    withObservationTracking {
      session.render()
    } onChange: { [weak self] in
      Task { @MainActor in self?.scheduleFrame() }
    }
  }

  private func scheduleFrame() {
    guard !frameScheduled, !isStopping else { return }
    frameScheduled = true
    Task { @MainActor [weak self] in self?.drawFrame() }
  }

  private func drawFrame() {
    frameScheduled = false
    guard !isStopping else { return }
    let frame = evaluate()
    let bytes = renderer.diff(from: shownFrame, to: frame)
    shownFrame = frame
    if !bytes.isEmpty, !TerminalOutput.send(bytes) {
      quit(throwing: TerminalError.terminalClosed)
    }
    if session.animates { scheduleAnimation() }
  }

  private func scheduleAnimation() {
    guard !animationScheduled else { return }
    animationScheduled = true
    Task { @MainActor [weak self] in
      try? await Task.sleep(for: .milliseconds(100))
      guard let self else { return }
      self.animationScheduled = false
      self.session.animationFrame += 1
      self.scheduleFrame()
    }
  }

  /// The variables that colour and graphics detection read.
  private static func environment() -> [String: String] {
    let names = ["NO_COLOR", "FORCE_COLOR", "TERM", "COLORTERM", "TMUX", "MVIKIT_GRAPHICS"]
    var environment: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }
}

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
/// `run()` takes the terminal over (raw mode, the alternate screen, mouse reports), draws the
/// view, and draws it again whenever the state it read changes (Observation), input arrives,
/// or the terminal is resized. Changes are coalesced into one frame, and each frame writes
/// only the cells that changed. The terminal is restored however `run()` ends: a quit key,
/// Ctrl-C, SIGINT, SIGTERM, SIGHUP, a closed terminal, or ``quit(throwing:)`` with an error.
/// Ctrl-Z suspends the app like any shell job, with the terminal restored; `fg` resumes it and
/// draws the screen again.
///
/// The terminal is a `TerminalBackend` and time is a `Clock`: pass a `TestTerminalBackend`
/// and a test clock to test the whole app, toasts and spinners included, without a TTY.
@MainActor
public final class TerminalApp {
  /// Keys, focus and drawing: what ``HeadlessTerminal`` reads back.
  let session: TerminalSession
  private let backend: any TerminalBackend
  private let scheduler: any TerminalScheduler
  var startSideEffects: @MainActor (TerminalApp) -> Task<Void, Never>?
  private var sideEffects: Task<Void, Never>?
  private var renderer = FrameRenderer(colorMode: .palette256)
  /// Which colours are drawn; nil (the default) detects it from the environment when ``run()``
  /// starts: `NO_COLOR`, `FORCE_COLOR`, `TERM` and `COLORTERM`, see
  /// `ColorMode.detect(environment:)`. Set it to follow a command-line flag such as
  /// `--color=never` (`ColorMode.noColor`) over the environment.
  public var colorMode: ColorMode?
  /// How images are drawn; nil (the default) detects it when ``run()`` starts: see
  /// `GraphicsMode.detect(environment:probe:)`. An inline viewport always uses half blocks.
  public var graphics: GraphicsMode?
  /// How a user of this app asks for half blocks, named in the note an image shows when kitty
  /// graphics cannot pass a multiplexer: `MVIKIT_GRAPHICS=blocks` unless the app has a flag
  /// for it (`"--graphics blocks"`).
  public var halfBlocksHint = "MVIKIT_GRAPHICS=blocks"
  /// Where the app draws: the whole screen (the default) or lines below the prompt.
  public var viewport = Viewport.fullscreen
  /// Whether the app takes mouse reports: clicks focus and press views, the wheel scrolls
  /// them. True by default; while the app has the mouse, most terminals select text with
  /// Shift held.
  public var capturesMouse = true
  private var shownFrame: Grid?
  private var frameScheduled = false
  private var animationScheduled = false
  private var events: AsyncStream<TerminalEvent>.Continuation?
  /// Where the backend delivers input, kept to listen again after a suspension.
  private var deliver: (@Sendable (TerminalInput) -> Void)?
  /// What ``run()`` throws once it stops: nil for a quit key.
  private(set) var stopReason: (any Error)?
  /// Whether the loop is ending: no key after the one that quit is handled.
  private(set) var isStopping = false

  /// Creates an app showing `content` for `store`.
  ///
  /// - Parameters:
  ///   - store: The store whose state the view reads and whose side effects are presented.
  ///   - minimumSize: A smaller terminal shows "Terminal too small" until it is resized.
  ///   - quitKeys: Keys that end ``run()`` when no focused view uses them; Ctrl-C always does.
  ///   - presentation: Maps each side effect of the store to a toast or an alert, or nil to
  ///     leave it to other consumers.
  ///   - timeTravel: A history of `store`'s states (MVIKitTimeTravel's `StateHistory`); when
  ///     given, Ctrl-T opens the time-travel overlay, which steps through them (←/→, Home/End)
  ///     and returns to live with Esc.
  ///   - backend: The terminal: the process's own by default.
  ///   - clock: What toasts (3 seconds) and animations (10 frames a second) wait on.
  ///   - content: The root view, evaluated for every frame.
  public convenience init<M: Model>(
    store: Store<M>, minimumSize: Size = Size(width: 20, height: 5), quitKeys: [Key] = ["q"],
    presentation: @escaping @MainActor (M.SideEffect) -> Presentation? = { _ in nil },
    timeTravel: (any StateTimeline)? = nil,
    backend: any TerminalBackend = SystemTerminal(),
    clock: any Clock<Duration> = ContinuousClock(),
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    self.init(
      backend: backend, scheduler: ClockScheduler(clock: clock), minimumSize: minimumSize,
      quitKeys: quitKeys, content: content)
    session.timeTravel = TimeTravelControl(timeTravel, store: store)
    startSideEffects = { app in
      presentSideEffects(of: store, presentation) { [weak app] in app?.show($0) }
    }
  }

  /// An app with no store's side effects to present until ``startSideEffects`` is set; the
  /// public initializer and ``HeadlessTerminal`` both make one here.
  init(
    backend: any TerminalBackend, scheduler: any TerminalScheduler, minimumSize: Size,
    quitKeys: [Key], content: @escaping @MainActor () -> ViewGroup
  ) {
    self.backend = backend
    self.scheduler = scheduler
    session = TerminalSession(
      size: Size(width: 80, height: 24), minimumSize: minimumSize, quitKeys: quitKeys,
      content: content)
    startSideEffects = { _ in nil }
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
    if let id = session.overlays.present(presentation) {
      scheduler.after(.seconds(3)) { [weak self] in
        self?.session.overlays.dismissToast(id)
        self?.scheduleFrame()
      }
    }
    scheduleFrame()
  }

  /// Runs until a quit key, Ctrl-C, a signal, or ``quit(throwing:)``.
  ///
  /// - Throws: `TerminalError.notATerminal` when input or output is not a terminal (nothing
  ///   is drawn then), `TerminalError.interrupted(signal:)` after Ctrl-C or a signal,
  ///   `TerminalError.terminalClosed` when input closes or output fails, or the error passed
  ///   to ``quit(throwing:)``. The terminal is restored before it throws.
  public func run() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    try start { continuation.yield(.input($0)) }
    events = continuation
    defer { finish() }
    // The first frame may already have failed to draw, which stops the app before its loop.
    if !isStopping {
      for await event in stream {
        handle(event)
        if isStopping { break }
      }
    }
    if let stopReason { throw stopReason }
  }

  /// Takes the terminal over, starts presenting side effects and listening for input, and draws
  /// the first frame: ``run()`` up to its loop.
  func start(deliver: @escaping @Sendable (TerminalInput) -> Void) throws(TerminalError) {
    try backend.enter(viewport: viewport, mouse: capturesMouse)
    self.deliver = deliver
    sideEffects = startSideEffects(self)
    configureRenderer()
    placeViewport()
    backend.startInput(deliver)
    drawFrame()
  }

  /// Gives the terminal back as it was found: ``run()`` after its loop.
  func finish() {
    backend.stopInput()
    sideEffects?.cancel()
    sideEffects = nil
    leaveViewport()
    backend.restore()
    events = nil
    deliver = nil
  }

  /// Takes the renderer's colours and graphics again, after a test changed ``graphics``, and
  /// draws the whole frame.
  func reconfigure() {
    configureRenderer()
    shownFrame = nil
    drawFrame()
  }

  private func configureRenderer() {
    let environment = backend.environment
    renderer.colorMode = colorMode ?? ColorMode.detect(environment: environment)
    var graphics = GraphicsMode.halfBlocks
    if viewport == .fullscreen {
      graphics =
        self.graphics
        ?? GraphicsMode.detect(environment: environment) { [backend] in
          backend.ask(KittyGraphicsProbe.query, timeout: .milliseconds(300)) {
            KittyGraphicsProbe.supportsKitty($0) != nil
          }
        }
    }
    renderer.graphics = graphics
    session.screen.graphics = graphics
    session.screen.showsColor = renderer.colorMode.showsColor
    session.screen.graphicsNote = GraphicsMode.note(
      for: graphics, environment: environment, halfBlocksHint: halfBlocksHint)
  }

  /// Sizes the frame; inline, reserves its lines below the cursor and finds the row they
  /// start on.
  private func placeViewport() {
    let screen = backend.size() ?? session.screen.size
    guard case .inline(let height) = viewport else {
      renderer.viewportTop = nil
      session.screen.size = screen
      return
    }
    let rows = Self.inlineRows(height, screen: screen)
    // Line feeds scroll the screen up when the cursor is too near the bottom; the cursor then
    // goes back up to the first reserved line, which is where the frame starts.
    var reserve = [UInt8](repeating: 0x0A, count: rows - 1)
    if rows > 1 { reserve += Array("\u{1B}[\(rows - 1)A".utf8) }
    _ = backend.write(reserve)
    let answer = backend.ask(
      CursorPositionReport.query, timeout: .milliseconds(300),
      isComplete: CursorPositionReport.isComplete)
    // A terminal that does not answer: after the line feeds the frame fits at the bottom.
    let row = CursorPositionReport.row(in: answer) ?? (screen.height - rows)
    renderer.viewportTop = min(max(0, row), screen.height - rows)
    session.screen.size = Size(width: screen.width, height: rows)
  }

  /// An inline frame's height: as asked, but never taller than the terminal.
  private static func inlineRows(_ height: Int, screen: Size) -> Int {
    max(1, min(height, screen.height))
  }

  /// Inline, leaves the last frame on screen and puts the cursor on the line below it, where
  /// the shell's prompt then appears.
  private func leaveViewport() {
    guard let top = renderer.viewportTop else { return }
    _ = backend.write(Array("\u{1B}[0m\u{1B}[\(top + session.screen.size.height);1H\r\n".utf8))
  }

  /// Ctrl-Z: gives the terminal back to the shell as it was and stops like any job; once `fg`
  /// continues it, takes the terminal again and draws the whole frame.
  private func suspend() {
    backend.stopInput()
    leaveViewport()
    backend.restore()
    backend.suspend()
    do {
      try backend.enter(viewport: viewport, mouse: capturesMouse)
    } catch {
      quit(throwing: error)
      return
    }
    placeViewport()
    if let deliver { backend.startInput(deliver) }
    shownFrame = nil
    drawFrame()
  }

  /// Handles one event of the loop: a read of keys, a resize, a signal or the end of input.
  func handle(_ event: TerminalEvent) {
    guard case .input(let input) = event else { return }
    switch input {
    case .keys(let keys):
      session.handle(
        read: keys, render: { _ = evaluate() }, onScreen: onScreen,
        isStopping: { isStopping })
      scheduleFrame()
    case .resize:
      resize()
    case .signal(let number):
      quit(throwing: TerminalError.interrupted(signal: number))
    case .endOfInput:
      quit(throwing: TerminalError.terminalClosed)
    }
  }

  /// A mouse event in the frame's own rows (inline, the frame starts below the screen's top),
  /// or nil when it is outside the frame; other keys as they are.
  private func onScreen(_ key: Key) -> Key? {
    guard case .mouse(var mouse) = key else { return key }
    mouse.row -= renderer.viewportTop ?? 0
    guard (0..<session.screen.size.height).contains(mouse.row) else { return nil }
    return .mouse(mouse)
  }

  private func resize() {
    let screen = backend.size() ?? session.screen.size
    if case .inline(let height) = viewport, let top = renderer.viewportTop {
      let rows = Self.inlineRows(height, screen: screen)
      renderer.viewportTop = max(0, min(top, screen.height - rows))
      session.screen.size = Size(width: screen.width, height: rows)
    } else {
      session.screen.size = screen
    }
    shownFrame = nil
    drawFrame()
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
    scheduler.soon { [weak self] in self?.drawFrame() }
  }

  /// Draws the current state, sending the terminal only the cells that changed since the
  /// last frame.
  func drawFrame() {
    frameScheduled = false
    guard !isStopping else { return }
    let frame = evaluate()
    let bytes = renderer.diff(from: shownFrame, to: frame)
    shownFrame = frame
    if !backend.draw(frame, bytes: bytes) {
      quit(throwing: TerminalError.terminalClosed)
    }
    if session.animates { scheduleAnimation() }
  }

  private func scheduleAnimation() {
    guard !animationScheduled else { return }
    animationScheduled = true
    scheduler.after(.milliseconds(100)) { [weak self] in
      guard let self else { return }
      self.animationScheduled = false
      self.session.screen.animationFrame += 1
      self.scheduleFrame()
    }
  }
}

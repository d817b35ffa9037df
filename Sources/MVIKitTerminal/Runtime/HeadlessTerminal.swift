import MVIKit

/// A terminal in memory, for tests: the app a user runs — ``TerminalApp`` and its loop —
/// drawing into a `TestTerminalBackend`, with a clock that moves only when the test says.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
/// let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) {
///   CounterView(store: store)
/// }
/// terminal.press("+")
/// #expect(terminal.grid.contains("Count: 1"))
/// ```
///
/// Each call is a step of the app's own loop, done before the call returns: keys are reads of
/// input, ``size`` is a resize, ``advanceClock(by:)`` lets toasts leave and spinners turn.
/// Reading the screen (``grid``, ``text``, ``cursor``) first lets the loop catch up with what
/// changed, as a running app does before a user looks, so a test can send to the store and read
/// the result at once. It is the model of Ratatui's `TestBackend` and Bubble Tea's `teatest`.
/// To test `run()` itself, with its tasks and a test clock, give ``TerminalApp`` a
/// `TestTerminalBackend` directly.
@MainActor
public final class HeadlessTerminal {
  /// The app a user runs, drawing into ``backend``.
  private let app: TerminalApp
  /// The terminal in memory the app draws into and reads input from.
  private let backend: TestTerminalBackend
  /// The loop's later work and clock, which move only when the test lets them.
  private let scheduler = ManualScheduler()
  /// How much of the backend's output ``nextFrameBytes()`` has handed out.
  private var outputTaken = 0
  /// Whether the app has given the terminal back, as `run()` does once its loop ends.
  private var isFinished = false

  /// Whether a quit key was pressed: the app has stopped and given the terminal back.
  public var didQuit: Bool { app.isStopping && app.stopReason == nil }
  /// Whether Ctrl-C was pressed: the app has stopped as if interrupted.
  public var wasInterrupted: Bool {
    if case .interrupted = app.stopReason as? TerminalError { return true }
    return false
  }
  /// How many times Ctrl-Z gave the terminal back to the shell, which a running
  /// ``TerminalApp`` does until `fg`.
  public var suspensions: Int { backend.suspensions }

  /// Creates a terminal of `size` showing `content`.
  ///
  /// - Parameters:
  ///   - size: The size of the screen; change it later with ``size``.
  ///   - minimumSize: Smaller terminals show a "Terminal too small" message instead.
  ///   - quitKeys: Keys that quit, as in ``TerminalApp``; see ``didQuit``.
  ///   - colorMode: The colors that ``nextFrameBytes()`` encodes.
  ///   - content: The root view, evaluated for every frame.
  public convenience init(
    size: Size, minimumSize: Size = .zero, quitKeys: [Key] = [],
    colorMode: ColorMode = .trueColor,
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    self.init(
      size: size, minimumSize: minimumSize, quitKeys: quitKeys, colorMode: colorMode,
      content: content, prepare: { _ in })
  }

  /// Creates a terminal of `size` showing `content` for `store`, and presents the store's
  /// side effects as ``TerminalApp`` does: each one `presentation` maps to a toast or an
  /// alert is shown, in order, and a toast leaves after three seconds of ``advanceClock(by:)``.
  /// With `timeTravel`, Ctrl-T opens the time-travel overlay as in ``TerminalApp``.
  public convenience init<M: Model>(
    store: Store<M>, size: Size, minimumSize: Size = .zero, quitKeys: [Key] = [],
    colorMode: ColorMode = .trueColor,
    presentation: @escaping @MainActor (M.SideEffect) -> Presentation? = { _ in nil },
    timeTravel: (any StateTimeline)? = nil,
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    self.init(
      size: size, minimumSize: minimumSize, quitKeys: quitKeys, colorMode: colorMode,
      content: content
    ) { app in
      app.session.timeTravel = TimeTravelControl(timeTravel, store: store)
      app.startSideEffects = { app in
        presentSideEffects(of: store, presentation) { [weak app] in app?.show($0) }
      }
    }
  }

  private init(
    size: Size, minimumSize: Size, quitKeys: [Key], colorMode: ColorMode,
    content: @escaping @MainActor () -> ViewGroup, prepare: (TerminalApp) -> Void
  ) {
    // No environment: what the screen shows is what the test says, not the machine's TERM.
    backend = TestTerminalBackend(size: size, environment: [:])
    backend.keepsFrames = 1
    app = TerminalApp(
      backend: backend, scheduler: scheduler, minimumSize: minimumSize, quitKeys: quitKeys,
      content: content)
    app.colorMode = colorMode
    app.graphics = .halfBlocks
    prepare(app)
    // The test backend cannot fail to take the terminal over.
    try? app.start { [weak self] input in
      // The backend is on the main actor and delivers there, as the test's calls do.
      MainActor.assumeIsolated { self?.receive(input) }
    }
  }

  isolated deinit {
    if !isFinished { app.finish() }
  }

  /// The terminal size; set it to resize the terminal, which the app handles as a user's
  /// resize.
  public var size: Size {
    get { backend.currentSize }
    set { backend.resize(to: newValue) }
  }

  /// The screen as the app shows it now: the loop first catches up, drawing the frame that the
  /// state's changes, the keys and the clock asked for, as a running app would have before a
  /// user looked.
  public var grid: Grid {
    catchUp()
    return backend.screen ?? Grid(size: size)
  }

  /// How many places of the view tree have state kept between frames.
  var keptStateCount: Int { app.session.screen.keptStateCount }

  /// How images are drawn and encoded, as if the terminal had answered for this mode;
  /// half blocks by default.
  public var graphics: GraphicsMode {
    get { app.session.screen.graphics }
    set {
      app.graphics = newValue
      app.reconfigure()
    }
  }

  /// The rows of the screen for the current state.
  public var text: [String] { grid.text }

  /// Where the focused text field's cursor is, in columns and rows; nil when no text field has
  /// focus. See `Grid.cursor`.
  public var cursor: Grid.Position? { grid.cursor }

  /// The id of the focused view, or nil when no view has the focus: none is focusable, or
  /// Tab or Esc took the focus out of a text field onto the screen (see <doc:KeysAndFocus>).
  public var focusedID: String? {
    catchUp()
    return app.session.focusedID
  }

  /// How much time ``advanceClock(by:)`` has let pass since the terminal was made.
  public var elapsedTime: Duration { scheduler.now }

  /// Presses `keys` one after another, each in a read of its own; each sees the state the
  /// previous one left.
  public func press(_ keys: Key...) {
    for key in keys { send(key) }
  }

  /// Types `text`, one character key at a time, each in a read of its own, as a typist does
  /// whom the app keeps up with. ``typeFast(_:)`` types it in one read.
  public func type(_ text: String) {
    for character in text { send(.char(character)) }
  }

  /// Types `text` in one read of input, as a fast typist, a paste into a terminal without
  /// bracketed paste, or a program does: the bytes go through a `KeyDecoder` and the same
  /// input path as ``TerminalApp``'s, so `"\r"` is Enter and a run of characters typed into a
  /// text field is one edit.
  public func typeFast(_ text: String) {
    feed(Array(text.utf8))
  }

  /// Pastes `text` as one bracketed paste.
  public func paste(_ text: String) {
    send(.paste(text))
  }

  /// Clicks the left button at `column`, `row` (a press, then a release), as a terminal that
  /// reports the mouse would.
  public func click(column: Int, row: Int) {
    send(.mouse(Mouse(.press(.left), column: column, row: row)))
    send(.mouse(Mouse(.release(.left), column: column, row: row)))
  }

  /// Clicks the first cell of the first place `text` shows on screen; returns false, and
  /// clicks nothing, when it does not show.
  @discardableResult
  public func click(_ text: String) -> Bool {
    guard let position = grid.position(of: text) else { return false }
    click(column: position.column, row: position.row)
    return true
  }

  /// Turns the mouse wheel `notches` at `column`, `row`: down (towards the user) when
  /// positive, up when negative.
  public func scrollWheel(_ notches: Int, column: Int, row: Int) {
    for _ in 0..<abs(notches) {
      send(.mouse(Mouse(notches > 0 ? .scrollDown : .scrollUp, column: column, row: row)))
    }
  }

  /// Feeds raw terminal input bytes through a `KeyDecoder` as one read, then ends any
  /// pending sequence as a pause in input would. The keys take the input path of
  /// ``TerminalApp``: a run of characters typed into a text field is one edit.
  public func feed(_ bytes: [UInt8]) {
    backend.send(bytes: bytes)
    catchUp()
  }

  /// Shows a side effect as the runtime would; a toast leaves after three seconds of
  /// ``advanceClock(by:)``.
  public func present(_ presentation: Presentation) {
    app.show(presentation)
    catchUp()
  }

  /// Lets `duration` of the app's clock pass: toasts whose three seconds are up leave, and a
  /// spinner on screen turns once per tenth of a second, each at its own instant, as in a
  /// running ``TerminalApp``.
  public func advanceClock(by duration: Duration) {
    scheduler.advance(by: duration)
    catchUp()
  }

  /// Removes every toast, as the runtime does once their time is up.
  @available(*, deprecated, message: "Let the toasts' three seconds pass with advanceClock(by:).")
  public func dismissToasts() {
    app.session.overlays.dismissAllToasts()
    app.drawFrame()
  }

  /// Moves spinners on by `frames` animation frames.
  @available(
    *, deprecated,
    message: "Let the time pass with advanceClock(by:): a spinner turns every 100 ms."
  )
  public func advanceAnimation(frames: Int = 1) {
    app.session.screen.animationFrame += frames
    app.drawFrame()
  }

  /// The bytes a real terminal would have received since the last call: a full redraw the
  /// first time and after a resize, then only the cells each frame changed.
  public func nextFrameBytes() -> [UInt8] {
    catchUp()
    defer { outputTaken = backend.output.count }
    return Array(backend.output[outputTaken...])
  }

  /// One read of input holding `key`; the app renders the state before handling it, as it
  /// does for every key.
  private func send(_ key: Key) {
    backend.send(key)
    catchUp()
  }

  /// One event of the app's loop, as the backend delivered it.
  private func receive(_ input: TerminalInput) {
    app.handle(.input(input))
  }

  /// Runs what the loop put off, then draws the current state, as the loop does whenever a
  /// change it observed wakes it.
  private func catchUp() {
    scheduler.runPending()
    app.drawFrame()
    // A quit key, Ctrl-C or a signal ended the loop: the terminal is given back, as `run()`
    // does, and the side effects are no longer presented.
    if app.isStopping, !isFinished {
      isFinished = true
      app.finish()
    }
  }
}

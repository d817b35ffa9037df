import MVIKit
import MVIKitTimeTravel

/// A terminal in memory, for tests: it renders views into a `Grid` and feeds them keys
/// through the same focus and key routing as ``TerminalApp``.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
/// let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) {
///   CounterView(store: store)
/// }
/// terminal.press("+")
/// #expect(terminal.grid.contains("Count: 1"))
/// ```
@MainActor
public final class HeadlessTerminal {
  private let session: TerminalSession
  private var renderer: FrameRenderer
  private var decoder = KeyDecoder()
  private var shownFrame: Grid?
  private var sideEffects: Task<Void, Never>?

  /// Whether a quit key was pressed.
  public private(set) var didQuit = false
  /// Whether Ctrl-C was pressed.
  public private(set) var wasInterrupted = false
  /// How many times Ctrl-Z asked to suspend the app, which ``TerminalApp`` does by giving the
  /// terminal back to the shell until `fg`.
  public private(set) var suspensions = 0

  /// Creates a terminal of `size` showing `content`.
  ///
  /// - Parameters:
  ///   - size: The size of the screen; change it later with ``size``.
  ///   - minimumSize: Smaller terminals show a "Terminal too small" message instead.
  ///   - quitKeys: Keys that quit, as in ``TerminalApp``; see ``didQuit``.
  ///   - colorMode: The colors that ``nextFrameBytes()`` encodes.
  ///   - content: The root view, evaluated for every frame.
  public init(
    size: Size, minimumSize: Size = .zero, quitKeys: [Key] = [],
    colorMode: ColorMode = .trueColor,
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    session = TerminalSession(
      size: size, minimumSize: minimumSize, quitKeys: quitKeys, content: content)
    renderer = FrameRenderer(colorMode: colorMode)
    session.screen.showsColor = colorMode.showsColor
    session.onQuit = { [weak self] in self?.didQuit = true }
    session.onInterrupt = { [weak self] in self?.wasInterrupted = true }
    session.onSuspend = { [weak self] in self?.suspensions += 1 }
  }

  /// Creates a terminal of `size` showing `content` for `store`, and presents the store's
  /// side effects as ``TerminalApp`` does: each one `presentation` maps to a toast or an
  /// alert is shown, in order. With `timeTravel`, Ctrl-T opens the time-travel overlay as in
  /// ``TerminalApp``.
  public convenience init<M: Model>(
    store: Store<M>, size: Size, minimumSize: Size = .zero, quitKeys: [Key] = [],
    colorMode: ColorMode = .trueColor,
    presentation: @escaping @MainActor (M.SideEffect) -> Presentation? = { _ in nil },
    timeTravel: StateHistory<M>? = nil,
    @ViewBuilder content: @escaping @MainActor () -> ViewGroup
  ) {
    self.init(
      size: size, minimumSize: minimumSize, quitKeys: quitKeys, colorMode: colorMode,
      content: content)
    session.timeTravel = TimeTravelControl(timeTravel, store: store)
    sideEffects = presentSideEffects(of: store, presentation) { [weak self] in self?.present($0) }
  }

  isolated deinit {
    sideEffects?.cancel()
  }

  /// The terminal size; set it to simulate a resize.
  public var size: Size {
    get { session.screen.size }
    set { session.screen.size = newValue }
  }

  /// The screen for the current state.
  public var grid: Grid { session.render() }

  /// How many places of the view tree have state kept between frames.
  var keptStateCount: Int { session.screen.keptStateCount }

  /// How images are drawn and encoded, as if the terminal had answered for this mode;
  /// half blocks by default.
  public var graphics: GraphicsMode {
    get { session.screen.graphics }
    set {
      session.screen.graphics = newValue
      renderer.graphics = newValue
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
    _ = session.render()
    return session.focusedID
  }

  /// Presses `keys` one after another; each sees the state the previous one left.
  public func press(_ keys: Key...) {
    for key in keys { handle(key) }
  }

  /// Types `text`, one character key at a time, each in a read of its own, as a typist does
  /// whom the app keeps up with. ``typeFast(_:)`` types it in one read.
  public func type(_ text: String) {
    for character in text { handle(.char(character)) }
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
    handle(.paste(text))
  }

  /// Clicks the left button at `column`, `row` (a press, then a release), as a terminal that
  /// reports the mouse would.
  public func click(column: Int, row: Int) {
    handle(.mouse(Mouse(.press(.left), column: column, row: row)))
    handle(.mouse(Mouse(.release(.left), column: column, row: row)))
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
      handle(.mouse(Mouse(notches > 0 ? .scrollDown : .scrollUp, column: column, row: row)))
    }
  }

  /// Feeds raw terminal input bytes through a `KeyDecoder` as one read, then ends any
  /// pending sequence as a pause in input would. The keys take the input path of
  /// ``TerminalApp``: a run of characters typed into a text field is one edit.
  public func feed(_ bytes: [UInt8]) {
    session.handle(read: decoder.decode(bytes) + decoder.flush(), render: { _ = session.render() })
  }

  /// Shows a side effect as the runtime would.
  public func present(_ presentation: Presentation) {
    _ = session.overlays.present(presentation)
  }

  /// Removes every toast, as the runtime does once their time is up.
  public func dismissToasts() {
    session.overlays.dismissAllToasts()
  }

  /// Moves spinners on by `frames` animation frames.
  public func advanceAnimation(frames: Int = 1) {
    session.screen.animationFrame += frames
  }

  /// The bytes a real terminal would receive to show the current state: a full redraw the
  /// first time and after a resize, only the changed cells after that.
  public func nextFrameBytes() -> [UInt8] {
    let frame = session.render()
    defer { shownFrame = frame }
    return renderer.diff(from: shownFrame, to: frame)
  }

  private func handle(_ key: Key) {
    _ = session.render()
    session.handle(key)
  }
}

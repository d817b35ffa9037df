/// A terminal in memory for testing a whole `TerminalApp`: it records every frame the app
/// draws and feeds it input, resizes and signals, with no TTY.
///
/// ```swift
/// let backend = TestTerminalBackend(size: Size(width: 40, height: 10))
/// let app = TerminalApp(store: store, backend: backend) { CounterView(store: store) }
/// let run = Task { try await app.run() }
/// #expect(await backend.nextFrame().contains("Count: 0"))
/// backend.send("+")
/// #expect(await backend.nextFrame().contains("Count: 1"))
/// backend.send("q")
/// try await run.value
/// ```
///
/// The app draws a frame for every batch of input it handles, changed or not, so a test can
/// send input and then wait for ``nextFrame()``. A frame that comes on the app's own time, such
/// as a toast leaving when the clock moves on, may already be drawn before the test starts
/// waiting: wait for it with ``frame(where:)``.
@MainActor
public final class TestTerminalBackend: TerminalBackend {
  /// The size the app reads; change it with ``resize(to:)``.
  public private(set) var currentSize: Size
  /// The environment the app's colour and graphics detection read.
  public var environment: [String: String]
  /// Answers what the app asks the terminal (the kitty graphics query, the cursor position
  /// for an inline viewport); when nil, the device attributes reply of a terminal without
  /// kitty graphics, and the cursor at ``cursorRow``.
  public var answer: (([UInt8]) -> [UInt8])?
  /// The row the cursor is on when an inline viewport asks, from 0.
  public var cursorRow = 0
  /// When true, drawing fails as if the terminal had closed.
  public var failsToDraw = false

  /// Every frame drawn, oldest first; only the last ``keepsFrames`` when that is set.
  public private(set) var frames: [Grid] = []
  /// How many of the last frames ``frames`` keeps; nil (the default) keeps them all. A test
  /// that draws many thousands of frames keeps one, the ``screen``.
  public var keepsFrames: Int? {
    didSet { trimFrames() }
  }
  /// Every byte written: frames and everything else, in order.
  public private(set) var output: [UInt8] = []
  /// The viewports the app entered with, one per ``enter(viewport:mouse:)``.
  public private(set) var entries: [Viewport] = []
  /// Whether mouse reports were asked for at the last enter.
  public private(set) var reportsMouse = false
  /// Whether the terminal is taken over now: entered and not restored.
  public private(set) var isEntered = false
  /// How many times the app suspended (Ctrl-Z).
  public private(set) var suspensions = 0
  /// Whether the app is listening for input.
  public private(set) var isReading = false

  private var deliver: (@Sendable (TerminalInput) -> Void)?
  private var frameWaiters: [CheckedContinuation<Grid, Never>] = []
  private var decoder = KeyDecoder()

  /// Creates a terminal of `size` with `environment`.
  public init(size: Size, environment: [String: String] = ["TERM": "xterm-256color"]) {
    self.currentSize = size
    self.environment = environment
  }

  /// The last frame drawn, or nil before the first.
  public var screen: Grid? { frames.last }

  /// Waits for the app to draw its next frame and returns it; when the app ends first, the
  /// last frame it drew (an empty grid if none).
  public func nextFrame() async -> Grid {
    await withCheckedContinuation { frameWaiters.append($0) }
  }

  /// Waits until the screen shows a frame that `matches`, the one showing now included, and
  /// returns it; when the app ends first, its last frame. Use it after something that draws
  /// on its own time, such as a clock advance, where the frame may come before the wait.
  public func frame(where matches: (Grid) -> Bool) async -> Grid {
    while true {
      if let screen, matches(screen) { return screen }
      let frame = await nextFrame()
      if !isReading { return frame }
    }
  }

  /// Sends `keys` as one read of input.
  public func send(_ keys: Key...) {
    deliver?(.keys(keys))
  }

  /// Sends `bytes` as raw terminal input, through a ``KeyDecoder``, as one read.
  public func send(bytes: [UInt8]) {
    let keys = decoder.decode(bytes) + decoder.flush()
    if !keys.isEmpty { deliver?(.keys(keys)) }
  }

  /// Changes the size and reports the resize.
  public func resize(to size: Size) {
    currentSize = size
    deliver?(.resize)
  }

  /// Reports a signal such as SIGTERM.
  public func signal(_ number: Int32) {
    deliver?(.signal(number))
  }

  /// Reports that input closed.
  public func closeInput() {
    deliver?(.endOfInput)
  }

  /// Takes the terminal over; see ``TerminalBackend/enter(viewport:mouse:)``.
  public func enter(viewport: Viewport, mouse: Bool) throws(TerminalError) {
    entries.append(viewport)
    reportsMouse = mouse
    isEntered = true
  }

  /// Puts the terminal back as it was found.
  public func restore() {
    isEntered = false
  }

  /// Stops the process until it is continued.
  public func suspend() {
    suspensions += 1
  }

  /// The terminal's size in cells.
  public func size() -> Size? { currentSize }

  /// Shows a frame.
  public func draw(_ frame: Grid, bytes: [UInt8]) -> Bool {
    guard !failsToDraw else { return false }
    frames.append(frame)
    trimFrames()
    output += bytes
    resumeWaiters(with: frame)
    return true
  }

  /// Writes bytes that are not a frame.
  public func write(_ bytes: [UInt8]) -> Bool {
    output += bytes
    return !failsToDraw
  }

  /// Asks the terminal a question and collects its answer.
  public func ask(_ question: [UInt8], timeout: Duration, isComplete: ([UInt8]) -> Bool)
    -> [UInt8]
  {
    output += question
    if let answer { return answer(question) }
    if question == CursorPositionReport.query { return Array("\u{1B}[\(cursorRow + 1);1R".utf8) }
    return Array("\u{1B}[?62;22c".utf8)
  }

  /// Starts reporting input.
  public func startInput(_ deliver: @escaping @Sendable (TerminalInput) -> Void) {
    self.deliver = deliver
    isReading = true
  }

  /// Stops reporting input.
  public func stopInput() {
    deliver = nil
    isReading = false
    resumeWaiters(with: screen ?? Grid(size: currentSize))
  }

  private func trimFrames() {
    guard let keepsFrames, frames.count > max(0, keepsFrames) else { return }
    frames.removeFirst(frames.count - max(0, keepsFrames))
  }

  private func resumeWaiters(with frame: Grid) {
    let waiters = frameWaiters
    frameWaiters.removeAll()
    for waiter in waiters { waiter.resume(returning: frame) }
  }
}

/// The terminal that `TerminalApp` runs on: ``SystemTerminal`` (standard input and output)
/// by default, or ``TestTerminalBackend`` in tests, which records each frame and feeds input.
///
/// The app calls ``enter(viewport:mouse:)`` once when it starts, then ``startInput(_:)``; it
/// writes each frame with ``draw(_:bytes:)``; it calls ``restore()`` however it ends, and
/// ``suspend()`` for Ctrl-Z between a ``restore()`` and a new ``enter(viewport:mouse:)``.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The variables that colour and graphics detection read: `NO_COLOR`, `FORCE_COLOR`,
  /// `TERM`, `COLORTERM`, `TMUX` and `MVIKIT_GRAPHICS`.
  var environment: [String: String] { get }

  /// Takes the terminal over: raw input, a hidden cursor, bracketed paste; the alternate
  /// screen for ``Viewport/fullscreen``; mouse reports when `mouse` is true.
  /// - Throws: ``TerminalError/notATerminal`` when there is no terminal to take over.
  func enter(viewport: Viewport, mouse: Bool) throws(TerminalError)

  /// Puts the terminal back as ``enter(viewport:mouse:)`` found it; harmless when nothing is
  /// entered.
  func restore()

  /// Stops the process as a shell job until it is continued (`fg`), then returns. The app
  /// restores the terminal before and enters it again after.
  func suspend()

  /// The terminal's size in cells, or nil when it cannot be read.
  func size() -> Size?

  /// Shows `frame`, whose encoding for this terminal is `bytes` (empty when nothing changed
  /// since the last frame); returns false when the terminal is gone.
  func draw(_ frame: Grid, bytes: [UInt8]) -> Bool

  /// Writes bytes that are not a frame, such as the lines an inline viewport reserves.
  /// Returns false when the terminal is gone.
  func write(_ bytes: [UInt8]) -> Bool

  /// Sends `question` and collects the answer until `isComplete` accepts it or `timeout`
  /// passes. Called after ``enter(viewport:mouse:)`` and before ``startInput(_:)``.
  func ask(_ question: [UInt8], timeout: Duration, isComplete: ([UInt8]) -> Bool) -> [UInt8]

  /// Starts reporting input, resizes and signals to `deliver`, from any thread, until
  /// ``stopInput()``.
  func startInput(_ deliver: @escaping @Sendable (TerminalInput) -> Void)

  /// Stops reporting input, resizes and signals.
  func stopInput()
}

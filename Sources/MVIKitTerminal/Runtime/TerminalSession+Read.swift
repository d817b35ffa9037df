extension TerminalSession {
  /// Handles the keys of one read of terminal input, in order, rendering before each so that
  /// every key acts on the screen the one before it left.
  ///
  /// Characters typed into a text field in one read (a paste from a terminal without bracketed
  /// paste, a fast typist) are one edit: one render instead of one per key. Enter, Tab and every
  /// other key that is not a character end such a run and act on their own, so
  /// `milk⏎bread⏎` in one read submits `milk`, then `bread`. ``TerminalApp`` and
  /// ``HeadlessTerminal`` both come through here, so a test sees what a user's terminal does.
  ///
  /// - Parameters:
  ///   - keys: The keys decoded from one read.
  ///   - render: Draws the current state (and tracks what it read) before a key is handled.
  ///   - onScreen: Maps a key to the frame's own coordinates, or nil to drop it.
  ///   - isStopping: Whether the app is stopping, which drops the keys not yet handled.
  func handle(
    read keys: [Key], render: () -> Void, onScreen: (Key) -> Key? = { $0 },
    isStopping: () -> Bool = { false }
  ) {
    var pending = keys[...]
    while let first = pending.first, !isStopping() {
      render()
      let run = focusTakesText ? pending.prefix(while: \.isCharacter) : []
      if run.count > 1 {
        pending.removeFirst(run.count)
        _ = handle(.paste(String(run.compactMap(\.character))))
        continue
      }
      pending.removeFirst()
      if let key = onScreen(first) { _ = handle(key) }
    }
  }
}

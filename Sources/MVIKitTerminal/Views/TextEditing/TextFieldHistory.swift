/// Going back through a text field's history with ↑ and forward with ↓, as a shell does.
///
/// The history is the app's (past searches, past commands); which entry the field shows and
/// the draft to come back to are view state, kept by the runtime like the cursor.
enum TextFieldHistory {
  /// Which entry the field shows, and what the user had typed before ↑ went into the history.
  struct Browsing: Equatable {
    var position: Int
    var draft: String
  }

  /// The text and browsing after ↑ (`step` -1) or ↓ (+1) on a field showing `text`, with
  /// `history` older entries first; nil when the key does nothing, so that enclosing bindings
  /// get it: with no history, and for ↓ when not browsing, as there is nothing newer than the
  /// draft. ↑ on the oldest entry stays there.
  static func step(
    _ step: Int, text: String, history: [String], browsing: Browsing?
  ) -> (text: String, browsing: Browsing?)? {
    guard !history.isEmpty else { return nil }
    // When the field no longer shows the entry, the text changed elsewhere (the app cleared
    // it after a submit, or the history itself changed): that ended the browsing.
    guard let browsing, browsing.position < history.count, history[browsing.position] == text
    else {
      guard step < 0 else { return nil }
      return (history[history.count - 1], Browsing(position: history.count - 1, draft: text))
    }
    let position = max(0, browsing.position + step)
    guard position < history.count else { return (browsing.draft, nil) }
    return (history[position], Browsing(position: position, draft: browsing.draft))
  }
}

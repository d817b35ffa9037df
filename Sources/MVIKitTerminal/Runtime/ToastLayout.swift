/// Where toasts go: rows of their own at the bottom of the screen, newest lowest, which the
/// content gives up while they show, so a toast never covers the content's last lines (a
/// footer, a key help) nor another toast.
enum ToastLayout {
  /// The most toasts shown at once; older ones wait off screen until newer ones expire.
  static let maximumToasts = 3
  /// The most lines one toast takes; a longer message ends in an ellipsis.
  static let maximumLinesPerToast = 2

  /// The toast lines from top to bottom, each padded with a space on both sides.
  /// - Parameters:
  ///   - texts: The toasts' messages, oldest first.
  ///   - width: The screen's width.
  ///   - maximumRows: The most rows toasts may take; the oldest toasts are left out first.
  static func lines(for texts: [String], width: Int, maximumRows: Int) -> [String] {
    guard width >= 3, maximumRows > 0 else { return [] }
    var rows: [String] = []
    for text in texts.suffix(maximumToasts).reversed() {
      let toast = lines(of: text, width: width - 2).map { " " + $0 + " " }
      guard rows.count + toast.count <= maximumRows else { break }
      rows.insert(contentsOf: toast, at: 0)
    }
    return rows
  }

  private static func lines(of text: String, width: Int) -> [String] {
    let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    var wrapped = TextWrapper.wrap(flat, width: width)
    guard wrapped.count > maximumLinesPerToast else { return wrapped }
    wrapped = Array(wrapped.prefix(maximumLinesPerToast))
    // The mark says more text follows, so it goes on even when the line would fit.
    wrapped[wrapped.count - 1] = TextWrapper.truncate(
      wrapped[wrapped.count - 1] + "…", width: width)
    return wrapped
  }
}

/// The keys of a screen, as the views and bindings drawn this frame registered them: those
/// that act with the focus where it is, for the ``HelpBar``, and all of them, for the key help
/// (``View/keyHelp(_:isPresented:toggle:)``). Both read the same registrations, so neither
/// can drift from what the keys do.
@MainActor
enum KeyHelp {
  struct Entry: Equatable {
    var key: String
    var text: String
    /// Kept when the help bar drops entries to fit.
    var isPinned = false
  }

  /// What the keys do now: Tab, the focused view's keys, then the bindings a key still
  /// reaches, innermost first. A binding whose keys the focused view takes (letters while a
  /// field has the focus) is left out, and so is a key an inner binding already has.
  static func current(_ context: RenderContext) -> [Entry] {
    let targets = context.targets
    let focused = context.focusedTarget
    var entries: [Entry] = []
    if targets.count > 1 || (targets.count == 1 && focused?.takesText != false) {
      entries.append(Entry(key: "Tab", text: "Next"))
    }
    if let focused {
      entries += focused.help.map { Entry(key: $0.key, text: $0.text) }
      if focused.takesText, !focused.uses(.escape) {
        entries.append(Entry(key: "Esc", text: "Leave field"))
      }
    }
    let bindings = bindingEntries(context) { focused?.takes($0) == true }
    return entries + bindings.filter { !$0.isPinned } + bindings.filter(\.isPinned)
  }

  /// Every key of the screen, wherever the focus is: what Tab and Esc do, each focusable
  /// view's keys, and every binding a key reaches from somewhere, innermost first.
  static func screen(_ context: RenderContext) -> [Entry] {
    let targets = context.targets
    var entries: [Entry] = []
    if targets.count > 1 { entries.append(Entry(key: "Tab", text: "Next view")) }
    if targets.contains(where: \.takesText) {
      entries.append(Entry(key: "Esc", text: "Leave a text field"))
    }
    for target in targets {
      for (key, text) in target.help where !entries.contains(Entry(key: key, text: text)) {
        entries.append(Entry(key: key, text: text))
      }
    }
    return entries + bindingEntries(context) { _ in false } + context.runtimeKeys
  }

  /// The bindings with help that a key reaches, innermost first, each with its keys that no
  /// binding inside it has and that `isTaken` does not stop before the bindings.
  private static func bindingEntries(_ context: RenderContext, isTaken: (Key) -> Bool) -> [Entry] {
    var reached = Set<Key>()
    var entries: [Entry] = []
    for binding in context.bindings.reversed() {
      let keys = binding.keys.filter { !reached.contains($0) && !isTaken($0) }
      reached.formUnion(binding.keys)
      guard let help = binding.help, !keys.isEmpty else { continue }
      entries.append(Entry(key: KeyBinding.label(keys), text: help, isPinned: binding.isPinned))
    }
    return entries
  }

  /// The entries that fit in `width` columns, drawn `key text` two spaces apart: the last
  /// ones that are not pinned give way first, so no label is ever cut.
  static func fitting(_ entries: [Entry], width: Int) -> [Entry] {
    var kept = entries
    while lineWidth(kept) > width {
      guard let index = kept.lastIndex(where: { !$0.isPinned }) ?? kept.indices.last else {
        break
      }
      kept.remove(at: index)
    }
    return kept
  }

  static func lineWidth(_ entries: [Entry]) -> Int {
    let widths = entries.map { $0.key.terminalWidth + 1 + $0.text.terminalWidth }
    return widths.reduce(0, +) + 2 * max(0, entries.count - 1)
  }
}

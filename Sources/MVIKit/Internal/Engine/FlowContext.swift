/// What a tap hears with an event of a root store's flow: where the intent came from, the
/// effect run that sent it, where the View sent it from. A value handed to each tap with the
/// event, so that no global, and no member read back from the store while the taps hear it,
/// holds a fact of one event.
@usableFromInline
package struct FlowContext: Sendable {
  /// Where the intent came from; nil for an event no intent caused (a side effect, a misuse
  /// reported outside a send).
  @usableFromInline package let origin: IntentOrigin?
  /// The number of the run that sent the intent (see ``EffectLifecycleEvent/run``), when a
  /// tap that hears runs was attached as it started; nil otherwise.
  @usableFromInline package let run: Int?
  /// Where the View sent the intent from (see ``SendSite``); ``SendSite/unknown`` for an
  /// effect's, for a send that gave none, and for other events.
  @usableFromInline package let site: SendSite

  @inlinable
  package init(origin: IntentOrigin?, run: Int32 = 0, site: SendSite = .unknown) {
    self.origin = origin
    self.run = run == 0 ? nil : Int(run)
    self.site = site
  }
}

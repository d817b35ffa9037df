/// The run in progress, and the members that changed during the send in progress, whose runs
/// go once the outermost send ends.
@MainActor
@usableFromInline
enum ObservationRuns {
  /// The bookkeeping, behind a pointer: as static variables every access paid the runtime's
  /// exclusivity check, several times per rerun. Only the main actor touches it.
  @usableFromInline
  struct Slots {
    /// Not retained: a run is current only while it runs, and whoever runs it holds it.
    @usableFromInline var current: Unmanaged<ObservationRun>?
    var changed: [ObservedMemberBase] = []
    /// The previous batch's buffer, kept so that a batch reuses its storage.
    var spare: [ObservedMemberBase] = []
    var sendsInProgress = 0
    var batch = 0
  }

  @usableFromInline
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slots> = {
    let slots = UnsafeMutablePointer<Slots>.allocate(capacity: 1)
    slots.initialize(to: Slots())
    return slots
  }()

  @inlinable
  static var current: Unmanaged<ObservationRun>? {
    get { slots.pointee.current }
    set { slots.pointee.current = newValue }
  }

  /// Runs the observations of `member`, which changed: after the send in progress, or now.
  @usableFromInline
  static func memberChanged(_ member: ObservedMemberBase) {
    slots.pointee.changed.append(member)
    if slots.pointee.sendsInProgress == 0 { runChanged() }
  }

  @usableFromInline
  static func sendBegan() { slots.pointee.sendsInProgress += 1 }

  @usableFromInline
  static func sendEnded() {
    slots.pointee.sendsInProgress -= 1
    if slots.pointee.sendsInProgress == 0, !slots.pointee.changed.isEmpty { runChanged() }
  }

  private static func runChanged() {
    slots.pointee.batch &+= 1
    let batch = slots.pointee.batch
    var members = slots.pointee.spare
    swap(&members, &slots.pointee.changed)
    for member in members { member.runAll(batch: batch) }
    members.removeAll(keepingCapacity: true)
    slots.pointee.spare = members
  }
}

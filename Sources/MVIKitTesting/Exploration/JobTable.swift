/// The jobs of one schedule as its choices see them: when each may deliver and how far the
/// schedule has got with it.
///
/// Plain values, apart from the world's generic ones: weighing the choices at each step of a
/// search reads them with no lookup of a generic type, and copying a world to branch copies
/// them without a retain apart from the two arrays' own; the choices read the schedules only
/// for jobs that wait for others or deliver at a time, so that weighing them copies no array.
/// Inlinable, as the search is: weighing the choices called out of line was a twentieth of a
/// step.
@usableFromInline
struct JobTable {
  /// When each job may deliver: appended to as jobs start, and otherwise shared by the
  /// worlds copied from this one.
  @usableFromInline var schedules: [JobSchedule] = []
  /// How far this schedule has got with each job: the one array a step changes.
  @usableFromInline var progress: [JobProgress] = []

  @inlinable var indices: Range<Int> { progress.indices }

  @inlinable init() {}

  @inlinable mutating func add(_ schedule: JobSchedule, awaitsWork: Bool) {
    schedules.append(schedule)
    progress.append(JobProgress(schedule: schedule, awaitsWork: awaitsWork))
  }

  /// Sets when each of the job's deliveries is due, once its work has run (or, for the rest of
  /// a concatenation, once the steps before it are dated).
  @inlinable mutating func setDues(_ dues: [Duration?], of index: Int) {
    schedules[index].dues = dues
    progress[index].deliveries = dues.count
    progress[index].isTimed = dues.contains { $0 != nil }
  }

  /// The choices open now: the user's first when `userMayAct`, then the jobs' in the order
  /// they started. Of the deliveries due at a time, only the earliest are open.
  @inlinable func choices(userMayAct: Bool) -> [ScheduleChoice] {
    var open: [ScheduleChoice] = []
    appendChoices(userMayAct: userMayAct, to: &open)
    return open
  }

  /// Appends the choices open now to `open`, as ``choices(userMayAct:)`` lists them: a search
  /// keeps the choices of every world on its path in one stack, and allocates none per world.
  @inlinable func appendChoices(userMayAct: Bool, to open: inout [ScheduleChoice]) {
    let start = open.count
    if userMayAct { open.append(.user) }
    var earliest: Duration?
    for index in indices where isReady(index) {
      if let due = nextDue(index) { earliest = min(earliest ?? due, due) }
      open.append(.job(index))
    }
    // A delivery with no time may come at any time; of those due at a time, the earliest.
    // Most explorations use no clock: nothing to remove.
    guard let earliest else { return }
    var kept = start
    for position in start..<open.count {
      let choice = open[position]
      if case .job(let index) = choice, let due = nextDue(index), due != earliest { continue }
      open[kept] = choice
      kept += 1
    }
    open.removeLast(open.count - kept)
  }

  /// Whether the job has a delivery it may make now.
  @inlinable func isReady(_ index: Int) -> Bool { !isFinished(index) && isOpen(index) }

  /// Whether the steps a job waits for have finished.
  @inlinable func isOpen(_ index: Int) -> Bool {
    !progress[index].waitsForOthers || schedules[index].after.allSatisfy { isFinished($0) }
  }

  /// Whether the job has nothing left to deliver: cancelled, or its work ran and all it sent
  /// was delivered.
  @inlinable func isFinished(_ index: Int) -> Bool {
    let job = progress[index]
    return job.isCancelled || (!job.awaitsWork && job.delivered == job.deliveries)
  }

  /// When the job's next delivery is due, if at a time; only for a job not finished.
  @inlinable func nextDue(_ index: Int) -> Duration? {
    guard progress[index].isTimed else { return nil }
    return schedules[index].dues[progress[index].delivered]
  }
}

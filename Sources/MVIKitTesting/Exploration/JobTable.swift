/// The jobs of one schedule as its choices see them: when each may deliver and how far the
/// schedule has got with it.
///
/// Plain values, apart from the world's generic ones: weighing the choices at each step of a
/// search reads them with no lookup of a generic type, and copying a world to branch copies
/// them without a retain apart from the two arrays' own.
@usableFromInline
struct JobTable {
  /// When each job may deliver: appended to as jobs start, and otherwise shared by the
  /// worlds copied from this one.
  @usableFromInline var schedules: [JobSchedule] = []
  /// How far this schedule has got with each job: the one array a step changes.
  @usableFromInline var progress: [JobProgress] = []

  @usableFromInline var indices: Range<Int> { progress.indices }

  @usableFromInline init() {}

  @usableFromInline mutating func add(_ schedule: JobSchedule, awaitsWork: Bool) {
    schedules.append(schedule)
    progress.append(JobProgress(awaitsWork: awaitsWork))
  }

  /// The choices open now: the user's first when `userMayAct`, then the jobs' in the order
  /// they started. Of the deliveries due at a time, only the earliest are open.
  @usableFromInline func choices(userMayAct: Bool) -> [ScheduleChoice] {
    var open: [ScheduleChoice] = []
    open.reserveCapacity(progress.count + 1)
    if userMayAct { open.append(.user) }
    var earliest: Duration?
    for index in indices where isReady(index) {
      if let due = nextDue(index) { earliest = min(earliest ?? due, due) }
      open.append(.job(index))
    }
    // A delivery with no time may come at any time; of those due at a time, the earliest.
    // Most explorations use no clock: nothing to remove.
    if let earliest {
      open.removeAll {
        guard case .job(let index) = $0, let due = nextDue(index) else { return false }
        return due != earliest
      }
    }
    return open
  }

  /// Whether the job has a delivery it may make now.
  @usableFromInline func isReady(_ index: Int) -> Bool { !isFinished(index) && isOpen(index) }

  /// Whether the steps a job waits for have finished.
  @usableFromInline func isOpen(_ index: Int) -> Bool {
    schedules[index].after.allSatisfy { isFinished($0) }
  }

  /// Whether the job has nothing left to deliver: cancelled, or its work ran and all it sent
  /// was delivered.
  @usableFromInline func isFinished(_ index: Int) -> Bool {
    let job = progress[index]
    return job.isCancelled || (!job.awaitsWork && job.delivered == schedules[index].dues.count)
  }

  /// When the job's next delivery is due, if at a time; only for a job not finished.
  @usableFromInline func nextDue(_ index: Int) -> Duration? {
    schedules[index].dues[progress[index].delivered]
  }
}

import Foundation
import MVIKit
import MVIKitRecording
import NIOConcurrencyHelpers

/// Carries what the main actor captured to every connected page, off the main actor.
///
/// The main actor only appends to ``capture(_:)``'s queue. A task of the feed's own wakes when
/// something is queued, waits one frame (16 ms) so that a burst of intents goes out as one
/// batch, encodes the batch (states diffed against the last one sent), keeps it in a bounded
/// log for pages that connect later and for export, and queues it for each page.
@usableFromInline
final class InspectorFeed<M: Model>: Sendable {
  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline var queue: PendingEvents<M>
    /// The feed's task, while it waits for an event.
    @usableFromInline var waiter: CheckedContinuation<Void, Never>?
    /// Whether ``waiter`` is set and no event has yet woken it: what the main actor looks at
    /// per event. A continuation's layout is the concurrency library's, not known where the
    /// capture is compiled, so each look at one goes through the runtime.
    @usableFromInline var isWaiting = false
    var isStopped = false
  }

  private struct Log {
    /// The state before the oldest kept step.
    var base: JSONValue
    /// The state after the last encoded event.
    var current: JSONValue
    var records: [InspectorStepRecord] = []
    var head = 0
    /// Steps dropped from the log, oldest first.
    var dropped = 0
    var live = true
    var shownStep: Int?
    /// The last step encoded.
    var lastStep = 0
    /// The last step heard, withheld or not.
    var heardStep = 0
    /// The effect runs started and not ended: the step that started each, and when.
    var runs: [Int: (step: Int, time: Double)] = [:]
    /// Steps withheld by the privacy settings, and the last one while its events come in.
    var withheld = 0
    var withheldStep: Int?
    var pages: [ObjectIdentifier: InspectorMailbox] = [:]
  }

  /// Guards ``pending``. A lock, not a locked box, so that ``capture(_:)`` can move its event
  /// into the queue: a box's closure could only copy it.
  @usableFromInline let pendingLock = NIOLock()
  /// What the main actor queued and the feed's task has not taken; only under ``pendingLock``,
  /// so no two accesses overlap.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var pending: Pending
  private let log: NIOLockedValueBox<Log>
  /// How many steps the log keeps.
  @usableFromInline let limit: Int
  /// The model's name, which a recording's header carries.
  let modelName: String
  /// Whether the session can be exported as a recording that reads back.
  let isExportable: Bool
  /// What stays in the app, applied before anything is encoded.
  let privacy: InspectorPrivacy<M>
  private let frame: Duration

  init(
    initialState: M.State, limit: Int, privacy: InspectorPrivacy<M> = .none,
    frame: Duration = .milliseconds(16)
  ) {
    self.privacy = privacy
    let state = InspectorValue.json(privacy.state(initialState))
    log = NIOLockedValueBox(Log(base: state, current: state))
    self.limit = max(1, limit)
    pending = Pending(queue: PendingEvents(limit: limit))
    self.frame = frame
    modelName = String(describing: M.self)
    isExportable = InspectorValue.isCodable(M.State.self, M.Intent.self, M.SideEffect.self)
  }

  // MARK: - The main actor's side

  /// Queues `event` for the page; the only work the main actor does per event.
  @inlinable
  func capture(_ event: consuming InspectorEvent<M>) {
    pendingLock.lock()
    pending.queue.append(event)
    let wakesFeed = pending.isWaiting
    pending.isWaiting = false
    pendingLock.unlock()
    if wakesFeed { wakeFeed() }
  }

  /// Resumes the feed's task if it waits. Only the main actor calls it (``capture(_:)``, which
  /// cleared ``Pending/isWaiting`` first, and ``stop()``), so between that and the resume no
  /// other call can take the waiter, and the task waits again only once resumed.
  @usableFromInline
  func wakeFeed() {
    let waiter = pendingLock.withLock { pending.waiter.take() }
    waiter?.resume()
  }

  // MARK: - The feed's own task

  /// Encodes and sends batches until ``stop()``.
  func run() async {
    // The queue's two rings: the main actor appends to one while this task empties the other.
    // Taking a batch swaps them under the lock, so the main actor never waits for a batch to
    // be copied, and appends into the memory the last batch left.
    var batch = EventRing<InspectorEvent<M>>()
    while await nextBatchIsQueued() {
      try? await Task.sleep(for: frame)
      let dropped = pendingLock.withLock { pending.queue.take(into: &batch) }
      log.withLockedValue { log in
        let droppedBefore = log.dropped
        if let dropped { restart(&log, from: dropped.rebase, dropped.steps) }
        send(encoding: batch, into: &log, droppedBefore: droppedBefore)
      }
    }
  }

  /// Ends ``run()`` and every page's mailbox.
  func stop() {
    pendingLock.withLock {
      pending.isStopped = true
      pending.isWaiting = false
    }
    wakeFeed()
    let pages = log.withLockedValue { log in
      defer { log.pages = [:] }
      return Array(log.pages.values)
    }
    for page in pages { page.close() }
  }

  private func nextBatchIsQueued() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isReady = pendingLock.withLock {
        guard pending.queue.isEmpty, !pending.isStopped else { return true }
        pending.waiter = continuation
        pending.isWaiting = true
        return false
      }
      if isReady { continuation.resume() }
    }
    return !pendingLock.withLock { pending.isStopped }
  }

  private func send(
    encoding events: EventRing<InspectorEvent<M>>, into log: inout Log, droppedBefore: Int
  ) {
    let before = log.current
    let withheldBefore = log.withheld
    var batch: [JSONValue] = []
    // A page resynced before this batch goes on with its first new step.
    var firstStep: Int?
    var statusChanged = false
    // Taken out one by one, so that the ring is left empty for the main actor's next batch.
    while !events.isEmpty {
      switch events.removeFirst() {
      case .intent(let step, let origin, let time, let run, let site, let intent):
        log.heardStep = step
        guard !privacy.withholds(intent) else {
          log.withheld += 1
          log.withheldStep = step
          continue
        }
        log.withheldStep = nil
        let value = InspectorValue.json(privacy.intent(intent))
        let siteText = site.recordedText
        log.records.append(
          InspectorStepRecord(step: step, intent: (origin, time, value), run: run, site: siteText))
        batch.append(
          InspectorStepRecord.intentEvent(step, origin, time, value, run: run, site: siteText))
        firstStep = firstStep ?? step
        log.lastStep = step
      case .state(let step, let state):
        // A withheld step's changes show with the next step sent.
        guard step != log.withheldStep else { continue }
        let next = InspectorValue.json(privacy.state(state))
        let changes = StateChange.changes(from: log.current, to: next)
        log.current = next
        guard !changes.isEmpty else { continue }
        record(step, in: &log) { $0.changes += changes }
        batch.append(InspectorStepRecord.changesEvent(step, changes))
      case .sideEffect(let step, let sideEffect):
        guard step != log.withheldStep else { continue }
        let value = InspectorValue.json(privacy.sideEffect(sideEffect))
        record(step, in: &log) { $0.sideEffects.append(value) }
        batch.append(InspectorStepRecord.sideEffectEvent(step, value))
      case .warning(let step, let time, let message):
        let step = shown(step, log)
        let note = InspectorStepRecord.noteEvent("warning", step, time, message)
        record(step, in: &log) { $0.notes.append(note) }
        batch.append(note)
      case .error(let step, let time, let message):
        let step = shown(step, log)
        let note = InspectorStepRecord.noteEvent("error", step, time, message)
        record(step, in: &log) { $0.notes.append(note) }
        batch.append(note)
      case .effect(let step, let time, let run, let moment, let id, let failure, let startedBy):
        let step = shown(step, log)
        if moment == "started",
          let index = log.records[log.head...].lastIndex(where: { $0.step == startedBy })
        {
          log.records[index].startedRuns.append(run)
        }
        var fields: [String: JSONValue] = [
          "kind": .string("effect"), "step": .int(Int64(step)), "time": .double(time),
          "run": .int(Int64(run)), "moment": .string(moment),
        ]
        if let id { fields["id"] = .string(id) }
        if let failure { fields["error"] = .string(failure) }
        if moment == "started" {
          log.runs[run] = (step, time)
        } else if let start = log.runs.removeValue(forKey: run) {
          fields["startedAt"] = .int(Int64(start.step))
          fields["duration"] = .double(max(0, time - start.time))
        }
        let note = JSONValue.object(fields)
        record(step, in: &log) { $0.notes.append(note) }
        batch.append(note)
      case .status(let live, let shownStep):
        log.live = live
        log.shownStep = shownStep
        statusChanged = true
      }
    }
    trim(&log)
    let status =
      statusChanged || log.dropped != droppedBefore || log.withheld != withheldBefore
      ? statusMessage(log) : nil
    let messages = Self.eventsMessages(batch)
    for page in log.pages.values {
      if !messages.isEmpty {
        if let lagged = page.takeResync() {
          page.pushAlways(
            JSONValue.object([
              "type": .string("resync"),
              "firstStep": .int(Int64(firstStep ?? log.lastStep + 1)),
              "state": before, "lagged": .int(Int64(lagged)),
            ]).text)
        }
        // A batch too large for one message (more than a frame's worth for the page to parse)
        // goes in several.
        for message in messages { page.push(message.text, steps: message.steps) }
      }
      if let status { page.pushAlways(status) }
    }
  }

  /// The step a note of `step` goes under: a withheld step's go under the last step the page
  /// knows.
  private func shown(_ step: Int, _ log: Log) -> Int {
    step == log.withheldStep ? log.lastStep : step
  }

  /// Empties the log after steps were dropped before they were encoded: it starts again from
  /// the state after the last dropped step, and every page is sent that state afresh.
  private func restart(_ log: inout Log, from state: M.State?, _ droppedSteps: Int) {
    log.dropped += log.records[log.head...].count { $0.intent != nil } + droppedSteps
    log.records = []
    log.head = 0
    if let state { log.current = InspectorValue.json(privacy.state(state)) }
    log.base = log.current
    for page in log.pages.values { page.requireResync() }
  }

  /// Runs `change` on the record of `step`, the last one or a new one without an intent.
  private func record(
    _ step: Int, in log: inout Log, _ change: (inout InspectorStepRecord) -> Void
  ) {
    if log.records.last?.step != step {
      log.records.append(InspectorStepRecord(step: step))
    }
    change(&log.records[log.records.count - 1])
  }

  /// Drops the oldest steps past the limit, moving the base state past them.
  private func trim(_ log: inout Log) {
    while log.records.count - log.head > limit {
      for change in log.records[log.head].changes { try? log.base.apply(change) }
      if log.records[log.head].intent != nil { log.dropped += 1 }
      log.head += 1
    }
    if log.head >= limit {
      log.records.removeFirst(log.head)
      log.head = 0
    }
  }

  // MARK: - Pages

  /// Connects a page: it is sent the greeting, every kept step, the status, then each batch.
  func join(_ page: InspectorMailbox) {
    log.withLockedValue { log in
      let kept = log.records[log.head...]
      page.pushAlways(
        JSONValue.object([
          "type": .string("hello"), "protocol": .int(1), "model": .string(modelName),
          "limit": .int(Int64(limit)), "exportable": .bool(isExportable),
          "dropped": .int(Int64(log.dropped)), "withheld": .int(Int64(log.withheld)),
          "firstStep": .int(Int64(kept.first?.step ?? (log.records.last?.step ?? 0) + 1)),
          "state": log.base,
        ]).text)
      for message in Self.eventsMessages(kept.flatMap(\.events)) { page.pushAlways(message.text) }
      page.pushAlways(statusMessage(log))
      log.pages[ObjectIdentifier(page)] = page
    }
    page.whenCaughtUp { [weak self, weak page] in
      guard let self, let page else { return }
      self.resync(page)
    }
  }

  /// Sends `page` the state afresh, when it is due a resync and has read all that was queued:
  /// what the next batch would have carried, sent without waiting for one.
  private func resync(_ page: InspectorMailbox) {
    log.withLockedValue { log in
      guard log.pages[ObjectIdentifier(page)] != nil, let lagged = page.takeResync() else { return }
      page.pushAlways(
        JSONValue.object([
          "type": .string("resync"), "firstStep": .int(Int64(log.lastStep + 1)),
          "state": log.current, "lagged": .int(Int64(lagged)),
        ]).text)
      page.pushAlways(statusMessage(log))
    }
  }

  /// Disconnects a page.
  func leave(_ page: InspectorMailbox) {
    _ = log.withLockedValue { $0.pages.removeValue(forKey: ObjectIdentifier(page)) }
    page.close()
  }

  /// How many pages are connected.
  var pageCount: Int { log.withLockedValue { $0.pages.count } }

  /// What an agent reads of the kept steps: as the page has them, encoded and with the
  /// privacy settings applied.
  struct Kept {
    /// The state before the oldest kept step.
    let base: JSONValue
    /// The state after the last encoded step.
    let current: JSONValue
    /// The kept steps, oldest first; a record without an intent holds reports that came
    /// before any kept step.
    let records: ArraySlice<InspectorStepRecord>
    let isLive: Bool
    let shownStep: Int?
    let dropped: Int
    let withheld: Int
    /// The last step encoded.
    let lastStep: Int
    /// The last step heard, withheld or not.
    let heardStep: Int
    /// The effect runs started and not ended: the step that started each.
    let runsInFlight: [Int: Int]
  }

  /// Calls `read` with the kept steps, under the log's lock: keep it short.
  func withKept<T, E: Error>(_ read: (Kept) throws(E) -> T) throws(E) -> T {
    let result = log.withLockedValue { log -> Result<T, E> in
      let kept = Kept(
        base: log.base, current: log.current, records: log.records[log.head...],
        isLive: log.live, shownStep: log.shownStep, dropped: log.dropped,
        withheld: log.withheld, lastStep: log.lastStep, heardStep: log.heardStep,
        runsInFlight: log.runs.mapValues(\.step))
      do throws(E) {
        return .success(try read(kept))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The kept steps as a test named so, made by `make`; nil when there are none to export.
  func test(with make: @escaping CodableModelTools<M>.TestSource)
    -> @Sendable (String) -> Result<String, RecordingError>?
  {
    { name in self.recording().map { make($0, name) } }
  }

  /// The kept steps as a recording file, which `Recording(contentsOf:)` reads, up to and with
  /// step `last` when given; nil when the model's types are not `Codable`.
  func recording(through last: Int? = nil) -> Data? {
    guard isExportable else { return nil }
    return log.withLockedValue { log in
      var data = RecordedLine.header(model: modelName, state: log.base).encoded()
      for record in log.records[log.head...] where record.step <= last ?? .max {
        for line in record.recordedLines { data.append(line.encoded()) }
      }
      return data
    }
  }

  private func statusMessage(_ log: Log) -> String {
    JSONValue.object([
      "type": .string("status"), "live": .bool(log.live),
      "shownStep": log.shownStep.map { .int(Int64($0)) } ?? .null,
      "dropped": .int(Int64(log.dropped)), "withheld": .int(Int64(log.withheld)),
    ]).text
  }

  /// How many events one message holds at most: a page parses one in a few milliseconds, well
  /// within a frame, beside its drawing.
  static var eventsPerMessage: Int { 250 }

  /// `events` in messages of at most ``eventsPerMessage`` events each.
  private static func eventsMessages(_ events: [JSONValue]) -> [(text: String, steps: Int)] {
    stride(from: 0, to: events.count, by: Self.eventsPerMessage).map { start in
      let chunk = Array(events[start..<min(start + Self.eventsPerMessage, events.count)])
      let steps = chunk.count { event in
        if case .object(let fields) = event { fields["kind"] == .string("intent") } else { false }
      }
      return (JSONValue.object(["type": .string("events"), "events": .array(chunk)]).text, steps)
    }
  }
}

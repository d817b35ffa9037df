import Observation

extension Store {
  /// Reads a member of the state; an observer is notified only when this member changes.
  @inlinable @inline(__always)
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<M.State, Value>) -> Value {
    read(keyPath, comparing: .equality { $0 == $1 })
  }

  /// Reads a member of the state. It is not `Equatable`, so its observers are notified after
  /// every intent.
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember keyPath: KeyPath<M.State, Value>) -> Value {
    read(keyPath, comparing: .never)
  }

  // Inlinable so that the read is specialised at the call site: nothing generic is
  // instantiated per read, which dominated the cost of an observe rerun.
  /// Reads the member at `keyPath`, registering the read with the `observe` closure running
  /// now (once per run), or else with the Observation-tracking context, if any.
  @inlinable @inline(__always)
  func read<Value>(_ keyPath: KeyPath<M.State, Value>, comparing: MemberComparison<Value>) -> Value
  {
    let value = currentState[keyPath: keyPath]
    // Not `map`: a main-actor closure passed to the standard library checks the executor.
    let observation = ObservationRuns.current
    if let observation, withUnretained(observation, { $0.hasRead(ObjectIdentifier(self), keyPath) })
    {
      return value
    }
    watch(keyPath, value: value, comparing: comparing, by: observation?.takeUnretainedValue())
    return value
  }

  /// Registers `observation` with the member at `keyPath`, made on its first read; without
  /// one, tells Observation that the current tracking context read it.
  @usableFromInline
  func watch<Value>(
    _ keyPath: KeyPath<M.State, Value>, value: Value, comparing: MemberComparison<Value>,
    by observation: ObservationRun?
  ) {
    let member: ObservedMember<Store, M.State>
    if let existing = members[keyPath] {
      member = existing
    } else {
      member = ObservedValue<Store, M.State, Value>(
        path: keyPath, subjectPath: (\Store.state).appending(path: keyPath), value: value,
        isEqual: comparing.resolved())
      members[keyPath] = member
      setSlowPath(.membersObserved, true)
    }
    guard let observation else {
      member.isTracked = true
      return member.access(observationRegistrar, self)
    }
    observation.register(with: member, store: ObjectIdentifier(self), path: keyPath)
  }

  /// The state, now and after every send that changed it, for views that do not use
  /// Observation.
  ///
  /// It follows the store's own observation of the whole state, so several intents reduced in
  /// one send yield one state. A slow consumer gets the newest state, not a backlog. The
  /// sequence ends when the store is deallocated.
  public var states: AsyncStream<M.State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: M.State.self, bufferingPolicy: .bufferingNewest(1))
    // The store's own observation of the whole state. The stream ends once the observation is
    // let go of: when the store is freed, or the stream's consumer stops.
    let end = StreamEnd(continuation)
    let run = ObservationRun { [weak self] in
      if let self { end.continuation.yield(self.state) }
    }
    run.run()
    continuation.onTermination = { [weak run] _ in Task { @MainActor in run?.cancel() } }
    return stream
  }

  /// Tells observers about what the last reduce changed; then cuts off the dismissed children
  /// and refreshes the observed ones.
  // Inlinable but not inlined, so that it is specialised once per model: run generically, it
  // looked up type metadata for the table of members on every observed send.
  @inlinable @inline(never)
  func notifyObservers() {
    // Bracketed, so that observations rerun once for all that changed, even outside a send.
    ObservationRuns.sendBegan()
    defer { ObservationRuns.sendEnded() }
    for (key, member) in members {
      // Members that nobody watches any more are dropped until they are read again.
      guard member.isObserved else {
        members[key] = nil
        continue
      }
      guard member.changed(in: core.heldState) else { continue }
      if member.isTracked {
        // Observation's tracking is one-shot: the context reads the member again to renew it.
        // The registrar exists: the context's read made it.
        member.isTracked = false
        member.invalidate(observationRegistrar, self)
      }
      if member.hasRuns { ObservationRuns.memberChanged(member) }
    }
    if children.optional {
      for (_, entry) in children.all where entry.canBeAbsent && entry.isGone {
        removeChild(entry.key)
      }
    }
    if children.observed > 0 {
      for (_, entry) in children.all where entry.isObserved { entry.refresh() }
    }
    setSlowPath(.membersObserved, !members.isEmpty)
  }
}

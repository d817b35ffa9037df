import Observation

extension Store {
  // Inlinable so that the read is specialised at the call site: nothing generic is
  // instantiated per read, which dominated the cost of an observe rerun.
  /// Reads a member of the state; an observer is notified only when this member changes.
  @inlinable @inline(__always)
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<M.State, Value>) -> Value {
    let value = currentState[keyPath: keyPath]
    if let observation = ObservationRuns.current {
      if !observation.hasRead(ObjectIdentifier(self), keyPath) {
        observe(keyPath, value: value, isEqual: { $0 == $1 }, for: observation)
      }
    } else {
      track(keyPath, value: value, isEqual: { $0 == $1 })
    }
    return value
  }

  /// Reads a member of the state. It is not `Equatable`, so its observers are notified after
  /// every intent.
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember keyPath: KeyPath<M.State, Value>) -> Value {
    let value = currentState[keyPath: keyPath]
    if let observation = ObservationRuns.current {
      if !observation.hasRead(ObjectIdentifier(self), keyPath) {
        observe(keyPath, value: value, isEqual: nil, for: observation)
      }
    } else {
      track(keyPath, value: nil, isEqual: nil)
    }
    return value
  }

  /// Registers `observation` with the member at `keyPath`, once.
  @usableFromInline
  func observe<Value>(
    _ keyPath: KeyPath<M.State, Value>,
    value: Value,
    isEqual: ((Value, Value) -> Bool)?,
    for observation: ObservationRun
  ) {
    let member: ObservedMember<M.State>
    if let existing = observedMembers[keyPath] {
      member = existing
    } else {
      member = ObservedValue(path: keyPath, value: value, isEqual: isEqual)
      observedMembers[keyPath] = member
      updateNeedsSlowSend()
    }
    observation.register(with: member)
  }

  /// Every state, starting with the current one, for views that do not use Observation.
  ///
  /// A slow consumer gets the newest state, not a backlog. The sequence ends when the store
  /// is deallocated.
  public var states: AsyncStream<M.State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: M.State.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(currentState)
    nextStreamID += 1
    let id = nextStreamID
    let streams = stateStreams ?? Locked([:])
    stateStreams = streams
    streams.withLock { $0[id] = continuation }
    continuation.onTermination = { [weak self] _ in
      _ = streams.withLock { $0.removeValue(forKey: id) }
      Task { @MainActor in self?.updateNeedsSlowSend() }
    }
    updateNeedsSlowSend()
    return stream
  }

  @usableFromInline
  func track<Value>(
    _ keyPath: KeyPath<M.State, Value>,
    value: Value?,
    isEqual: ((Value, Value) -> Bool)?
  ) {
    typealias Member = TrackedValue<Store, M.State, Value>
    if let existing = tracked[keyPath] {
      observationRegistrar.access(
        self, keyPath: unsafeDowncast(existing, to: Member.self).subjectPath)
      return
    }
    let subjectPath = (\Store.state).appending(path: keyPath)
    tracked[keyPath] = Member(
      subjectPath: subjectPath, statePath: keyPath, last: value, isEqual: isEqual)
    updateNeedsSlowSend()
    observationRegistrar.access(self, keyPath: subjectPath)
  }

  /// Tells observers about what the last reduce changed, then forgets those members until
  /// they are read again (observations are one-shot); then the observed scoped stores.
  func notifyObservers(after intent: M.Intent?) {
    if tracksWholeState {
      tracksWholeState = false
      registrar?.willSet(self, keyPath: \.state)
      registrar?.didSet(self, keyPath: \.state)
    }
    if !tracked.isEmpty, let registrar {
      var changed: [TrackedMember<Store, M.State>] = []
      for (key, member) in tracked where member.hasChanged(in: _state) {
        changed.append(member)
        tracked[key] = nil
      }
      for member in changed { member.willSet(registrar, self) }
      for member in changed { member.didSet(registrar, self) }
    }
    if !observedMembers.isEmpty {
      for (key, member) in observedMembers {
        // Members whose runs were all cancelled are dropped: nobody reads them any more.
        guard member.isObserved else {
          observedMembers[key] = nil
          continue
        }
        if member.changed(in: _state) { ObservationRuns.memberChanged(member) }
      }
    }
    if optionalChildren > 0 {
      for (key, child) in children where child.entry.canBeAbsent && child.entry.isGone {
        removeChild(key)
      }
    }
    if observedChildren > 0 {
      for child in children.values where child.entry.isObserved {
        child.entry.refresh(after: intent)
      }
    }
    let state = _state
    // Yielding under the lock is safe: a stream's termination handler never runs inside yield.
    stateStreams?.withLock { streams in
      for stream in streams.values { stream.yield(state) }
    }
    updateNeedsSlowSend()
  }
}

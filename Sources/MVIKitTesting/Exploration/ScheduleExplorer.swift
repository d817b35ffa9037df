import IssueReporting
import MVIKit

/// Finds ordering bugs: runs a scenario under every distinct order in which the effects'
/// intents and the user's next intents can be reduced, and checks a property in each.
///
/// A `TestStore` test proves one order: the one its author thought of. The bugs that survive
/// it are ordering bugs: the response for "a" arrives after the one for "ab" and overwrites
/// it; two effects each send `count + 1` computed from the state they captured. The explorer
/// tries the orders for you:
///
/// ```swift
/// let explorer = ScheduleExplorer(
///   model: SearchField(search: { query in [query] }), initialState: .init())
/// await explorer.explore([.queryChanged("a"), .queryChanged("ab")], finally: { state in
///   state.results == [state.query] ? nil : "shows results for another query"
/// })
/// ```
///
/// Each effect's work runs at once, to its end; every intent it sends waits until the
/// explorer picks it, so every order of deliveries and scenario intents is tried, with the
/// live store's cancellation: a delivery of an effect cancelled meanwhile is dropped. Give the
/// model dependencies that return at once and an ``ExplorationClock``: its sleeps return at
/// once, and what effects send after them is delivered in the order of their deadlines.
/// Nothing changes in the model to explore it.
///
/// The search is depth first, and branches by copying what it reached: no step is taken twice
/// for the same prefix, and no effect's work runs twice for it. When the state is `Hashable`,
/// a state reached again where the search branches, with the same scenario intents left and
/// the same pending deliveries, is explored once; the pruning table is bounded by
/// `pruningMemory`. Past `limit` schedules the search stops and `samples` schedules are picked
/// at random from `seed`.
///
/// A failure is reported at the line of the call with the shortest failing schedule found:
/// its steps, the state after each, and a schedule string that
/// ``replay(_:schedule:timeout:invariant:finally:fileID:filePath:line:column:)`` re-runs exactly. See
/// <doc:FindingOrderingBugs>.
@MainActor
public struct ScheduleExplorer<M: Model> {
  @usableFromInline let model: M
  @usableFromInline let initialState: M.State
  /// Whether a failure is reported as an issue at the call's line; a debugging aid that shows
  /// the report itself (the inspector's page) turns it off.
  package var reportsIssues = true
  /// For a recording's scenario, the rule that a View intent acts on what the View showed:
  /// given the index of the View's intent in the scenario, the state before and after its
  /// step, and whether it was dropped (sent to a child the state does not hold), whether the
  /// step did nothing where the recording's did something. No user could have made such an
  /// order: it is left out and counted, not reported. See
  /// `RecordedEffectsModel.viewIntentActedOnNothing(_:before:after:dropped:)`.
  package var viewIntentActedOnNothing: ((Int, M.State, M.State, Bool) -> Bool)?
  /// For a recording: the members in which a failing end differs from what the user saw, so
  /// that the report keeps the shortest failing order for each (``ExplorationReport/failures``):
  /// one difference that does not matter must not hide another that does.
  package var differingMembers: ((M.State) -> [String])?
  /// Leaves out a schedule once its state says the rest cannot be told: for a recording, work
  /// started that the recording never saw start.
  package var leavesOut: ((M.State) -> Bool)?

  /// An explorer of `model`, each schedule starting from `initialState`.
  public init(model: M, initialState: M.State) {
    self.model = model
    self.initialState = initialState
  }

  /// Explores `scenario` (the user's intents, in order) under every order of deliveries.
  ///
  /// - Parameters:
  ///   - scenario: The intents the user sends, in this order.
  ///   - limit: How many schedules the exhaustive search may run before it samples.
  ///   - samples: How many random schedules to run once `limit` is reached.
  ///   - seed: The seed of the random schedules.
  ///   - pruning: When the state is `Hashable`, explores a state reached again with the same
  ///     intents left to send and the same deliveries pending only once. Pass false to count
  ///     every schedule.
  ///   - pruningMemory: How many explored states pruning remembers at most, each by a 128-bit
  ///     fingerprint (16 bytes, in a table kept at most three quarters full: the default's
  ///     twelve million take 268 MB at most). Past it the search remembers no more and stays
  ///     exhaustive; it may explore some states again.
  ///   - timeout: How long one effect's work may run. Past it the work is cancelled and left
  ///     behind (even work that ignores cancellation), and the exploration stops with a
  ///     failure of kind ``ExplorationFailure/Kind/effectDidNotFinish`` that names the effect,
  ///     instead of hanging on a dependency that never returns. Time the main actor spends on
  ///     other work (other tests, the app) does not count.
  ///   - invariant: Checked after every step; nil when the state is fine, else what is wrong.
  ///   - finally: Checked at the end of each schedule, once nothing is pending.
  ///   - fileID: The file ID a failure is reported at: the call's, or a helper's caller's
  ///     when a helper forwards its own.
  ///   - filePath: The file path a failure is reported at: the call's, or a helper's caller's
  ///     when a helper forwards its own.
  ///   - line: The line a failure is reported at: the call's, or a helper's caller's
  ///     when a helper forwards its own.
  ///   - column: The column a failure is reported at: the call's, or a helper's caller's
  ///     when a helper forwards its own.
  /// - Returns: What was explored, and the shortest failure found.
  @inlinable @discardableResult
  public func explore(
    _ scenario: [M.Intent],
    limit: Int = 100_000,
    samples: Int = 1_000,
    seed: UInt64 = 0,
    pruning: Bool = true,
    pruningMemory: Int = 12_000_000,
    timeout: Duration = .seconds(10),
    invariant: @escaping (M.State) -> String? = { _ in nil },
    finally: @escaping (M.State) -> String? = { _ in nil },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ExplorationReport {
    var search = search(
      scenario, limit: limit, memory: pruning ? pruningMemory : 0, invariant: invariant,
      finally: finally)
    await ExplorationWatch.polling {
      await search.run(
        ScheduleWorld(state: initialState, timeout: timeout), model: model, samples: samples,
        seed: seed)
    }
    return report(search, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Re-runs `scenario` in the order `schedule` gives, as a failure's report prints it, and
  /// reports a failure of the property as
  /// ``explore(_:limit:samples:seed:pruning:pruningMemory:timeout:invariant:finally:fileID:filePath:line:column:)``
  /// does.
  @discardableResult
  public func replay(
    _ scenario: [M.Intent],
    schedule: String,
    timeout: Duration = .seconds(10),
    invariant: @escaping (M.State) -> String? = { _ in nil },
    finally: @escaping (M.State) -> String? = { _ in nil },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ExplorationReport {
    var search = search(scenario, limit: 1, memory: 0, invariant: invariant, finally: finally)
    await ExplorationWatch.polling {
      do {
        try await search.replay(
          ScheduleWorld(state: initialState, timeout: timeout), model: model, schedule: schedule)
      } catch {
        reportIssue("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    return report(search, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A search of `scenario` under this explorer's rules.
  @usableFromInline
  func search(
    _ scenario: [M.Intent], limit: Int, memory: Int,
    invariant: @escaping (M.State) -> String?, finally: @escaping (M.State) -> String?
  ) -> Search<M> {
    Search(
      scenario: scenario, limit: limit, memory: memory, invariant: invariant, check: finally,
      viewIntentActedOnNothing: viewIntentActedOnNothing, leavesOut: leavesOut,
      differingMembers: differingMembers)
  }

  @usableFromInline
  func report(
    _ search: Search<M>, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> ExplorationReport {
    let report = ExplorationReport(
      schedules: search.schedules, pruned: search.pruned, sampled: search.sampled,
      // A search whose task was cancelled stopped where it was: not every order was run.
      leftOut: search.leftOut,
      isExhaustive: !search.reachedLimit && !search.isStopped && !search.isCancelled,
      failure: search.failure, failures: search.failuresByMember)
    if report.failure != nil, reportsIssues {
      reportIssue(
        report.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return report
  }
}

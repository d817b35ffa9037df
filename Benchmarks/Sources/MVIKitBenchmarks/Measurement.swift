import Foundation
import MVIKit
import MallocCounter

/// One line of the results table.
struct Row {
  var name: String
  var nanoseconds: Double
  var floorName: String
  var floorNanoseconds: Double
  var allocations: Double
  var target: String
  var met: Bool?
  var note = ""
  /// The time per operation of each run, and of the floor's, when the case keeps them: the
  /// table shows the ratio's spread over the runs, and a target must hold in every run.
  var runs: [Double] = []
  var floorRuns: [Double] = []
  /// Instructions per operation of the case and of its floor, under callgrind.
  var instructions: (subject: Double, floor: Double)?

  var ratio: Double { floorNanoseconds > 0 ? nanoseconds / floorNanoseconds : 0 }

  /// The lowest and highest ratio of a run to the floor's run of the same index.
  var ratioRange: ClosedRange<Double>? {
    guard !runs.isEmpty, runs.count == floorRuns.count else { return nil }
    let ratios = zip(runs, floorRuns).map { $0 / $1 }
    return ratios.min()!...ratios.max()!
  }

  /// A case timed in runs beside its floor: `subject` and `floor` as `measure` returns them;
  /// the target is met when every run's ratio is within `limit` (and `allocations` holds).
  init(
    _ name: String, _ subject: Measured, floor floorName: String, _ floor: Measured,
    within limit: Double, target: String, allocationsMet: Bool = true, note: String = ""
  ) {
    self.name = name
    nanoseconds = subject.ns
    self.floorName = floorName
    floorNanoseconds = floor.ns
    allocations = subject.allocs
    self.target = target
    self.note = note
    runs = subject.runs
    floorRuns = floor.runs
    if let subject = subject.instructions, let floor = floor.instructions {
      instructions = (subject, floor)
    }
    met = allocationsMet && zip(runs, floorRuns).allSatisfy { $0 / $1 <= limit }
  }

  init(
    name: String, nanoseconds: Double, floorName: String, floorNanoseconds: Double,
    allocations: Double, target: String, met: Bool?, note: String = ""
  ) {
    self.name = name
    self.nanoseconds = nanoseconds
    self.floorName = floorName
    self.floorNanoseconds = floorNanoseconds
    self.allocations = allocations
    self.target = target
    self.met = met
    self.note = note
  }
}

/// What `measure` returns: the best time per operation, the allocations per operation of the
/// last run, each run's time per operation and, under callgrind, the fewest instructions per
/// operation of a run (the first run also makes what is made once).
struct Measured {
  var ns: Double
  var allocs: Double
  var runs: [Double]
  var instructions: Double? = nil
}

/// Sends `intent` from a call site that is not inlined into the benchmark's loop, as a View's
/// button action is not: the send's own code runs, not a reduce the optimiser folded into the
/// loop.
@MainActor @inline(never)
func viewSend<M: Model>(_ store: Store<M>, _ intent: M.Intent) {
  store.send(intent)
}

/// Keeps a value alive and opaque so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Best time per operation over a few repeats, and allocations per operation of the last one.
@MainActor
func measure(_ operations: Int, repeats: Int = 5, _ body: (Int) -> Void) -> Measured {
  let clock = ContinuousClock()
  var runs: [Double] = []
  var allocations = 0
  var instructions: Double?
  for _ in 0..<repeats {
    let before = mvikit_malloc_count()
    let dump = InstructionCount.begin()
    let elapsed = clock.measure { body(operations) }
    InstructionCount.end(dump)
    allocations = mvikit_malloc_count() - before
    runs.append(nanoseconds(elapsed) / Double(operations))
    if let counted = InstructionCount.perOperation(dump, operations) {
      instructions = min(instructions ?? counted, counted)
    }
  }
  return Measured(
    ns: runs.min()!, allocs: Double(allocations) / Double(operations), runs: runs,
    instructions: instructions)
}

/// The same, for work that has to await.
@MainActor
func measureAsync(
  _ operations: Int, repeats: Int = 5, _ body: (Int) async -> Void
) async -> Measured {
  let clock = ContinuousClock()
  var runs: [Double] = []
  var allocations = 0
  for _ in 0..<repeats {
    let before = mvikit_malloc_count()
    let start = clock.now
    await body(operations)
    let elapsed = clock.now - start
    allocations = mvikit_malloc_count() - before
    runs.append(nanoseconds(elapsed) / Double(operations))
  }
  return Measured(ns: runs.min()!, allocs: Double(allocations) / Double(operations), runs: runs)
}

/// A case and its floor measured in turns, a run of one then a run of the other, so that each
/// pair of runs sees the same state of the machine: two tasks hopping between threads vary
/// with what the other core does, more than the two differ.
@MainActor
func measureAsyncInTurns(
  _ operations: Int, repeats: Int = 5, floor: (Int) async -> Void, _ body: (Int) async -> Void
) async -> (floor: Measured, case: Measured) {
  var floorRuns: [Measured] = []
  var caseRuns: [Measured] = []
  for _ in 0..<repeats {
    floorRuns.append(await measureAsync(operations, repeats: 1, floor))
    caseRuns.append(await measureAsync(operations, repeats: 1, body))
  }
  func merged(_ runs: [Measured]) -> Measured {
    Measured(ns: runs.map(\.ns).min()!, allocs: runs.last!.allocs, runs: runs.map(\.ns))
  }
  return (merged(floorRuns), merged(caseRuns))
}

func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Resident memory of this process, in bytes.
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Bytes currently allocated on the heap.
func heapBytes() -> Int {
  mvikit_heap_bytes()
}

/// CPU time the calling thread has used, in nanoseconds: what a thread's own work costs,
/// whatever else the machine's cores are doing.
func threadCPUNanoseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The most memory the process has held resident so far, in megabytes.
func peakResidentMegabytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss / 1_024  // Linux counts it in kilobytes
}

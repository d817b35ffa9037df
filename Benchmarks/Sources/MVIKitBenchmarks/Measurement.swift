import Foundation
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

  var ratio: Double { floorNanoseconds > 0 ? nanoseconds / floorNanoseconds : 0 }
}

/// Keeps a value alive and opaque so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Best time per operation over a few repeats, and allocations per operation of the last one.
@MainActor
func measure(_ operations: Int, repeats: Int = 5, _ body: (Int) -> Void) -> (
  ns: Double, allocs: Double
) {
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  var allocations = 0
  for _ in 0..<repeats {
    let before = mvikit_malloc_count()
    let elapsed = clock.measure { body(operations) }
    allocations = mvikit_malloc_count() - before
    best = min(best, elapsed)
  }
  return (nanoseconds(best) / Double(operations), Double(allocations) / Double(operations))
}

/// The same, for work that has to await.
@MainActor
func measureAsync(
  _ operations: Int, repeats: Int = 3, _ body: (Int) async -> Void
) async -> (ns: Double, allocs: Double) {
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  var allocations = 0
  for _ in 0..<repeats {
    let before = mvikit_malloc_count()
    let start = clock.now
    await body(operations)
    let elapsed = clock.now - start
    allocations = mvikit_malloc_count() - before
    best = min(best, elapsed)
  }
  return (nanoseconds(best) / Double(operations), Double(allocations) / Double(operations))
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

#!/usr/bin/env bash
# Runs the test suites while the machine is busy, to find tests that wait on wall-clock time
# or a fixed sleep instead of an event: two busy loops per core and a disk writer run beside
# them, as a concurrent build and a Whisper run would. RUNS (3 by default) rounds of the core's
# and the sample apps' tests; prints each failing test and how often it failed.
#
#   make test-load            # or: RUNS=10 bash scripts/test-under-load.sh
set -u
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
swift build --build-tests >/dev/null || exit 1
(cd Examples && swift build --build-tests >/dev/null) || exit 1

load=()
for _ in $(seq 1 $((2 * $(nproc)))); do
  (while :; do :; done) &
  load+=($!)
done
scratch="$(mktemp -d)"
(while :; do dd if=/dev/zero of="$scratch/load" bs=1M count=256 conv=fsync status=none; done) &
load+=($!)
trap 'kill "${load[@]}" 2>/dev/null; rm -rf "$scratch"' EXIT

failures="$scratch/failures"
: >"$failures"
for run in $(seq 1 "$runs"); do
  for package in . Examples; do
    log="$scratch/run-$run-$(basename "$package").log"
    (cd "$package" && swift test --skip-build >"$log" 2>&1)
    status=$?
    grep -E "^✘ Test [^ ]+ (failed|recorded)" "$log" | sed -E 's/^✘ Test ([^ ]+).*/\1/' | sort -u >>"$failures"
    echo "run $run, $package: exit $status"
  done
done
if [ -s "$failures" ]; then
  echo "Failed under load (test: times):"
  sort "$failures" | uniq -c | sort -rn | awk '{print "  " $2 ": " $1}'
  exit 1
fi
echo "No test failed in $runs runs under load."

#!/usr/bin/env bash
# Instructions per operation of the benchmark's send cases, counted by callgrind: a figure that
# moves neither with the machine's load nor with where the linker put the code, for judging a
# change to a send a few ns long. Times printed beside them are slowed by callgrind.
#
#   scripts/bench-instructions.sh [CASES]   (default 1,1x,1e,5a,5,5c,5b,5e,14o; the ids of `make bench`)
set -euo pipefail
cases="${1:-1,1x,1e,5a,5,5c,5b,5e,14o}"
swift="${SWIFT:-swift}"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "bench-instructions: needs valgrind (Debian: apt-get install valgrind)" >&2
  exit 1
fi
cd "$(dirname "$0")/../Benchmarks"
"$swift" build -c release --product MVIKitBenchmarks
bin="$("$swift" build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the debug information Swift 6.3 writes; the counts need none.
strip --strip-debug -o "$work/MVIKitBenchmarks" "$bin/MVIKitBenchmarks"
LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  MVIKIT_BENCH_ONLY="$cases" MVIKIT_BENCH_CALLGRIND_OUT="$work/callgrind.out" \
  valgrind --quiet --tool=callgrind --collect-atstart=no \
  --callgrind-out-file="$work/callgrind.out" "$work/MVIKitBenchmarks"

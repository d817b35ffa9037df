#!/usr/bin/env bash
# Type-checks each file of Tests/MisuseWarnings against the built modules: each must compile
# with the warning its `expect-warning:` line gives, for a misuse the API points out at compile
# time (persisting a Secret). Run after `swift build` (make test-core does).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for file in Tests/MisuseWarnings/*.swift; do
  expected=$(sed -n 's|^// expect-warning: ||p' "$file")
  if ! swiftc -typecheck -swift-version 6 -I "$modules" -I Sources/CMVIKitAtomics/include "$file" >"$log" 2>&1; then
    cat "$log"
    echo "check-misuse-warnings: $file no longer compiles" >&2
    status=1
  elif ! grep -q "warning: .*$expected" "$log"; then
    cat "$log"
    echo "check-misuse-warnings: $file compiles without the warning: $expected" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "check-misuse-warnings: each misuse in Tests/MisuseWarnings is warned of"
exit "$status"

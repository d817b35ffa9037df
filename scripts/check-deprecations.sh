#!/usr/bin/env bash
# Type-checks Tests/Deprecations/DeprecatedNames.swift against the built modules: code that
# uses each deprecated name must still compile (a deprecated API is kept for one minor version),
# and each name the file lists on an `expect-deprecated:` line must be reported as deprecated.
# Run after `swift build` (make test-core does).
set -euo pipefail
cd "$(dirname "$0")/.."
file=Tests/Deprecations/DeprecatedNames.swift
modules="$(swift build --show-bin-path)/Modules"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swiftc -typecheck -swift-version 6 -I "$modules" -I Sources/CMVIKitAtomics/include "$file" >"$log" 2>&1; then
  cat "$log"
  echo "check-deprecations: $file no longer compiles: a deprecated name was removed or changed" >&2
  exit 1
fi
status=0
for name in $(sed -n 's|^// expect-deprecated: ||p' "$file"); do
  if ! grep -q "warning: '$name' is deprecated" "$log"; then
    echo "check-deprecations: '$name' is not reported as deprecated" >&2
    status=1
  fi
done
count=$(grep -c "is deprecated" "$log" || true)
[ "$status" -eq 0 ] && echo "check-deprecations: $file compiles; $count deprecated uses reported"
exit "$status"

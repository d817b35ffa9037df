#!/usr/bin/env bash
# Builds each module's DocC catalog into .build/docs; any DocC warning fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(MVIKit MVIKitNavigation MVIKitPatterns MVIKitTesting MVIKitTerminal MVIKitTerminalIO MVIKitRecording MVIKitTimeTravel MVIKitInspector MVIKitPersistence)
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -type d -name symbolgraph -print -quit)
mkdir -p .build/docs
for module in "${modules[@]}"; do
  staged=$(mktemp -d)
  cp "$graphs/$module.symbols.json" "$staged/"
  cp "$graphs/$module"@*.symbols.json "$staged/" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$staged" \
    --output-path ".build/docs/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "dev.mvikit.$module" \
    --warnings-as-errors >"$staged/docc.log" 2>&1 || { cat "$staged/docc.log"; exit 1; }
  rm -rf "$staged"
  echo "docs: $module built (.build/docs/$module.doccarchive)"
done

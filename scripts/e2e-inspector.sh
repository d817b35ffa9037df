#!/usr/bin/env bash
# End-to-end check of the inspector page in a real browser: builds the InspectorProbe test app,
# which serves the page and its WebSocket, and runs Tests/Browser/test_inspector.py, which drives
# headless Chromium through Selenium against it (live timeline, time travel, export and import,
# the token and origin checks, 10,000 steps). A screenshot goes to $INSPECTOR_ARTIFACTS
# (/tmp/inspector-artifacts by default). Without Chromium and chromedriver (macOS without Google
# Chrome) the tests skip themselves with a message.
set -euo pipefail
cd "$(dirname "$0")/.."

python=Tests/Browser/.venv/bin/python
if [ ! -x "$python" ]; then
  echo "FAIL: $python is missing; run 'make bootstrap' (or 'bash scripts/bootstrap.sh') first" >&2
  exit 1
fi

if ! swift build --product InspectorProbe >/tmp/mvikit-inspector-build.log 2>&1; then
  cat /tmp/mvikit-inspector-build.log >&2
  echo "FAIL: swift build --product InspectorProbe failed" >&2
  exit 1
fi
INSPECTOR_PROBE="$(swift build --show-bin-path)/InspectorProbe"
export INSPECTOR_PROBE
export INSPECTOR_ARTIFACTS="${INSPECTOR_ARTIFACTS:-/tmp/inspector-artifacts}"

"$python" Tests/Browser/test_inspector.py

#!/usr/bin/env bash
# End-to-end check of the inspector page in a real browser: builds the InspectorProbe test app,
# which serves the page and its WebSocket, and runs Tests/Browser/test_inspector.py, which drives
# headless Chromium through Selenium against it (live timeline, time travel, export and import,
# the token and origin checks, 10,000 steps). A screenshot goes to $INSPECTOR_ARTIFACTS
# (/tmp/inspector-artifacts by default). Without Chromium and chromedriver (macOS without Google
# Chrome) the tests skip themselves with a message.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/browser-tests.sh
require_browser_python
build_product InspectorProbe
INSPECTOR_PROBE="$(swift build --show-bin-path)/InspectorProbe"
export INSPECTOR_PROBE
export INSPECTOR_ARTIFACTS="${INSPECTOR_ARTIFACTS:-/tmp/inspector-artifacts}"

"$browser_python" Tests/Browser/test_inspector.py

#!/usr/bin/env bash
# End-to-end check of the inspector's MCP server as a coding agent uses it: builds the
# InspectorProbe test app and runs Tests/Browser/test_agent.py, which connects with the official
# Python MCP SDK to /mcp on the probe's inspector, calls every tool and checks what each did in
# the app; then the answers' budgets, the app's privacy settings, resource notifications, and the
# endpoint's token, Origin, Host, body-size and malformed-message defences over raw HTTP; then
# the same client over standard input and output through the stdio bridge, mvikit-mcp-bridge
# (tools, a notification, a wrong token, the end of its input). No browser is needed. Timings
# of list_steps over 10,000 steps and get_state of 1,000 items are printed for the benchmark note.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/browser-tests.sh
require_browser_python
if ! "$browser_python" -c 'import mcp.client.streamable_http' 2>/dev/null; then
  echo "FAIL: the MCP SDK is missing from $browser_python; run 'make bootstrap' (Tests/Browser/requirements.txt)" >&2
  exit 1
fi

build_product InspectorProbe
build_product mvikit-mcp-bridge
bin_path="$(swift build --show-bin-path)"
INSPECTOR_PROBE="$bin_path/InspectorProbe"
MVIKIT_MCP_BRIDGE="$bin_path/mvikit-mcp-bridge"
export INSPECTOR_PROBE MVIKIT_MCP_BRIDGE

"$browser_python" Tests/Browser/test_agent.py

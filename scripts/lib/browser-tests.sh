# What the inspector's Python suites (Tests/Browser) need: sourced by scripts/e2e-inspector.sh
# and scripts/e2e-agent.sh, from the package's root.

# The suites' Python, made by scripts/bootstrap.sh; exits with a FAIL line when it is missing.
browser_python=Tests/Browser/.venv/bin/python
require_browser_python() {
  if [ ! -x "$browser_python" ]; then
    echo "FAIL: $browser_python is missing; run 'make bootstrap' (or 'bash scripts/bootstrap.sh') first" >&2
    exit 1
  fi
}

# Builds a product of the package, showing the build's output only when it fails.
build_product() {
  local log
  log="$(mktemp)"
  if ! swift build --product "$1" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "FAIL: swift build --product $1 failed" >&2
    exit 1
  fi
  rm -f "$log"
}

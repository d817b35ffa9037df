# Shared by the end-to-end scripts: counting checks and reading a tmux session's screen.
# The sourcing script sets $session before calling the screen functions.

passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

require_tmux() {
  command -v tmux >/dev/null || (apt-get update && apt-get install -y tmux) || {
    echo "FAIL: tmux is missing and could not be installed" >&2
    exit 1
  }
}

screen() { tmux capture-pane -p -t "$session"; }

# Polls the screen until it contains $1 (up to $2 tenths of a second, 100 by default), so no
# check depends on timing.
wait_for() {
  for _ in $(seq 1 "${2:-100}"); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  return 1
}

expect_screen() {
  if wait_for "$1"; then pass "$2"; else fail "$2 (screen did not show '$1')"; screen; fi
}

# The closing line the CI reads, and the exit status.
finish_checks() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

#!/usr/bin/env bash
# End-to-end check of CounterDemo in a real terminal (tmux): drawing, keys, effects, and that
# the terminal is restored after `q` and after Ctrl-C.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/tmux-checks.sh

session="mvikit-e2e-$$"


require_tmux

if ! swift build --product CounterDemo >/tmp/mvikit-e2e-build.log 2>&1; then
  cat /tmp/mvikit-e2e-build.log >&2
  echo "FAIL: swift build --product CounterDemo failed" >&2
  exit 1
fi
binary="$(swift build --show-bin-path)/CounterDemo"




start_demo() {
  tmux kill-session -t "$session" 2>/dev/null
  tmux new-session -d -s "$session" -x 60 -y 16 "bash --norc --noprofile"
  tmux send-keys -t "$session" "PS1='PROMPT\$ '" Enter
  wait_for 'PROMPT$' || fail "shell prompt did not appear"
  tmux send-keys -t "$session" "clear; $binary; echo EXIT=\$?" Enter
}

check_restored() {
  expect_screen "EXIT=$1" "$2: program exited with status $1"
  local alternate
  alternate="$(tmux display -p -t "$session" '#{alternate_on}')"
  if [ "$alternate" = "0" ]; then pass "$2: alternate screen is off"; else fail "$2: alternate screen still on"; fi
  local cursor
  cursor="$(tmux display -p -t "$session" '#{cursor_flag}')"
  if [ "$cursor" = "1" ]; then pass "$2: cursor is visible"; else fail "$2: cursor still hidden"; fi
  expect_screen 'PROMPT$' "$2: shell prompt is back"
  tmux send-keys -t "$session" "stty -a | grep -o ' icanon\| echo ' | tr -d ' ' | sort | tr '\n' ,; echo" Enter
  expect_screen 'echo,icanon,' "$2: terminal is back in cooked mode with echo"
}

# Run 1: keys, effect, toast, then quit with q.
start_demo
expect_screen "Count: 0" "demo draws the counter"
expect_screen "Increment" "help bar lists the key bindings"
alternate="$(tmux display -p -t "$session" '#{alternate_on}')"
if [ "$alternate" = "1" ]; then pass "demo uses the alternate screen"; else fail "demo is not on the alternate screen"; fi
tmux send-keys -t "$session" "+"
expect_screen "Count: 1" "+ increments"
tmux send-keys -t "$session" Up
expect_screen "Count: 2" "Up increments"
tmux send-keys -t "$session" "f"
expect_screen "2 is even, prime." "f loads a fact"
expect_screen "Loaded" "the side effect shows a toast"
tmux send-keys -t "$session" "q"
check_restored 0 "quit with q"

# Run 2: Ctrl-C.
start_demo
expect_screen "Count: 0" "demo draws the counter again"
tmux send-keys -t "$session" C-c
check_restored 130 "Ctrl-C"

# Runs 3 and 4: signals from outside, sent to the demo's own process id (the pane shell's child).
for signal in TERM INT; do
  start_demo
  expect_screen "Count: 0" "demo draws the counter before SIG$signal"
  # The signal arrives while the fact effect is still running.
  tmux send-keys -t "$session" "f"
  expect_screen "Loading fact" "the fact effect is running before SIG$signal"
  demo_pid="$(pgrep -P "$(tmux display -p -t "$session" '#{pane_pid}')" -x CounterDemo)"
  if [ -n "$demo_pid" ]; then kill "-$signal" "$demo_pid"; else fail "no CounterDemo process"; fi
  if [ "$signal" = TERM ]; then status=143; else status=130; fi
  check_restored "$status" "SIG$signal"
done

tmux kill-session -t "$session" 2>/dev/null
finish_checks

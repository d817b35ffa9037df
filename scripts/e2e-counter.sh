#!/usr/bin/env bash
# End-to-end check of CounterDemo in a real terminal (tmux): drawing, keys, mouse clicks,
# effects, the inline viewport (--inline), and that the terminal is restored after `q` and after
# Ctrl-C.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/tmux-checks.sh

session="mvikit-e2e-$$"


require_tmux
trap end_tmux EXIT

if ! swift build --product CounterDemo >/tmp/mvikit-e2e-build.log 2>&1; then
  cat /tmp/mvikit-e2e-build.log >&2
  echo "FAIL: swift build --product CounterDemo failed" >&2
  exit 1
fi
binary="$(swift build --show-bin-path)/CounterDemo"




# start_demo [PREFIX [ARGUMENT...]]: PREFIX goes before the binary on the command line.
start_demo() {
  tmux kill-session -t "$session" 2>/dev/null
  new_session -s "$session" -x 60 -y 16 "bash --norc --noprofile"
  tmux send-keys -t "$session" "PS1='PROMPT\$ '" Enter
  wait_for 'PROMPT$' || fail "shell prompt did not appear"
  tmux send-keys -t "$session" "clear; ${1:-} $binary ${*:2}; echo EXIT=\$?" Enter
}

check_restored() {
  expect_screen "EXIT=$1" "$2: program exited with status $1"
  local alternate
  alternate="$(tmux display -p -t "$session" '#{alternate_on}')"
  if [ "$alternate" = "0" ]; then pass "$2: alternate screen is off"; else fail "$2: alternate screen still on"; fi
  local cursor
  cursor="$(tmux display -p -t "$session" '#{cursor_flag}')"
  if [ "$cursor" = "1" ]; then pass "$2: cursor is visible"; else fail "$2: cursor still hidden"; fi
  expect_mouse off "$2: mouse reporting is off"
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
expect_mouse on "demo turns on mouse reporting (buttons, drags, SGR)"
tmux send-keys -t "$session" "+"
expect_screen "Count: 1" "+ increments"
tmux send-keys -t "$session" Up
expect_screen "Count: 2" "Up increments"
tmux send-keys -t "$session" "f"
expect_screen "2 is even, prime." "f loads a fact"
expect_screen "Loaded" "the side effect shows a toast"
tmux send-keys -t "$session" "q"
check_restored 0 "quit with q"

# Run 2: the mouse. A click presses the button under the pointer and gives it the focus.
start_demo
expect_screen "Count: 0" "mouse run: demo draws the counter"
click_on "[ Increment ]"
expect_screen "Count: 1" "a click on [ Increment ] increments"
click_on "[ Increment ]"
expect_screen "Count: 2" "a second click increments again"
click_on "[ Fact ]"
expect_screen "2 is even, prime." "a click on [ Fact ] loads a fact"
expect_screen "Loaded" "the clicked fact shows its toast"
tmux send-keys -t "$session" "+"
expect_screen "Count: 3" "+ still increments after the clicks"
# Enter presses the focused button: Fact, which the click focused, not Increment.
tmux send-keys -t "$session" Enter
expect_screen "3 is odd, prime." "the click moved the focus: Enter presses [ Fact ]"
expect_screen "Count: 3" "Enter did not press [ Increment ]"
tmux send-keys -t "$session" "q"
check_restored 0 "quit after clicks"

# Run 3: --inline draws ten lines under the prompt, on the normal screen, and leaves its last
# frame there. Mouse rows are screen rows, so a click finds the button where the screen shows it.
start_demo "echo ABOVE-THE-APP;" --inline
expect_screen "Count: 0" "inline: demo draws the counter"
if [ "$(tmux display -p -t "$session" '#{alternate_on}')" = "0" ]; then
  pass "inline: the demo stays on the normal screen"
else
  fail "inline: the demo switched to the alternate screen"
fi
expect_screen "ABOVE-THE-APP" "inline: the line printed before the demo is still on screen"
expect_below "┌ MVIKit Counter" "ABOVE-THE-APP" "inline: the frame starts on the line under it" 1
expect_below "q Quit" "┌ MVIKit Counter" "inline: the frame is ten lines, box and help bar" 9
expect_mouse on "inline: mouse reporting is on"
tmux send-keys -t "$session" "+"
expect_screen "Count: 1" "inline: + increments"
click_on "[ Increment ]"
expect_screen "Count: 2" "inline: a click on [ Increment ] increments"
tmux send-keys -t "$session" C-z
expect_screen "Stopped" "inline: Ctrl-Z suspends the demo to the shell"
expect_mouse off "inline, suspended: mouse reporting is off"
tmux send-keys -t "$session" "fg; echo EXIT=\$?" Enter
expect_below "Count: 2" "PROMPT\$ fg" "inline: fg draws the counter again, with its state, below the shell's lines"
expect_below "q Quit" "┌ MVIKit Counter" "inline, resumed: the frame is ten lines" 9
if [ "$(tmux display -p -t "$session" '#{alternate_on}')" = "0" ]; then
  pass "inline, resumed: still on the normal screen"
else
  fail "inline, resumed: switched to the alternate screen"
fi
expect_mouse on "inline, resumed: mouse reporting is on again"
tmux send-keys -t "$session" "+"
expect_screen "Count: 3" "inline: + increments after resuming"
click_on "[ Increment ]"
expect_screen "Count: 4" "inline: a click on the redrawn [ Increment ] increments"
tmux send-keys -t "$session" "q"
expect_screen "EXIT=0" "inline: q quits with status 0"
expect_below "EXIT=0" "Count: 4" "inline: the last frame (Count: 4) stays on screen above the shell"
expect_below "EXIT=0" "q Quit" "inline: the shell continues on the line under the last frame" 1
expect_below "PROMPT\$" "EXIT=0" "inline: the prompt comes back under the last frame" 1
check_restored 0 "inline quit"

# Run 4: Ctrl-C.
start_demo
expect_screen "Count: 0" "demo draws the counter again"
tmux send-keys -t "$session" C-c
check_restored 130 "Ctrl-C"

# Runs 5 and 6: signals from outside, sent to the demo's own process id (the pane shell's child).
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

# Run 7: Ctrl-Z gives the terminal back to the shell; fg resumes with the state and the screen.
start_demo
expect_screen "Count: 0" "demo draws the counter before Ctrl-Z"
tmux send-keys -t "$session" "+"
expect_screen "Count: 1" "+ increments before Ctrl-Z"
tmux send-keys -t "$session" C-z
expect_screen "Stopped" "Ctrl-Z suspends the demo to the shell"
if [ "$(tmux display -p -t "$session" '#{alternate_on}')" = "0" ]; then
  pass "suspended: the alternate screen is off"
else
  fail "suspended: the alternate screen is still on"
fi
# A stopped job leaves the rest of its command line behind: fg reports the status instead.
tmux send-keys -t "$session" "fg; echo EXIT=\$?" Enter
expect_screen "Count: 1" "fg resumes the demo with its state"
if [ "$(tmux display -p -t "$session" '#{alternate_on}')" = "1" ]; then
  pass "resumed: back on the alternate screen"
else
  fail "resumed: not on the alternate screen"
fi
tmux send-keys -t "$session" "+"
expect_screen "Count: 2" "keys work after resuming"
tmux send-keys -t "$session" "q"
check_restored 0 "quit after a resume"

# Runs 8 and 9: NO_COLOR and TERM=dumb draw text and attributes only, no colour.
colour_sequences() {
  tmux capture-pane -p -e -t "$session" |
    grep -oE $'\e\\[[0-9;]*m' | grep -cE '\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;|m)'
}
for setting in "NO_COLOR=1" "TERM=dumb"; do
  start_demo "$setting"
  expect_screen "Count: 0" "$setting: demo draws the counter"
  tmux send-keys -t "$session" "f"
  expect_screen "Loaded" "$setting: the toast shows"
  count="$(colour_sequences)"
  if [ "$count" = "0" ]; then pass "$setting: no colour escapes"; else fail "$setting: $count colour escapes"; fi
  tmux send-keys -t "$session" "q"
  check_restored 0 "$setting"
done
start_demo
expect_screen "Count: 0" "by default the demo draws in colour"
tmux send-keys -t "$session" "f"
expect_screen "Loaded" "by default the toast shows"
count="$(colour_sequences)"
if [ "$count" != "0" ]; then pass "by default the toast has colour"; else fail "no colour by default"; fi
tmux send-keys -t "$session" "q"
check_restored 0 "colour run"

finish_checks

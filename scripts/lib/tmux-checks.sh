# Shared by the end-to-end scripts: counting checks and reading a tmux session's screen.
# The sourcing script sets $session before calling the screen functions.

passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

require_tmux() {
  type -P tmux >/dev/null || (apt-get update && apt-get install -y tmux) || {
    echo "FAIL: tmux is missing and could not be installed" >&2
    exit 1
  }
}

screen() { tmux capture-pane -p -t "$session"; }

# Every tmux command of a script goes to a server of its own, which stays up while it has no
# session (exit-empty off): killing a server's last session stops it, and a session started
# while it exits fails ("server exited unexpectedly") or is lost, with every check after it.
# Its own server also leaves a user's tmux alone. end_tmux stops it.
tmux_socket="mvikit-e2e-$$"
tmux() { command tmux -L "$tmux_socket" "$@"; }

# Every process a script starts, however deep (tmux, the pane's shell, the app, the engine the
# app starts), inherits this mark from the script's environment. `started_here` finds processes
# by it, so no check inspects or signals a process that a user started beside the script, even
# one of the same program. Linux only: it reads /proc.
export MVIKIT_E2E_RUN="e2e-$$"

# The PIDs of the processes this script started whose command line contains $1. Only bash
# builtins read /proc, so the search itself starts no process that it could find.
started_here() {
  local proc entry
  local -a environ cmdline
  for proc in /proc/[0-9]*; do
    [ "${proc#/proc/}" = "$BASHPID" ] && continue
    { mapfile -d "" environ <"$proc/environ"; } 2>/dev/null || continue
    for entry in "${environ[@]}"; do
      [ "$entry" = "MVIKIT_E2E_RUN=$MVIKIT_E2E_RUN" ] || continue
      { mapfile -d "" cmdline <"$proc/cmdline"; } 2>/dev/null || break
      [[ "${cmdline[*]}" == *"$1"* ]] && echo "${proc#/proc/}"
      break
    done
  done
}

# Starts a detached session: the arguments of `tmux new-session -d`.
new_session() { tmux new-session -d "$@" && tmux set-option -g exit-empty off; }

# Stops the script's server and removes its socket, which tmux leaves behind.
end_tmux() {
  tmux kill-server 2>/dev/null
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$tmux_socket"
}

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

# Runs "$@" until it succeeds, up to ten seconds.
poll() {
  for _ in $(seq 1 100); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  return 1
}

# Where things are on the screen, in cells as the terminal counts them: 0-based rows, and
# display columns (a CJK character or an emoji takes two, a combining mark none), since
# capture-pane prints a wide character once with no filler for its second cell.
read -r -d '' screen_cells_py <<'PY' || true
import sys, unicodedata

def width(text):
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total

mode, needle = sys.argv[1], sys.argv[2]
lines = sys.stdin.read().split("\n")
if mode == "locate":
    # The middle cell of the last occurrence (the lowest row, the rightmost on it).
    found = None
    for row, line in enumerate(lines):
        at = line.rfind(needle)
        if at >= 0:
            found = (width(line[:at]) + (width(needle) - 1) // 2, row)
    if found:
        print(*found)
elif mode == "rows":
    for row, line in enumerate(lines):
        if needle in line:
            print(row)
elif mode == "box":
    # The display column of a box's right edge on each of its rows: the box whose top row holds
    # the title, down to its bottom corner.
    top = next((row for row, line in enumerate(lines) if "┌" in line and needle in line), None)
    if top is not None:
        for row in range(top, len(lines)):
            line = lines[row]
            edge = max(line.rfind(c) for c in "┐│┘")
            print(row, width(line[:edge]) if edge >= 0 else "none", line[edge] if edge >= 0 else "")
            if row > top and "└" in line:
                break
PY

# "COLUMN ROW" of the middle of the last occurrence of $1 on the screen, or nothing.
locate() { screen | python3 -c "$screen_cells_py" locate "$1"; }
# The rows that contain $1, top to bottom.
rows_of() { screen | python3 -c "$screen_cells_py" rows "$1"; }
# Whether the last row holding $1 is below the last row holding $2: exactly $3 rows below when
# $3 is given, else any number.
is_below() {
  local a b
  a="$(rows_of "$1" | tail -n 1)"
  b="$(rows_of "$2" | tail -n 1)"
  [ -n "$a" ] && [ -n "$b" ] || return 1
  if [ "${3:-+}" = "+" ]; then [ "$a" -gt "$b" ]; else [ "$((a - b))" -eq "$3" ]; fi
}
expect_below() {
  if poll is_below "$1" "$2" "${4:-+}"; then
    pass "$3"
  else
    fail "$3 ('$1' is not ${4:-some} row(s) below '$2')"
    screen
  fi
}

# Mouse reports as xterm sends them once ?1006 (SGR) is on: ESC [ < button ; x ; y M for a
# press and m for a release, x and y from 1; button 0 is the left one, 64 and 65 the wheel.
# The helpers take 0-based cells, as `locate` gives them.
send_bytes() { tmux send-keys -t "$session" -H $(printf '%s' "$1" | od -An -tx1); }
click() {
  send_bytes $'\e[<0;'"$(($1 + 1));$(($2 + 1))M"
  send_bytes $'\e[<0;'"$(($1 + 1));$(($2 + 1))m"
}
wheel() {
  local button=64
  [ "$1" = down ] && button=65
  send_bytes $'\e[<'"$button;$(($2 + 1));$(($3 + 1))M"
}
# Clicks the middle of the last occurrence of $1 once it is on the screen; fails when it
# never shows.
click_on() {
  local at
  wait_for "$1" && at="$(locate "$1")" && [ -n "$at" ] || { fail "nothing to click: '$1' is not on the screen"; return 1; }
  click $at
}

# The pane's mouse modes: any reporting, button-and-drag (?1002) reporting, SGR encoding.
mouse_flags() { tmux display -p -t "$session" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}'; }
# Polls until mouse reporting is all $1 (on or off).
expect_mouse() {
  local want=111
  [ "$1" = off ] && want=000
  for _ in $(seq 1 50); do
    if [ "$(mouse_flags)" = "$want" ]; then pass "$2"; return; fi
    sleep 0.1
  done
  fail "$2 (mouse_any_flag, mouse_button_flag, mouse_sgr_flag: $(mouse_flags))"
}

# The closing line the CI reads, and the exit status.
finish_checks() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

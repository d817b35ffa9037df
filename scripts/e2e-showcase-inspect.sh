#!/usr/bin/env bash
# The showcase with the live inspector, in a real terminal (tmux): `--inspect 0` shows the
# inspector's address in the footer; Todos driven by keys (three titles typed at full speed in
# one go, a toggle); the inspector has each of those intents, with their origin, when the page's
# export is read over HTTP; a wrong token and a foreign Host are refused; a password typed into
# Login never reaches it. Then the inspector's MCP server, with the official Python MCP SDK
# (Tests/Browser/showcase_agent.py): app_info, intent_examples and list_steps; an intent the agent
# sends shows on the screen; a past step it shows is on the screen, with the keys typed meanwhile
# refused, until return_live; test_source makes the model with ShowcaseModel.unconnected.
# The page's "Copy as test" of the whole session, pasted into a test target of the showcase's
# package (Examples/Tests/CopiedShowcaseTests), builds and passes. Quitting closes the server. Then, in a home of its own: the showcase creates nothing there that
# the user did not ask for, and a closed terminal (SIGHUP) ends it at once, without a crash.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
source scripts/lib/tmux-checks.sh

session="mvikit-inspect-$$"
data_home="$(mktemp -d)"
copied=Examples/Tests/CopiedShowcaseTests
trap 'end_tmux; rm -rf "$data_home" "$copied"' EXIT

require_tmux
command -v curl >/dev/null || { echo "FAIL: curl is missing" >&2; exit 1; }
python=Tests/Browser/.venv/bin/python
if ! "$python" -c 'import mcp.client.streamable_http' 2>/dev/null; then
  echo "FAIL: $python with the MCP SDK is missing; run 'make bootstrap' (Tests/Browser/requirements.txt)" >&2
  exit 1
fi

if ! (cd Examples && swift build --product Showcase) >/tmp/mvikit-inspect-build.log 2>&1; then
  cat /tmp/mvikit-inspect-build.log >&2
  echo "FAIL: building the showcase failed" >&2
  exit 1
fi
binary="$(cd Examples && swift build --show-bin-path)/Showcase"

keys() { tmux send-keys -t "$session" "$@"; sleep 0.15; }

new_session -s "$session" -x 140 -y 40 -c "$PWD" "bash --norc --noprofile"
tmux send-keys -t "$session" "PS1='PROMPT\$ '" Enter
wait_for 'PROMPT$' 30 || fail "shell prompt did not appear"
tmux send-keys -t "$session" "clear; XDG_DATA_HOME='$data_home' XDG_STATE_HOME='$data_home/state' $binary --inspect 0 --inspect-token walk_token; echo EXIT=\$?" Enter
expect_screen "Five apps from five articles" "the showcase starts with --inspect"
expect_screen "inspector: http://127.0.0.1:" "the footer shows the inspector's address"
expect_screen "agent (MCP): http://127.0.0.1:" "the footer shows the MCP server's address"

url="$(screen | grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[A-Za-z0-9_-]*' | head -1)"
port="$(sed -E 's|http://127\.0\.0\.1:([0-9]+)/.*|\1|' <<<"$url")"
if [[ "$url" == *"token=walk_token" ]]; then pass "the address carries the given token"; else fail "address: '$url'"; fi

status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
[ "$(status "$url")" = 200 ] && pass "the page answers with its token" || fail "the page did not answer"
[ "$(status "http://127.0.0.1:$port/")" = 403 ] && pass "no token: 403" || fail "no token was not refused"
[ "$(status "http://127.0.0.1:$port/?token=wrong")" = 403 ] && pass "a wrong token: 403" || fail "a wrong token was not refused"
[ "$(status -H "Host: rebound.example:$port" "$url")" = 403 ] && pass "a foreign Host: 403" || fail "a foreign Host was not refused"

export_session() { curl -s "http://127.0.0.1:$port/export?token=walk_token"; }
exported_has() {
  for _ in $(seq 1 50); do
    if export_session | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  return 1
}

# Login: a password that must never reach the inspector.
keys Down Down Down Enter
expect_screen "Password" "Login opens"
keys -l "demo@mvikit.dev"
keys Tab
keys -l "walk-secret-pw"
keys Enter
expect_screen "Login failed" "a wrong password is refused"
keys Enter Escape Escape

# Todos: three titles typed in one go, then a toggle.
keys Down Enter
expect_screen "Nothing to do yet." "Todos opens"
tmux send-keys -t "$session" -l $'alpha\rbeta\rgamma\r'
expect_screen "[ ] gamma" "three titles typed at full speed are added"
keys Tab Space
expect_screen "[x] alpha" "Space toggles the first todo"

for needle in '"openTapped"' '"addTapped"' '"alpha"' '"beta"' '"gamma"' '"toggleTapped"' '"origin":"effect"'; do
  if exported_has "$needle"; then pass "the inspector saw $needle"; else fail "the inspector did not see $needle"; fi
done
if [ "$(export_session | grep -c '"addTapped"')" -ge 3 ]; then pass "each Enter is one addTapped step"; else fail "fewer than three addTapped steps"; fi
if export_session | grep -qF "walk-secret-pw"; then fail "the password reached the inspector"; else pass "the password never reached the inspector"; fi

# The MCP server, as a coding agent uses it: each action of showcase_agent.py is one session of
# the official SDK's client, with the token as a bearer; the screen is checked between them.
mcp_url="$(screen | grep -o 'agent (MCP): http://127\.0\.0\.1:[0-9]*/mcp' | head -1 | sed 's/^agent (MCP): //')"
if [ "$mcp_url" = "http://127.0.0.1:$port/mcp" ]; then pass "the MCP server is at /mcp of the page's port"; else fail "MCP address: '$mcp_url'"; fi
agent() { "$python" Tests/Browser/showcase_agent.py "$mcp_url" walk_token "$@" 2>&1; }
# A pass with what the action found, or a fail with why.
agent_check() {
  local what="$1" out
  shift
  if out="$(agent "$@")"; then pass "$what: $out"; else fail "$what: $out"; fi
}
agent_check "app_info" app-info
agent_check "intent_examples and list_steps" examples
# The Todos draft, from intent_examples' example of the intent the keys sent, with a new text.
agent_check "send_intent of the Todos draft" send-draft "drafted by the agent"
expect_screen "│drafted by the agent" "the draft the agent sent shows in the title field"

# A past step: the one before the toggle, when alpha was not done and the draft was empty.
# show-before-toggle and return-live wait (2 s at most) for app_info to agree: a known server
# bug has its shownStep lag its live by a frame (see the note in showcase_agent.py).
agent_check "show_step" show-before-toggle
expect_screen "PAST STATE" "the showcase shows the past step, with its bar"
expect_screen "[ ] alpha" "the past state is on the screen: alpha not done yet"
if screen | grep -qF "drafted by the agent"; then fail "the past state shows the live draft"; else pass "the past state has the draft of its time"; fi
shown_screen="$(screen)"
steps_before="$(agent last-step)"
keys Space
keys Tab
keys -l "typed-in-the-past"
sleep 1
if [ "$(screen)" = "$shown_screen" ]; then
  pass "keys typed while the past shows change nothing on the screen"
else
  fail "keys typed while the past shows changed the screen"
  screen
fi
steps_after="$(agent last-step)"
if [ -n "$steps_before" ] && [ "$steps_before" = "$steps_after" ]; then
  pass "keys typed while the past shows send no intent (last step $steps_after)"
else
  fail "keys typed while the past shows: last step '$steps_before', then '$steps_after'"
fi
agent_check "return_live" return-live
past_gone() { ! screen | grep -qF "PAST STATE"; }
if poll past_gone; then pass "return_live: the past step's bar is gone"; else fail "the past step's bar stays after return_live"; fi
expect_screen "[x] alpha" "return_live: the live state shows again"
expect_screen "│drafted by the agent" "return_live: the agent's draft shows again"
if screen | grep -qF "typed-in-the-past"; then fail "keys refused while the past showed were applied later"; else pass "keys refused while the past showed stay refused"; fi
keys Space
expect_screen "[ ] alpha" "keys work again once live: Space toggles alpha back"
agent_check "test_source" test-source
# What the page's "Copy as test" copies (it reads the same route), kept to be built once the
# showcase has quit.
mkdir -p "$copied"
if curl -sf -o "$copied/CopiedSession.swift" "http://127.0.0.1:$port/test?token=walk_token" \
  && grep -q "ShowcaseModel.unconnected" "$copied/CopiedSession.swift"; then
  pass "Copy as test gives the session's test ($(grep -c 'await store\.' "$copied/CopiedSession.swift") sends and receives)"
else
  fail "Copy as test gave no test of the session"
fi

keys Escape
keys q
expect_screen "EXIT=0" "q quits with status 0"
if [ "$(status --max-time 2 "$url")" = 000 ]; then pass "quitting closes the inspector"; else fail "the inspector still answers after quit"; fi

# The copied test, pasted into a test target of the showcase's package as a user would, with
# the package's own build: only the new target compiles.
if [ -s "$copied/CopiedSession.swift" ]; then
  if (cd Examples && MVIKIT_COPIED_SHOWCASE_TEST=1 swift test --filter CopiedShowcaseTests) \
    >"$data_home/copied-test.log" 2>&1 && grep -qE "Test run with 1 test.* passed" "$data_home/copied-test.log"; then
    pass "the copied test of the showcase's session builds and passes"
  else
    fail "the copied test of the showcase's session did not build or pass:"
    tail -40 "$data_home/copied-test.log" >&2
  fi
fi
rm -rf "$copied"

# A closed terminal: tmux's session ends, the showcase gets SIGHUP and end of input.
home="$(mktemp -d)"
new_session -s "$session-hup" -x 120 -y 32 -c "$PWD" \
  "HOME='$home' XDG_DATA_HOME= XDG_CACHE_HOME= XDG_STATE_HOME= exec $binary --todos-db '$data_home/hup.sqlite' 2>'$data_home/hup.err'"
for _ in $(seq 1 100); do
  tmux capture-pane -p -t "$session-hup" 2>/dev/null | grep -qF "Five apps from five articles" && break
  sleep 0.1
done
tmux send-keys -t "$session-hup" Down Down Enter
sleep 1
# The pane's process is the showcase itself (exec above): the one this script started.
pid="$(tmux display -p -t "$session-hup" '#{pane_pid}')"
tmux kill-session -t "$session-hup"
gone=0
# Within a second: a crash report (as writing to the closed terminal used to trap) takes longer.
for _ in $(seq 1 10); do
  # Gone, or a zombie: it has exited and waits only for init (which may be slow in a container)
  # to reap it.
  state="$(ps -o stat= -p "$pid" 2>/dev/null | tr -d ' ')"
  if [ -z "$pid" ] || [ -z "$state" ] || [[ "$state" == Z* ]]; then gone=1; break; fi
  sleep 0.1
done
if [ "$gone" = 1 ]; then pass "a closed terminal ends the showcase within 1 s"; else fail "the showcase runs on after its terminal closed"; fi
if grep -q "crashed" "$data_home/hup.err" 2>/dev/null; then fail "the showcase crashed on SIGHUP"; else pass "no crash on SIGHUP"; fi
# Only what the showcase remembers (Users was open) goes to the home, where the platform keeps
# such files; nothing else is created.
state="$home/.local/state/org.mvikit.showcase"
others="$(find "$home" -mindepth 1 -not -path "$home/.local" -not -path "$home/.local/state" \
  -not -path "$state" -not -path "$state/showcase" -not -path "$state/.showcase.lock")"
if [ -z "$others" ]; then
  pass "nothing is created in the user's home but what the showcase remembers"
else
  fail "the showcase created files in the home: $(echo "$others" | tr '\n' ' ')"
fi
if grep -qF '"lastApp":{"value":"users"' "$state/showcase" 2>/dev/null; then
  pass "a closed terminal still saves what the showcase remembers (Users was open)"
else
  fail "no memory of the open app at $state/showcase"
fi
rm -rf "$home"

finish_checks

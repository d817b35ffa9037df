#!/usr/bin/env bash
# End-to-end walk through the showcase in a real terminal (tmux), from a fresh start:
# Transcribe (Whisper: free speech from an MP3, a command with the phrase list as hints; the
# engine stops on quit and on kill -9), Poster (two posters from the embedded
# server), Users (list, detail, back; the wheel and a click open another), Login (a click into
# the email field, CJK and emoji typed in it with the box's edge kept straight, a click that
# puts the cursor by display width; wrong password, then right and a click on Log in), Todos
# (add three, toggle one, by keys and by clicks, quit, relaunch: still there; a row from sqlite3
# appears live; delete, clear done, undo), --record with Ctrl-T time travel, and --replay.
# Prints "N passed, N failed"; exits non-zero on a failure.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/tmux-checks.sh

session="mvikit-showcase-$$"
data_home="$(mktemp -d)"
image_server=""
trap 'end_tmux; rm -rf "$data_home"; [ -n "$image_server" ] && kill "$image_server" 2>/dev/null' EXIT


require_tmux

if ! (cd Examples && swift build --product Showcase) >/tmp/mvikit-showcase-build.log 2>&1; then
  cat /tmp/mvikit-showcase-build.log >&2
  echo "FAIL: building the showcase failed" >&2
  exit 1
fi
binary="$(cd Examples && swift build --show-bin-path)/Showcase"

if [ ! -f Examples/Samples/audio/turn-on-the-kitchen-lights.wav ]; then
  echo "FAIL: the sample WAVs are missing; run scripts/bootstrap.sh first" >&2
  exit 1
fi




expect_absent() {
  # Polls, since the screen changes only once the database or server has answered.
  for _ in $(seq 1 50); do
    if ! screen | grep -qF -- "$1"; then pass "$2"; return; fi
    sleep 0.1
  done
  fail "$2"; screen
}

keys() { tmux send-keys -t "$session" "$@"; sleep 0.15; }

start_showcase() {
  # From the repository root, where Transcribe finds Examples/Samples/audio on its own.
  tmux kill-session -t "$session" 2>/dev/null
  new_session -s "$session" -x 120 -y 32 -c "$PWD" "bash --norc --noprofile"
  tmux send-keys -t "$session" "PS1='PROMPT\$ '" Enter
  wait_for 'PROMPT$' 30 || fail "shell prompt did not appear"
  # Each run of the walk starts on the home screen, whatever app the last one quit in; the
  # runs that test what the showcase remembers start with launch_showcase.
  launch_showcase --reset-state "$@"
  expect_screen "Five apps from five articles" "showcase starts on its home screen"
}

# Starts the showcase with its data and what it remembers in this walk's folder. A shell writes
# its own PID to $showcase_pid_file and then becomes the showcase (exec keeps the PID), so the
# walk signals and inspects the showcase it started, never one a user runs beside it.
showcase_pid_file="$data_home/showcase.pid"
launch_showcase() {
  rm -f "$showcase_pid_file"
  tmux send-keys -t "$session" \
    "clear; XDG_DATA_HOME='$data_home' XDG_STATE_HOME='$data_home/state' sh -c 'echo \$\$ >\"\$0\"; exec \"\$@\"' '$showcase_pid_file' $binary $*; echo EXIT=\$?" Enter
}

# The PID of the showcase the walk started last.
showcase_pid() { poll test -s "$showcase_pid_file" && cat "$showcase_pid_file"; }

quit_showcase() {
  keys Escape
  keys q
  expect_screen "EXIT=0" "$1: q quits with status 0"
  if [ "$(tmux display -p -t "$session" '#{alternate_on}')" = "0" ]; then
    pass "$1: terminal left the alternate screen"
  else
    fail "$1: terminal still on the alternate screen"
  fi
  expect_mouse off "$1: mouse reporting is off"
}

# Whether every row of the box titled $1 has its right edge (┐, │, ┘) in the same display
# column, as wide characters inside it must not push it.
expect_straight_box() {
  local edges
  edges="$(screen | python3 -c "$screen_cells_py" box "$1")"
  if [ -n "$edges" ] && [ "$(awk '{print $2}' <<<"$edges" | sort -u | wc -l)" -eq 1 ]; then
    pass "$2"
  else
    fail "$2 (row, column of the right edge: $(awk '{print $1 ":" $2}' <<<"$edges" | tr '\n' ' '))"
    screen
  fi
}

start_showcase
for app in Transcribe Poster Users Login Todos; do
  expect_screen "$app" "home lists $app"
done
expect_mouse on "the showcase turns on mouse reporting (buttons, drags, SGR)"
expect_screen "users: http://127.0.0.1:" "footer shows the embedded users backend"
keys "?"
expect_screen "Keys on this screen" "? shows the key help of the screen shown"
keys Enter
expect_screen "posters: http://127.0.0.1:" "footer shows the embedded poster backend"
expect_screen "audio: $PWD/Examples/Samples/audio" "footer shows the sample audio folder"

# Transcribe: the embedded Whisper engine starts; free speech that is in no phrase list (an
# MP3) comes out right, and so does a command WAV with the phrase list passed as hints.
# The engine started by this showcase: a child of the Showcase process.
showcase_engine() {
  local parent
  parent="$(showcase_pid)"
  [ -n "$parent" ] && pgrep -P "$parent" -f "TranscriptionEngine/engine.py" | head -n 1
}
is_gone() { for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; return 1; }
expect_screen_ci() {
  for _ in $(seq 1 600); do
    if screen | tr -d '\n' | tr -s ' ' | grep -qiF -- "$1"; then pass "$2"; return; fi
    sleep 0.1
  done
  fail "$2 (screen did not show '$1')"; screen
}
keys Enter
wait_for "Recognizer: Whisper tiny.en (embedded engine), ready" 600
expect_screen "Recognizer: Whisper tiny.en (embedded engine), ready" "Transcribe starts the Whisper engine"
engine="$(showcase_engine)"
if [ -n "$engine" ]; then pass "the engine runs as its own process"; else fail "no engine process"; fi
expect_screen "open-the-door-and-turn-on-the-lights.mp3" "Transcribe lists MP3 files"
keys Down Enter
expect_screen "File: open-the-door-and-turn-on-the-lights.mp3" "Enter picks the MP3"
expect_screen "Phrase list: off" "the phrase list is off by default"
keys s
wait_for "Heard (free speech" 600
expect_screen "Heard (free speech" "s transcribes the file"
expect_screen_ci "open the door and turn on the lights" "free speech comes out right"
keys Down Down Down Enter
expect_screen "File: turn-on-the-kitchen-lights.wav" "Enter picks the WAV"
keys p
expect_screen "Phrase list: on" "p turns the phrase list on"
keys s
wait_for "Heard (free speech, phrase list as hints" 600
expect_screen "Heard (free speech, phrase list as hints" "phrases go to Whisper as hints"
expect_screen_ci "turn on the kitchen lights" "the command comes out right"
keys Escape
expect_screen "Five apps from five articles" "Esc returns home from Transcribe"

# Poster: two posters from the embedded server; the title and the picture change.
titles="SUNSET DRIVE|DEEP BLUE|ORBIT|NIGHT CITY|WILD WOODS|DUNE"
shown_title() { screen | grep -oE -- "$titles" | head -n 1; }
picture() { tmux capture-pane -p -e -t "$session" | grep -F "▀" | md5sum; }
keys Down Enter
expect_screen "Get Poster!" "Poster shows its button"
keys g
first=""
for _ in $(seq 1 100); do
  first="$(shown_title)"
  [ -n "$first" ] && break
  sleep 0.1
done
if [ -n "$first" ]; then pass "g fetches a poster ($first)"; else fail "no poster title appeared"; screen; fi
first_picture="$(picture)"
second=""
# The server picks at random, so press again until another poster comes up.
for _ in $(seq 1 20); do
  keys g
  for _ in $(seq 1 30); do
    title="$(shown_title)"
    if [ -n "$title" ] && [ "$title" != "$first" ]; then second="$title"; break; fi
    sleep 0.1
  done
  [ -n "$second" ] && break
done
if [ -n "$second" ]; then pass "g again shows another poster ($second)"; else fail "the title never changed"; screen; fi
if [ "$(picture)" != "$first_picture" ]; then pass "the picture changes with the poster"; else fail "the picture did not change"; fi
keys Escape
expect_screen "Five apps from five articles" "Esc returns home from Poster"
keys Up

# Users: list, detail, back.
keys Down Down Enter
expect_screen "Ada Whitfield" "Users loads the list over HTTP"
keys Down Enter
expect_screen "Company" "Enter opens a user's detail"
keys Escape
expect_screen "users — Enter shows one" "Esc returns to the list"
# The wheel over the list moves the selection a row a notch (Bruno, selected above, to
# Chiara); a click on the selected row opens it.
read -r column row <<<"$(locate "Ada Whitfield")"
wheel down "$column" "$row"
wheel down "$column" "$row"
wheel up "$column" "$row"
click_on "Chiara Okafor"
expect_screen "chiara@okafor.example" "the wheel selects the third user, a click on it opens it"
keys Escape
expect_screen "users — Enter shows one" "Esc returns to the list again"
keys Escape
expect_screen "Five apps from five articles" "Esc returns home"

# Login: the mouse and wide characters in the email field, then a wrong password, then the
# right one.
keys Down Enter
expect_screen "Demo account" "Login shows the demo account"
# With the focus on the password field, a click on the email field moves it there: the
# text typed next shows (a password would be bullets).
keys Tab
click_on "name@example.com"
wide="漢字テスト🚀✅"
keys -l "$wide"
expect_screen "$wide" "a click focuses the email field: CJK and emoji typed there show"
expect_straight_box "Login ·" "with CJK and emoji in the field, the box's right edge stays in one column"
# 字 takes two columns: a click on its second one puts the cursor on it, so X goes before it.
read -r column row <<<"$(locate "字")"
click "$((column + 1))" "$row"
keys -l "X"
expect_screen "漢X字テスト🚀✅" "a click on a wide character's second column puts the cursor on it"
expect_straight_box "Login ·" "after the insertion the box's right edge still stays in one column"
keys C-e
keys C-u
expect_screen "name@example.com" "Ctrl-E Ctrl-U empties the field again"
keys -l "demo@mvikit.dev"
keys Tab
keys -l "wrong-password"
expect_absent "wrong-password" "the typed password is never drawn"
keys Enter
expect_screen "Login failed" "a wrong password shows the failure alert"
keys Enter
keys C-u
keys -l "mvikit-demo-42"
click_on "[ Log in ]"
expect_screen "Welcome" "the right password and a click on Log in show the welcome alert"
expect_screen "Signed in as Demo User" "the alert names the user"
keys Enter
keys Escape

# Todos: add three, toggle one, quit, relaunch.
keys Down Enter
expect_screen "Nothing to do yet." "Todos starts empty"
for title in milk bread eggs; do
  keys -l "$title"
  keys Enter
  expect_screen "[ ] $title" "adds '$title'"
done
keys Tab Down Space
expect_screen "[x] bread" "Space toggles the selected todo"
# A click on a row selects it (Space then toggles it, not bread); a click on the selected row
# toggles it, here back to not done.
click_on "[ ] eggs"
keys Space
expect_screen "[x] eggs" "a click selects a todo: Space toggles it"
click_on "[x] eggs"
expect_screen "[ ] eggs" "a click on the selected todo toggles it"
quit_showcase "first run"
if [ -n "$engine" ] && is_gone "$engine"; then pass "quitting stops the engine"; else fail "engine left running after quit"; fi

start_showcase
keys Down Down Down Down Enter
expect_screen "[x] bread" "after a relaunch the toggled todo is still done"
expect_screen "[ ] eggs" "after a relaunch the other todos are still there"
# The list is a live view of the database: a row written by the sqlite3 tool shows up.
sqlite3 "$data_home/mvikit/todos.sqlite" \
  "INSERT INTO todo (title, isDone, createdAt) VALUES ('from the shell', 0, '2026-11-22 10:00:00.000')"
expect_screen "[ ] from the shell" "a row inserted by sqlite3 appears without reopening"
keys Tab
keys d
expect_screen "Deleted 1 todo; u brings it back." "d deletes and offers undo"
expect_absent "[ ] milk" "the deleted todo is gone"
keys u
expect_screen "[ ] milk" "u brings the deleted todo back"
keys x
expect_absent "[x] bread" "x clears the done todos"
keys u
expect_screen "[x] bread" "u brings the cleared todos back"
# A rename puts the cursor in the title field: the new title is typed in full there, and its
# letters and spaces touch no row.
keys Home
keys e
keys -l " and visa"
keys Enter
expect_screen "[ ] milk and visa" "e then typing renames the todo"
expect_screen "[x] bread" "typing the new title toggles no row"
expect_absent "Deleted" "typing the new title deletes no row"
quit_showcase "second run"

# Record a Login session, travel back through it with Ctrl-T, replay the recording.
start_showcase --record "$data_home/recordings"
keys Down Down Down Enter
expect_screen "Demo account" "recorded run: Login opens"
keys -l "demo@mvikit.dev"
keys Tab
keys -l "mvikit-demo-42"
keys C-t
expect_screen "TIME TRAVEL" "Ctrl-T opens time travel"
keys Home
expect_screen "Five apps from five articles" "Home shows the first state: the home screen"
keys Right Right Right Right Right
# The email typed in one go is one edit ("demo@mvikit.dev"); typed slowly, its first letter.
expect_screen "after the view's screen(Keyed(id: 0, value: login(emailChanged(\"d" \
  "the bar names the intent behind the state shown"
keys Escape
expect_absent "TIME TRAVEL" "Esc returns to live"
expect_screen "demo@mvikit.dev" "live again: the email as typed"
quit_showcase "recorded run"
expect_screen "recorded " "the showcase says where the recording went"
recording="$(ls "$data_home"/recordings/showcase-*.jsonl 2>/dev/null | head -n 1)"
if [ -n "$recording" ] && [ "$(wc -l <"$recording")" -gt 10 ]; then
  pass "--record writes the session to $(basename "$recording")"
else
  fail "no recording in $data_home/recordings"
fi
if [ -n "$recording" ] && ! grep -qF "mvikit-demo-42" "$recording"; then
  pass "the password is not in the recording"
else
  fail "the password is in the recording"
fi

# What the showcase remembers: the recorded run quit with Login open and an email typed.
tmux send-keys -t "$session" "clear" Enter
memory="$data_home/state/org.mvikit.showcase/showcase"
launch_showcase
expect_screen "Demo account" "a relaunch reopens the app open at the last quit: Login"
# The demo hint names the email once; the field holding it is the second.
emails() { screen | grep -oF "demo@mvikit.dev" | wc -l; }
if [ "$(emails)" -ge 2 ]; then
  pass "Login shows the email typed in the last session"
else
  fail "Login's email field is not the email typed in the last session"
fi
if [ -f "$memory" ] && ! grep -qF "mvikit-demo-42" "$memory"; then
  pass "what is remembered is in \$XDG_STATE_HOME/org.mvikit.showcase, without the password"
else
  fail "no memory file at $memory, or the password is in it"
fi
keys Escape
keys Escape
expect_screen "Five apps from five articles" "Esc twice closes Login"
keys q
expect_screen "EXIT=0" "memory run: q quits with status 0"
tmux send-keys -t "$session" "clear" Enter
start_showcase
keys Down Down Down Enter
expect_screen "Demo account" "after --reset-state Login opens"
if [ "$(emails)" -eq 1 ]; then
  pass "--reset-state forgets the email"
else
  fail "the email is still in Login's field after --reset-state"
fi
keys Escape
quit_showcase "reset run"

tmux send-keys -t "$session" "clear" Enter
start_showcase_replay() {
  tmux send-keys -t "$session" "clear; XDG_DATA_HOME='$data_home' XDG_STATE_HOME='$data_home/state' $binary --replay '$1'; echo EXIT=\$?" Enter
}
start_showcase_replay "$recording"
expect_screen "TIME TRAVEL" "--replay opens the replayed session in time travel"
# The recorded session ended on the Login screen (Esc took the focus out of the password
# field, q quit); one step back is the Login screen as typed.
keys Left
expect_screen "demo@mvikit.dev" "a step back in the replay shows the Login screen as recorded"
keys Escape
expect_absent "TIME TRAVEL" "Esc leaves the replay live"
quit_showcase "replayed run"
expect_screen "each state reproduced" "--replay reports every state reproduced"
tmux send-keys -t "$session" "clear" Enter
printf '%s\n' '{"mvikit":1,"model":"ShowcaseModel","state":{}}' >"$data_home/bad.jsonl"
start_showcase_replay "$data_home/bad.jsonl"
expect_screen "EXIT=1" "a recording that does not decode exits 1"
expect_screen "bad.jsonl" "and names the file"

# A showcase killed with SIGKILL cannot stop its engine; the engine sees its input pipe close
# and exits on its own.
start_showcase
keys Enter
wait_for "Recognizer: Whisper tiny.en (embedded engine), ready" 600
engine="$(showcase_engine)"
if [ -n "$engine" ]; then pass "reopened Transcribe starts the engine"; else fail "no engine process"; fi
kill -KILL "$(showcase_pid)"
if [ -n "$engine" ] && is_gone "$engine"; then
  pass "kill -9 of the showcase leaves no engine behind"
else
  fail "orphan engine after kill -9"
fi

# --poster-url: a picsum-style image URL on a loopback server, answering with a redirect to a
# JPEG sent as application/octet-stream; the poster is decoded by its bytes.
photo_dir="$data_home/photos"
mkdir -p "$photo_dir"
python3 -c '
import sys
w, h = 300, 450
rows = bytearray()
for y in range(h):
    for x in range(w):
        rows += bytes(((x * 255) // w, (y * 255) // h, 160))
sys.stdout.buffer.write(b"P6\n%d %d\n255\n" % (w, h) + bytes(rows))
' >"$photo_dir/photo.ppm"
cjpeg -quality 85 -progressive -outfile "$photo_dir/photo.jpg" "$photo_dir/photo.ppm"
python3 - "$photo_dir/photo.jpg" >"$data_home/image-server.port" <<'PY' &
import http.server, sys
photo = open(sys.argv[1], "rb").read()
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/300/450":
            self.send_response(302)
            self.send_header("Location", "/id/7/photo.jpg")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(photo)))
            self.end_headers()
            self.wfile.write(photo)
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
image_server=$!
for _ in $(seq 1 50); do [ -s "$data_home/image-server.port" ] && break; sleep 0.1; done
image_port="$(head -n 1 "$data_home/image-server.port")"
start_showcase --poster-url "http://127.0.0.1:$image_port/300/450"
expect_screen "posters: http://127.0.0.1:$image_port/300/450" "footer shows the --poster-url"
keys Down Enter
expect_screen "Get Poster!" "Poster opens"
keys g
expect_screen "JPEG 300×450" "g shows the JPEG behind the redirect"
if tmux capture-pane -p -e -t "$session" | grep -qF "▀"; then
  pass "the JPEG is drawn in half blocks"
else
  fail "no picture drawn"
fi
keys Escape
quit_showcase "--poster-url run"

# Poster remembers where its last poster came from: opened again, it shows that one at once.
launch_showcase --poster-url "http://127.0.0.1:$image_port/300/450"
expect_screen "Five apps from five articles" "Poster memory run: the last run quit on the home screen"
keys Down Enter
expect_screen "JPEG 300×450" "Poster opens on the poster of the last run, fetched from its address"
keys Escape
quit_showcase "Poster memory run"

# SIGTERM: the showcase restores the terminal, stops its engine and exits 128+15.
start_showcase
keys Enter
wait_for "Recognizer: Whisper tiny.en (embedded engine), ready" 600
engine="$(showcase_engine)"
kill -TERM "$(showcase_pid)"
expect_screen "EXIT=143" "SIGTERM ends the showcase with status 143"
if [ -n "$engine" ] && is_gone "$engine"; then
  pass "SIGTERM stops the engine"
else
  fail "engine left running after SIGTERM"
fi

finish_checks

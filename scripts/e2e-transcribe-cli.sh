#!/usr/bin/env bash
# End-to-end check of the `transcribe` command: transcripts of the sample files on the embedded
# Whisper engine, readable failures with exit status 1, and no engine left running afterwards.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/tmux-checks.sh

if ! swift build --package-path Examples --product transcribe >/tmp/mvikit-cli-build.log 2>&1; then
  cat /tmp/mvikit-cli-build.log >&2
  echo "FAIL: building transcribe failed" >&2
  exit 1
fi
binary="$(swift build --package-path Examples --show-bin-path)/transcribe"
audio=Examples/Samples/audio
# Engines this script's runs of transcribe started (see started_here): one a user runs beside
# the script is none of them.
engine_pids() { started_here "TranscriptionEngine/engine.py"; }
before="$(engine_pids)"

out="$("$binary" "$audio/open-the-door-and-turn-on-the-lights.mp3" "$audio/play-some-music.wav" 2>&1)"
status=$?
if [ "$status" -eq 0 ]; then pass "transcribe exits 0"; else fail "transcribe exited $status: $out"; fi
if printf '%s\n' "$out" | grep -qi "open-the-door-and-turn-on-the-lights.mp3: open the door and turn on the lights"; then
  pass "the MP3 sentence comes out right"
else
  fail "wrong MP3 transcript: $out"
fi
if printf '%s\n' "$out" | grep -qi "play-some-music.wav: play some music"; then
  pass "the WAV command comes out right"
else
  fail "wrong WAV transcript: $out"
fi
if [ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ]; then pass "one line per file"; else fail "not one line per file: $out"; fi
if [ "$(engine_pids)" = "$before" ]; then pass "no engine left running"; else fail "engine left running"; fi

# A file whose name is not UTF-8 (Latin-1 "café", as an older system writes it) is found and
# transcribed, and named with its byte shown as \xE9.
latin1_dir="$(mktemp -d)"
latin1="$latin1_dir/$(printf 'caf\xe9-music.wav')"
cp "$audio/play-some-music.wav" "$latin1"
out="$("$binary" "$latin1" 2>&1)"
status=$?
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qiF 'caf\xE9-music.wav: play some music'; then
  pass "a Latin-1 file name is transcribed"
else
  fail "a Latin-1 file name: status $status, '$out'"
fi
rm -rf "$latin1_dir"

# expect_failure DESCRIPTION TEXT COMMAND...: the command exits 1 and says TEXT.
expect_failure() {
  local description="$1" text="$2" out status
  shift 2
  out="$("$@" 2>&1)"
  status=$?
  if [ "$status" -eq 1 ] && printf '%s' "$out" | grep -qF -- "$text"; then
    pass "$description is a readable error with status 1"
  else
    fail "$description: status $status, '$out'"
  fi
}
expect_failure "a missing file" "There is no file at /nonexistent/x.wav." "$binary" /nonexistent/x.wav
out="$("$binary" /nonexistent/x.wav 2>&1)"
if [ "$(printf '%s' "$out" | grep -o "/nonexistent/x.wav" | wc -l)" -eq 1 ]; then
  pass "a missing file's path is said once"
else
  fail "a missing file's path is not said once: '$out'"
fi
expect_failure "a missing engine" "the Whisper engine is missing" \
  env MVIKIT_STT_ENGINE_DIR=/nonexistent "$binary" "$audio/play-some-music.wav"
expect_failure "an unreachable service" "could not be reached" \
  env -u OPENAI_API_KEY "$binary" --stt-url http://127.0.0.1:9/v1 "$audio/play-some-music.wav"
# This build is the default one, without the PocketSphinx trait: asking for it is a usage error
# (status 64, as for any bad flag) that says how to build it in.
out="$("$binary" --stt-engine pocketsphinx "$audio/play-some-music.wav" 2>&1)"
status=$?
if [ "$status" -eq 64 ] && printf '%s' "$out" | grep -qF "build with --traits PocketSphinx"; then
  pass "PocketSphinx in a build without it is a usage error that says how to build it in"
else
  fail "PocketSphinx in a build without it: status $status, '$out'"
fi

# An unknown flag is named, not mistaken for a missing file.
out="$("$binary" --bogus 2>&1)"
status=$?
if [ "$status" -eq 64 ] && printf '%s' "$out" | grep -qF "Unknown option '--bogus'"; then
  pass "an unknown flag is a usage error that names it"
else
  fail "an unknown flag: status $status, '$out'"
fi

finish_checks

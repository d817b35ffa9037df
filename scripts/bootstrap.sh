#!/usr/bin/env bash
# Installs the Debian packages the demo and the end-to-end tests need, only when missing.
set -euo pipefail

packages=()
need() { dpkg -s "$1" >/dev/null 2>&1 || packages+=("$1"); }
need tmux
need libsqlite3-dev
# Transcribe sample: PocketSphinx with its US English model, espeak-ng and sox for test speech.
need pocketsphinx
need pocketsphinx-en-us
need libpocketsphinx-dev
need libsphinxbase-dev
need espeak-ng
need sox
# Poster sample: libpng encodes (server) and decodes (client) the posters.
need libpng-dev

if [ ${#packages[@]} -gt 0 ]; then
  echo "bootstrap: installing ${packages[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
fi

# Spoken sample commands for the Transcribe app, one 16 kHz mono WAV per line of phrases.txt,
# generated only when missing (the WAVs are not committed).
audio_dir="$(cd "$(dirname "$0")/.." && pwd)/Examples/Samples/audio"
if [ -f "$audio_dir/phrases.txt" ]; then
  while IFS= read -r phrase; do
    case "$phrase" in '' | '#'*) continue ;; esac
    wav="$audio_dir/$(printf '%s' "$phrase" | tr -cs 'A-Za-z0-9' '-' | sed 's/-*$//').wav"
    if [ ! -f "$wav" ]; then
      tmp="$(mktemp --suffix=.wav)"
      espeak-ng -w "$tmp" "$phrase"
      sox "$tmp" -r 16000 -c 1 -b 16 "$wav"
      rm -f "$tmp"
      echo "bootstrap: generated $wav"
    fi
  done <"$audio_dir/phrases.txt"
fi

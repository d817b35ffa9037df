#!/usr/bin/env bash
# `make bench-stt`: word error rate and speed of the Transcribe sample's speech-to-text engines
# (Whisper tiny.en through Examples/TranscriptionEngine, and PocketSphinx when asked for) on
# espeak-ng speech, clean and with noise. Builds the `transcribe` command-line front in release
# mode and runs scripts/stt_bench.py with the engine's venv python; extra arguments go to
# stt_bench.py (e.g. --engines whisper,pocketsphinx, --dry-run). PocketSphinx is an optional
# trait of the Examples package: asking for it installs it and builds with the trait on.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift="${SWIFT:-swift}"

traits=()
bootstrap_flags=()
if printf '%s\n' "$@" | grep -q pocketsphinx; then
  traits=(--traits PocketSphinx)
  bootstrap_flags=(--pocketsphinx)
fi

bash scripts/bootstrap.sh ${bootstrap_flags[@]+"${bootstrap_flags[@]}"}

python="$root/Examples/TranscriptionEngine/.venv/bin/python"
if [ ! -x "$python" ]; then
  echo "bench-stt: $python is missing; scripts/bootstrap.sh should have made it" >&2
  exit 1
fi

echo "bench-stt: building the transcribe front (release)" >&2
"$swift" build -c release --package-path Examples --product transcribe ${traits[@]+"${traits[@]}"} >&2
bin="$("$swift" build -c release --package-path Examples --show-bin-path ${traits[@]+"${traits[@]}"})"

exec "$python" scripts/stt_bench.py --bin "$bin" "$@"

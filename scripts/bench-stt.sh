#!/usr/bin/env bash
# `make bench-stt`: word error rate and speed of the Transcribe sample's speech-to-text engines
# (Whisper tiny.en through Examples/TranscriptionEngine, and PocketSphinx) on espeak-ng speech,
# clean and with noise. Builds the `transcribe` command-line front in release mode and runs
# scripts/stt_bench.py with the engine's venv python; extra arguments go to stt_bench.py
# (e.g. --engines whisper, --dry-run).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift="${SWIFT:-swift}"

bash scripts/bootstrap.sh

python="$root/Examples/TranscriptionEngine/.venv/bin/python"
if [ ! -x "$python" ]; then
  echo "bench-stt: $python is missing; scripts/bootstrap.sh should have made it" >&2
  exit 1
fi

echo "bench-stt: building the transcribe front (release)" >&2
"$swift" build -c release --package-path Examples --product transcribe >&2
bin="$("$swift" build -c release --package-path Examples --show-bin-path)"

exec "$python" scripts/stt_bench.py --bin "$bin" "$@"

#!/usr/bin/env python3
"""Word error rate and speed of the Transcribe sample's speech-to-text engines (`make bench-stt`).

Speaks every sentence of Examples/Samples/stt-bench/sentences.txt with espeak-ng, rotating
voices and speeds, and builds two sets of 16 kHz mono utterances:
  clean  the utterances as spoken; a quarter of them encoded as MP3 and a quarter as FLAC
         (with Examples/TranscriptionEngine/encode_audio.py), the rest left as WAV;
  noisy  the same utterances (all WAV) with white or pink noise mixed in at SNR_DB.
Then it runs the Swift command-line front over each set in one process per engine,
`<bin>/transcribe --stt-engine ENGINE --tsv FILE...`, which prints one line per file:
`path<TAB>audio_seconds<TAB>elapsed_seconds<TAB>text` (a failed file is missing from stdout).
It prints one table (engine x set: files, WER %, RTF) and the three worst sentences of whisper
on the clean set, and exits 0.

Run it with the engine's venv python (it has PyAV for encode_audio.py):
    Examples/TranscriptionEngine/.venv/bin/python scripts/stt_bench.py --bin <swift bin dir>
Other modes:
    --dry-run      only generate the sets and list them
    --direct       measure whisper through engine.py over HTTP, without the Swift front
"""

from __future__ import annotations

import argparse
import array
import http.client
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SENTENCES = os.path.join(ROOT, "Examples", "Samples", "stt-bench", "sentences.txt")
ENGINE_DIR = os.path.join(ROOT, "Examples", "TranscriptionEngine")
WORK_DIR = os.path.join(ROOT, ".build", "stt-bench")

# Utterance i is spoken with VOICES[i % 5] at SPEEDS[i % 3] words a minute: 15 combinations.
VOICES = ["en-us", "en", "en-us+f3", "en+m3", "en-us+f2"]
SPEEDS = [140, 160, 180]
SNR_DB = 10.0
ENGINES = ["whisper", "pocketsphinx"]
# PocketSphinx is an optional trait of the Examples package, so it is benchmarked only when asked.
DEFAULT_ENGINES = ["whisper"]
SETS = ["clean", "noisy"]
RUN_TIMEOUT = 3600  # seconds for one front-end process over one set


class BenchError(Exception):
    pass


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, check=True, capture_output=True, **kwargs)
    except FileNotFoundError:
        raise BenchError(f"{cmd[0]} is not installed (run scripts/bootstrap.sh)") from None
    except subprocess.CalledProcessError as exc:
        detail = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
        raise BenchError(f"{' '.join(cmd[:3])} ... failed: {detail[-1] if detail else exc}") from None


# ---------------------------------------------------------------------------------------------
# Word error rate


def normalise(text: str) -> list[str]:
    """Lower case; punctuation becomes a space, except an apostrophe inside a word ("don't")."""
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"[^\w'\s]+", " ", text)
    words = []
    for token in text.split():
        token = token.strip("'")
        if token:
            words.append(token)
    return words


def word_edits(reference: list[str], hypothesis: list[str]) -> int:
    """Word-level Levenshtein distance: substitutions + deletions + insertions."""
    previous = list(range(len(hypothesis) + 1))
    for i, ref_word in enumerate(reference, 1):
        current = [i] + [0] * len(hypothesis)
        for j, hyp_word in enumerate(hypothesis, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ref_word != hyp_word))
        previous = current
    return previous[-1]


# ---------------------------------------------------------------------------------------------
# The sets


def read_sentences(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        sentences = [line.strip() for line in handle if line.strip() and not line.lstrip().startswith("#")]
    if not sentences:
        raise BenchError(f"{path} has no sentences")
    return sentences


def wav_rms(path: str) -> tuple[float, float]:
    """RMS (full scale = 1) and duration of a 16-bit mono WAV."""
    with wave.open(path, "rb") as reader:
        if reader.getsampwidth() != 2:
            raise BenchError(f"{path} is not 16-bit")
        frames = reader.readframes(reader.getnframes())
        rate = reader.getframerate()
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return 0.0, 0.0
    total = math.fsum(s * s for s in samples)
    return math.sqrt(total / len(samples)) / 32768.0, len(samples) / rate


class Utterance:
    def __init__(self, index: int, sentence: str, voice: str, speed: int):
        self.index = index
        self.sentence = sentence
        self.voice = voice
        self.speed = speed
        self.wav = ""        # clean, 16 kHz mono WAV
        self.clean = ""      # the clean set's file: the WAV, or its MP3 or FLAC encoding
        self.noisy = ""      # noisy WAV
        self.noise = ""      # "white" or "pink"


def generate(sentences: list[str], work: str) -> list[Utterance]:
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            raise BenchError(f"{tool} is not installed (run scripts/bootstrap.sh)")
    shutil.rmtree(work, ignore_errors=True)
    for sub in ("clean", "noisy", "tmp"):
        os.makedirs(os.path.join(work, sub))
    encoder = os.path.join(ENGINE_DIR, "encode_audio.py")
    utterances = []
    for i, sentence in enumerate(sentences):
        u = Utterance(i, sentence, VOICES[i % len(VOICES)], SPEEDS[i % len(SPEEDS)])
        name = f"{i:02d}"
        raw = os.path.join(work, "tmp", f"{name}-espeak.wav")
        u.wav = os.path.join(work, "clean", f"{name}.wav")
        run(["espeak-ng", "-v", u.voice, "-s", str(u.speed), "-w", raw, sentence])
        run(["sox", raw, "-r", "16000", "-c", "1", "-b", "16", u.wav])
        # Mixed formats in the clean set: every fourth utterance from the second on as MP3,
        # every fourth from the fourth on as FLAC. The WAV stays beside it as its twin.
        u.clean = u.wav
        if i % 4 in (1, 3):
            encoded = os.path.join(work, "clean", f"{name}.{'mp3' if i % 4 == 1 else 'flac'}")
            run([sys.executable, encoder, u.wav, encoded])
            u.clean = encoded
        # Noisy twin at SNR_DB: the speech's RMS over the whole utterance is measured, sox makes
        # white (even i) or pink (odd i) noise of the same length (-R: the same noise every run),
        # its RMS is measured, and sox mixes speech and noise with volumes 0.5 and 0.5 * gain,
        # where gain puts the noise's RMS SNR_DB below the speech's; `norm -1` then brings the
        # peak to -1 dBFS (halving first keeps the mix from clipping; scaling keeps the SNR).
        u.noise = "white" if i % 2 == 0 else "pink"
        speech_rms, seconds = wav_rms(u.wav)
        noise_path = os.path.join(work, "tmp", f"{name}-noise.wav")
        run(["sox", "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise_path,
             "synth", f"{seconds:.4f}", f"{u.noise}noise"])
        noise_rms, _ = wav_rms(noise_path)
        gain = speech_rms / (noise_rms * 10 ** (SNR_DB / 20)) if noise_rms > 0 else 0.0
        u.noisy = os.path.join(work, "noisy", f"{name}.wav")
        run(["sox", "-R", "-m", "-v", "0.5", u.wav, "-v", f"{0.5 * gain:.6f}", noise_path,
             "-b", "16", u.noisy, "norm", "-1"])
        utterances.append(u)
    shutil.rmtree(os.path.join(work, "tmp"), ignore_errors=True)
    return utterances


def set_files(utterances: list[Utterance], engine: str, set_name: str) -> list[tuple[str, Utterance]]:
    if set_name == "noisy":
        return [(u.noisy, u) for u in utterances]
    # PocketSphinx reads WAV only: it gets the WAV twin of each MP3 or FLAC file.
    return [(u.wav if engine == "pocketsphinx" else u.clean, u) for u in utterances]


# ---------------------------------------------------------------------------------------------
# Running the engines


class Result:
    def __init__(self, utterance: Utterance, path: str):
        self.utterance = utterance
        self.path = path
        self.text: str | None = None  # None: the file failed
        self.audio_seconds = 0.0
        self.elapsed_seconds = 0.0


def parse_tsv(output: str, files: list[tuple[str, Utterance]]) -> dict[str, tuple[float, float, str]]:
    """Maps each file of the set to (audio_seconds, elapsed_seconds, text) from the front's TSV,
    matching paths as printed, as resolved, or by file name."""
    by_real = {os.path.realpath(path): path for path, _ in files}
    by_name = {os.path.basename(path): path for path, _ in files}
    rows = {}
    for line in output.splitlines():
        if not line.strip():
            continue
        fields = line.split("\t", 3)
        if len(fields) < 3:
            continue
        printed = fields[0]
        path = by_real.get(os.path.realpath(printed)) or by_name.get(os.path.basename(printed))
        if path is None:
            continue
        try:
            audio, elapsed = float(fields[1]), float(fields[2])
        except ValueError:
            continue
        rows[path] = (audio, elapsed, fields[3] if len(fields) > 3 else "")
    return rows


def run_front(bin_dir: str, engine: str, files: list[tuple[str, Utterance]]) -> tuple[list[Result], str]:
    front = os.path.join(bin_dir, "transcribe")
    if not os.access(front, os.X_OK):
        raise BenchError(f"{front} is missing: build it with "
                         "`swift build -c release --package-path Examples --product transcribe`")
    cmd = [front, "--stt-engine", engine, "--tsv", *[path for path, _ in files]]
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=RUN_TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired:
        raise BenchError(f"transcribe --stt-engine {engine} took more than {RUN_TIMEOUT} s") from None
    rows = parse_tsv(done.stdout.decode("utf-8", errors="replace"), files)
    results = []
    for path, utterance in files:
        result = Result(utterance, path)
        if path in rows:
            result.audio_seconds, result.elapsed_seconds, result.text = rows[path]
        results.append(result)
    stderr = done.stderr.decode("utf-8", errors="replace").strip()
    if done.returncode != 0 and not rows:
        raise BenchError(f"transcribe --stt-engine {engine} exited {done.returncode}: "
                         f"{stderr.splitlines()[-1] if stderr else 'no output'}")
    return results, stderr


def _multipart(path: str, fields: dict[str, str]) -> tuple[bytes, str]:
    boundary = "----stt-bench-" + uuid.uuid4().hex
    body = bytearray()
    for name, value in fields.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    with open(path, "rb") as handle:
        data = handle.read()
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
             f'filename="{os.path.basename(path)}"\r\nContent-Type: application/octet-stream\r\n\r\n').encode()
    body += data + f"\r\n--{boundary}--\r\n".encode()
    return bytes(body), f"multipart/form-data; boundary={boundary}"


def run_direct(files: list[tuple[str, Utterance]], threads: int | None) -> tuple[list[Result], str]:
    """Whisper through engine.py over HTTP, one request per file, one engine for the set."""
    cmd = [sys.executable, os.path.join(ENGINE_DIR, "engine.py")]
    if threads:
        cmd += ["--threads", str(threads)]
    engine = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = engine.stdout.readline().decode().strip()
        if not line.startswith("MVIKIT-STT-ENGINE LISTENING "):
            engine.stdin.close()
            raise BenchError(f"engine.py did not start: {engine.stderr.read().decode(errors='replace').strip()}")
        host, _, port = line.rsplit(" ", 1)[1].rpartition(":")
        connection = http.client.HTTPConnection(host.strip("[]"), int(port), timeout=600)
        results = []
        for path, utterance in files:
            result = Result(utterance, path)
            body, content_type = _multipart(path, {"model": "whisper-1", "response_format": "verbose_json"})
            started = time.monotonic()
            connection.request("POST", "/v1/audio/transcriptions", body=body, headers={"Content-Type": content_type})
            response = connection.getresponse()
            payload = response.read()
            result.elapsed_seconds = time.monotonic() - started
            if response.status == 200:
                answer = json.loads(payload)
                result.text, result.audio_seconds = answer["text"], float(answer["duration"])
            else:
                sys.stderr.write(f"stt-bench: {path}: HTTP {response.status} {payload[:200]!r}\n")
            results.append(result)
        connection.close()
        return results, ""
    finally:
        if engine.stdin:
            engine.stdin.close()  # end of file on stdin: the engine exits
        try:
            engine.wait(10)
        except subprocess.TimeoutExpired:
            engine.kill()


# ---------------------------------------------------------------------------------------------
# Report


class Score:
    def __init__(self, engine: str, set_name: str, results: list[Result]):
        self.engine = engine
        self.set_name = set_name
        self.results = results
        self.edits = 0
        self.words = 0
        self.per_file = []
        for result in results:
            reference = normalise(result.utterance.sentence)
            hypothesis = normalise(result.text) if result.text is not None else []
            edits = word_edits(reference, hypothesis)  # a failed file: every word deleted
            self.edits += edits
            self.words += len(reference)
            self.per_file.append((edits / max(1, len(reference)), edits, result))
        self.failed = sum(1 for r in results if r.text is None)
        audio = sum(r.audio_seconds for r in results if r.text is not None)
        elapsed = sum(r.elapsed_seconds for r in results if r.text is not None)
        self.rtf = elapsed / audio if audio > 0 else float("nan")
        self.wer = 100.0 * self.edits / max(1, self.words)
        ok = len(results) - self.failed
        self.seconds_per_file = elapsed / ok if ok else float("nan")


def print_report(scores: list[Score], footnotes: list[str]) -> None:
    print()
    header = f"{'engine':<14} {'set':<6} {'files':>5} {'failed':>6} {'WER %':>6} {'RTF':>6} {'s/file':>7}"
    print(header)
    print("-" * len(header))
    for s in scores:
        print(f"{s.engine:<14} {s.set_name:<6} {len(s.results):>5} {s.failed:>6} {s.wer:>6.1f} "
              f"{s.rtf:>6.3f} {s.seconds_per_file:>7.2f}")
    print()
    for note in footnotes:
        print(note)
    worst = next((s for s in scores if s.engine.startswith("whisper") and s.set_name == "clean"), None)
    if worst:
        print()
        print(f"Worst sentences, {worst.engine} on the clean set:")
        ranked = sorted(worst.per_file, key=lambda item: (-item[0], -item[1], item[2].utterance.index))
        for rate, edits, result in ranked[:3]:
            u = result.utterance
            heard = "(failed)" if result.text is None else result.text.strip()
            print(f"  {100 * rate:5.1f}% ({edits} edits)  {os.path.basename(result.path)} [{u.voice}, {u.speed} wpm]")
            print(f"      said:  {u.sentence}")
            print(f"      heard: {heard}")


def save_results(work: str, score: Score) -> None:
    path = os.path.join(work, f"results-{score.engine}-{score.set_name}.tsv")
    with open(path, "w", encoding="utf-8") as out:
        out.write("file\tedits\treference\thypothesis\taudio_seconds\telapsed_seconds\n")
        for _rate, edits, r in score.per_file:
            text = "(failed)" if r.text is None else r.text.replace("\t", " ").replace("\n", " ")
            out.write(f"{os.path.basename(r.path)}\t{edits}\t{r.utterance.sentence}\t{text}\t"
                      f"{r.audio_seconds:.3f}\t{r.elapsed_seconds:.3f}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="folder with the built `transcribe` front (swift build --show-bin-path)")
    parser.add_argument("--sentences", default=SENTENCES, help="reference sentences, one a line")
    parser.add_argument("--work", default=WORK_DIR, help="folder for the generated audio (recreated)")
    parser.add_argument("--engines", default=",".join(DEFAULT_ENGINES), help="comma-separated: whisper,pocketsphinx (needs the PocketSphinx trait; bench-stt.sh builds with it when asked)")
    parser.add_argument("--dry-run", action="store_true", help="only generate the sets and list them")
    parser.add_argument("--direct", action="store_true",
                        help="measure whisper through engine.py over HTTP instead of the Swift front")
    parser.add_argument("--threads", type=int, help="--threads for engine.py in --direct mode")
    args = parser.parse_args(argv)
    try:
        sentences = read_sentences(args.sentences)
        started = time.monotonic()
        utterances = generate(sentences, args.work)
        print(f"stt-bench: {len(utterances)} utterances per set in {args.work} "
              f"({time.monotonic() - started:.1f} s to generate)", file=sys.stderr)
        if args.dry_run:
            for u in utterances:
                print(f"{os.path.relpath(u.clean, args.work)}\t{os.path.relpath(u.noisy, args.work)}\t"
                      f"{u.voice}\t{u.speed}\t{u.noise}\t{u.sentence}")
            return 0
        scores, footnotes = [], []
        if args.direct:
            plan = [("whisper-http", s) for s in SETS]
        else:
            if not args.bin:
                parser.error("--bin is required (or --direct, or --dry-run)")
            engines = [e.strip() for e in args.engines.split(",") if e.strip()]
            plan = [(e, s) for e in engines for s in SETS]
        for engine, set_name in plan:
            files = set_files(utterances, engine, set_name)
            print(f"stt-bench: {engine} on the {set_name} set ({len(files)} files)...", file=sys.stderr)
            if engine == "whisper-http":
                results, stderr = run_direct(files, args.threads)
            else:
                results, stderr = run_front(args.bin, engine, files)
            score = Score(engine, set_name, results)
            save_results(args.work, score)
            scores.append(score)
            if score.failed and stderr:
                footnotes.append(f"{engine}/{set_name}: {score.failed} file(s) failed, counted as all words "
                                 f"deleted; last error: {stderr.splitlines()[-1]}")
        mp3 = sum(1 for u in utterances if u.clean.endswith(".mp3"))
        flac = sum(1 for u in utterances if u.clean.endswith(".flac"))
        footnotes[:0] = [
            f"WER: word-level edits over reference words, after lower-casing and removing punctuation. "
            f"RTF: time spent / audio length (below 1 is faster than real time).",
            f"clean: espeak-ng voices {', '.join(VOICES)} at {'/'.join(map(str, SPEEDS))} wpm, 16 kHz mono; "
            f"{mp3} as MP3, {flac} as FLAC, the rest WAV.",
            f"noisy: the same utterances as WAV with white or pink noise at {SNR_DB:g} dB SNR.",
        ]
        if any(engine == "pocketsphinx" for engine, _ in plan):
            footnotes.append("pocketsphinx reads WAV only: on the clean set it was fed the WAV twin of each "
                             "MP3 and FLAC file.")
        print_report(scores, footnotes)
        return 0
    except BenchError as error:
        print(f"stt-bench: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

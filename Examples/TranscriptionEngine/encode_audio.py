#!/usr/bin/env python3
"""Converts a WAV file into another audio format with PyAV, chosen by the output's extension.

    python encode_audio.py IN.wav OUT.{mp3,flac,ogg,opus,m4a}

.mp3 is MP3 (libmp3lame), .flac FLAC, .ogg and .opus Opus in Ogg at 48 kHz, .m4a AAC in MP4.
Used by the tests and by `make bench-stt` to feed the engine more than WAV. Exits 2 with a
message for an unknown extension or an input it cannot read.
"""

from __future__ import annotations

import os
import sys

# extension -> (container format, codec, sample rate or None to keep the input's, bit rate or None)
FORMATS = {
    ".mp3": ("mp3", "libmp3lame", None, 64_000),
    ".flac": ("flac", "flac", None, None),
    ".ogg": ("ogg", "libopus", 48_000, 48_000),
    ".opus": ("ogg", "libopus", 48_000, 48_000),
    ".m4a": ("mp4", "aac", None, 96_000),
}


def fail(message: str) -> None:
    sys.stderr.write(f"encode_audio: {message}\n")
    sys.exit(2)


def encode(source: str, target: str) -> None:
    import av

    extension = os.path.splitext(target)[1].lower()
    container_format, codec, rate, bit_rate = FORMATS[extension]
    with av.open(source, mode="r") as reader:
        if not reader.streams.audio:
            fail(f"{source} has no audio stream")
        in_stream = reader.streams.audio[0]
        rate = rate or in_stream.codec_context.sample_rate or 16_000
        layout = "mono" if in_stream.codec_context.channels == 1 else "stereo"
        with av.open(target, mode="w", format=container_format) as writer:
            out_stream = writer.add_stream(codec, rate=rate)
            out_stream.layout = layout
            if bit_rate:
                out_stream.bit_rate = bit_rate
            # The encoder picks its sample format; resample every frame to it, rate and layout included.
            resampler = av.AudioResampler(format=out_stream.format.name, layout=layout, rate=rate,
                                          frame_size=out_stream.codec_context.frame_size or None)
            for frame in reader.decode(in_stream):
                frame.pts = None
                for converted in resampler.resample(frame):
                    for packet in out_stream.encode(converted):
                        writer.mux(packet)
            for converted in resampler.resample(None):  # what the resampler still holds
                for packet in out_stream.encode(converted):
                    writer.mux(packet)
            for packet in out_stream.encode(None):  # flush the encoder
                writer.mux(packet)


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        fail("usage: encode_audio.py IN.wav OUT.{mp3,flac,ogg,opus,m4a}")
    source, target = argv
    extension = os.path.splitext(target)[1].lower()
    if extension not in FORMATS:
        fail(f"unknown output extension '{extension or target}'; use one of {', '.join(FORMATS)}")
    if not os.path.isfile(source):
        fail(f"{source} does not exist")
    try:
        import av  # noqa: F401
    except ImportError:
        fail("PyAV (av) is not installed; run scripts/bootstrap.sh and use Examples/TranscriptionEngine/.venv/bin/python")
    try:
        encode(source, target)
    except Exception as exc:  # noqa: BLE001 - one readable line, no traceback
        try:
            os.unlink(target)
        except OSError:
            pass
        fail(f"cannot convert {source} to {target}: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main(sys.argv[1:])

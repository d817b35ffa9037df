"""The InspectorProbe test app (Sources/InspectorProbe), as the inspector's tests in this folder
drive it: a store with an inspector attached, which prints its address and then answers one line
per command on stdin. Its path comes in INSPECTOR_PROBE (see scripts/e2e-inspector.sh and
scripts/e2e-agent.sh).
"""

import os
import queue
import secrets
import subprocess
import threading
from urllib.parse import urlsplit

PROBE = os.environ.get("INSPECTOR_PROBE", "")


class Probe:
    """The InspectorProbe process: `command` writes one line and returns its one-line answer."""

    def __init__(self, *arguments):
        self.token = "tok" + secrets.token_hex(12)
        self.process = subprocess.Popen(
            [PROBE, "--port", "0", "--token", self.token, *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        first = self._next(60)
        if not first.startswith("url "):
            raise AssertionError(f"the probe's first line is not its address: {first!r}")
        self.url = first[4:]
        self.port = urlsplit(self.url).port
        self.origin = f"http://127.0.0.1:{self.port}"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _next(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the probe did not answer within {timeout} s") from None
        if line is None:
            raise AssertionError(f"the probe exited ({self.process.wait()})")
        return line

    def command(self, text, timeout=60):
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return self._next(timeout)

    def send(self, *commands):
        for text in commands:
            answer = self.command(text)
            if answer != "ok":
                raise AssertionError(f"{text!r} answered {answer!r}")

    def state(self):
        """`state count=N items=a,b live=true` as {'count': 'N', 'items': 'a,b', 'live': 'true'}."""
        answer = self.command("state")
        if not answer.startswith("state "):
            raise AssertionError(f"state answered {answer!r}")
        return dict(part.split("=", 1) for part in answer.split()[1:])

    def quit(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.close()
            except (BrokenPipeError, ValueError):
                pass
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(timeout=5)
        self.process.stdout.close()
        return self.process.returncode

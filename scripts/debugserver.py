"""The debug build of animation-timing on a free loopback port, for the check scripts that
.ci/run runs after `swift test` (check-metrics.py, check-compression.py). Python stdlib only."""
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_server(fail):
    """Starts the debug binary (building it if missing); returns (process, base URL). `fail`
    reports a server that exits or does not answer /healthz within 10 s, and does not return."""
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
        text=True).stdout.strip()
    binary = os.path.join(bin_path, "animation-timing")
    if not os.path.exists(binary):
        subprocess.run(["swift", "build", "--product", "animation-timing"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    # It listens in well under a second (docs/operations.md); 10 s of 0.1 s steps is generous.
    for _ in range(100):
        if process.poll() is not None:
            fail(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return process, base
        except OSError:
            pass
        time.sleep(0.1)
    process.kill()
    fail("the server did not answer /healthz within 10 s")
    sys.exit(1)


@contextlib.contextmanager
def serving(argv, fail):
    """The base URL to check: `argv[1]` when given (a server already running), else a debug
    server started here and stopped (SIGTERM, then SIGKILL after 15 s) when the block ends."""
    if len(argv) > 1:
        yield argv[1].rstrip("/")
        return
    process, base = start_server(fail)
    try:
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()

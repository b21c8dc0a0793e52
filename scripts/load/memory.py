"""Memory and start-up of a fresh animation-timing server (scripts/load.sh; Python 3 stdlib only).

Prints one JSON object:
  startup_ms     exec → first 200 on /healthz, median of 5 fresh processes (polling every 1 ms)
  idle_mb        VmRSS 1 s after start, nothing asked yet
  keepalive_mb   VmRSS while 256 connections are open, each having had one small GET answered
  scene_peak_mb  the highest VmRSS seen (every 10 ms) while the standard scene was answered
  after_5s_mb    VmRSS 5 s after the scene's last byte was read
"""
import argparse
import json
import socket
import statistics
import subprocess
import threading
import time

GET = b"GET /v1/timing-functions/easeIn?x=0.5 HTTP/1.1\r\nHost: load\r\n\r\n"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def read_response(sock):
    """Reads one response (Content-Length or chunked) and returns its status."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the head")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    fields = {k.strip().lower(): v.strip() for k, v in (l.split(b":", 1) for l in lines[1:])}
    if b"content-length" in fields:
        need = int(fields[b"content-length"]) - len(rest)
        while need > 0:
            chunk = sock.recv(min(need, 1 << 20))
            if not chunk:
                raise ConnectionError("closed mid-body")
            need -= len(chunk)
    elif fields.get(b"transfer-encoding") == b"chunked":
        # Only the end matters here: read until the last chunk's "0\r\n\r\n".
        tail = rest[-7:]
        while not tail.endswith(b"\r\n0\r\n\r\n") and not (rest == tail and tail.startswith(b"0\r\n\r\n")):
            chunk = sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed mid-body")
            tail = (tail + chunk)[-7:]
    return status


def start(binary, port):
    return subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def startup_ms(binary):
    port = free_port()
    began = time.monotonic()
    proc = start(binary, port)
    try:
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: load\r\nConnection: close\r\n\r\n")
                    if read_response(s) == 200:
                        return (time.monotonic() - began) * 1000
            except (ConnectionError, OSError):
                pass
            if time.monotonic() - began > 10:
                raise RuntimeError("no 200 on /healthz within 10 s")
            time.sleep(0.001)
    finally:
        proc.kill()
        proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--scene", required=True, help="the standard scene's request JSON")
    args = parser.parse_args()
    result = {"startup_ms": statistics.median(startup_ms(args.bin) for _ in range(5))}

    port = free_port()
    proc = start(args.bin, port)
    try:
        for _ in range(1000):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.01)
        time.sleep(1)
        result["idle_mb"] = rss_mb(proc.pid)

        held = []
        for _ in range(256):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(GET)
            if read_response(s) != 200:
                raise RuntimeError("small GET failed")
            held.append(s)
        time.sleep(0.2)
        result["keepalive_mb"] = rss_mb(proc.pid)
        for s in held:
            s.close()

        body = open(args.scene, "rb").read()
        peak = [0.0]
        done = threading.Event()

        def watch():
            while not done.is_set():
                peak[0] = max(peak[0], rss_mb(proc.pid))
                time.sleep(0.01)
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.sendall(b"POST /v1/timelines HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n" % len(body) + body)
            if read_response(s) != 200:
                raise RuntimeError("the standard scene failed")
        done.set()
        watcher.join()
        result["scene_peak_mb"] = peak[0]
        time.sleep(5)
        result["after_5s_mb"] = rss_mb(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    print(json.dumps(result))


if __name__ == "__main__":
    main()

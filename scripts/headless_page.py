"""One page in headless Chromium (Debian's), served from memory on a loopback port, and the JSON
it posts back: what scripts/lottie-web-reference.py and scripts/lottie-svg-check share.

serve(chromium, bodies, timeout, name): `bodies` maps a path ("/", "/data", "/lottie.js") to
(bytes, content type); the page's first POST is the result. Returns (result, unserved paths).
Chromium runs in its own process group with a fresh profile, and is killed (SIGTERM, then
SIGKILL after 10 s) whatever happens; past `timeout` seconds with nothing posted, the run stops
with the end of Chromium's log.
"""
import http.server
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading


def serve(chromium, bodies, timeout, name):
    result = {}
    done = threading.Event()
    unserved = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            if path not in bodies:
                if path != "/favicon.ico":
                    unserved.append(self.path)
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body, kind = bodies[path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                self.wfile.write(body)
            except BrokenPipeError:
                pass  # the page went on without it

        def do_POST(self):
            length = int(self.headers.get("Content-Length", 0))
            result.update(json.loads(self.rfile.read(length)))
            self.send_response(204)
            self.end_headers()
            done.set()

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    profile = tempfile.mkdtemp(prefix=name + "-")
    log = tempfile.TemporaryFile()
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=800,600",
         f"--user-data-dir={profile}", f"http://127.0.0.1:{httpd.server_address[1]}/"],
        stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
    try:
        if not done.wait(timeout):
            log.seek(0)
            tail = log.read().decode(errors="replace").strip().splitlines()[-10:]
            raise SystemExit(f"{name}: the page sent nothing within {timeout} s; "
                             "Chromium's log ends:\n  " + "\n  ".join(tail))
    finally:
        try:
            os.killpg(browser.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(browser.pid, signal.SIGKILL)
            browser.wait(10)
        httpd.shutdown()
        httpd.server_close()
        log.close()
        shutil.rmtree(profile, ignore_errors=True)
    return result, unserved

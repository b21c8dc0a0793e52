#!/usr/bin/env python3
"""Checks GET /metrics with Prometheus' own text parser (docs/operations.md "Metrics").

    scripts/check-metrics.py                 # starts the debug build on a free port
    scripts/check-metrics.py http://host:port  # checks a server already running

Installs prometheus_client from PyPI (quietly, if missing), makes requests of every kind that
matters to the labels — answered, a 404 on no route, a 405 on a known route, a streamed
timeline — scrapes /metrics, parses it with prometheus_client.parser.text_string_to_metric_families
and checks: the families and their types, each latency histogram's buckets (increasing `le`,
non-decreasing counts, `+Inf` equal to `_count`), the 405 under its route's template, the
request counts it made, and the request id echoed. Exits 1 with a message on the first failure.
"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from debugserver import serving  # noqa: E402


def install_parser():
    try:
        import prometheus_client  # noqa: F401
    except ImportError:
        installed = subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
             "prometheus_client"],
            capture_output=True, text=True)
        if installed.returncode != 0:
            print(installed.stdout + installed.stderr, file=sys.stderr)
            fail("could not install prometheus_client from PyPI")


def fail(message):
    print(f"check-metrics: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def request(base, method, path, body=None, headers=None):
    """(status, headers, body) of one request; HTTP errors are answers too."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def exercise(base):
    """The requests whose counts are checked: route -> status -> how many."""
    made = {}

    def count(route, status):
        made.setdefault(route, {}).setdefault(status, 0)
        made[route][status] += 1

    for name in ["easeIn", "linear", "easeInEaseOut"]:
        status, _, _ = request(base, "GET", f"/v1/timing-functions/{name}?x=0.5")
        count("/v1/timing-functions/{function}", status)
    status, headers, _ = request(base, "GET", "/v1/timing-functions/easeIn.svg",
                                 headers={"X-Request-ID": "check-metrics-1"})
    count("/v1/timing-functions/{function}", status)
    if headers.get("X-Request-ID") != "check-metrics-1":
        fail(f"X-Request-ID not echoed: {headers.get('X-Request-ID')!r}")
    status, _, _ = request(base, "POST", "/v1/timing-functions/evaluate",
                           {"function": "easeOut", "x": [0.1, 0.2]})
    count("/v1/timing-functions/evaluate", status)
    # A streamed timeline (more than 65 536 numbers): its bytes are counted as they are made.
    status, _, _ = request(base, "POST", "/v1/timelines", {
        "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity",
                                                 "fromValue": 0, "toValue": 1, "duration": 1}]}],
        "sample": {"from": 0, "to": 70, "fps": 1000}, "keyPaths": ["opacity"]})
    count("/v1/timelines", status)
    status, _, body = request(base, "DELETE", "/v1/timelines")
    count("/v1/timelines", status)
    if status != 405:
        fail(f"DELETE /v1/timelines answered {status}, not 405")
    problem = json.loads(body)
    if not problem.get("instance"):
        fail(f"the 405 problem has no instance: {problem}")
    status, _, _ = request(base, "GET", "/nowhere")
    count("unmatched", status)
    if status != 404:
        fail(f"GET /nowhere answered {status}, not 404")
    for route, statuses in made.items():
        if route != "unmatched" and route != "/v1/timelines" and list(statuses) != [200]:
            fail(f"{route} answered {statuses}, expected only 200s")
    return made


def check(base, made):
    from prometheus_client.parser import text_string_to_metric_families

    status, headers, body = request(base, "GET", "/metrics")
    if status != 200:
        fail(f"/metrics answered {status}")
    if not headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"):
        fail(f"/metrics Content-Type is {headers.get('Content-Type')!r}")
    families = {f.name: f for f in text_string_to_metric_families(body.decode())}

    # prometheus_client names a counter's family without `_total`.
    expected = {
        "animation_timing_requests": "counter",
        "animation_timing_request_duration_seconds": "histogram",
        "animation_timing_requests_in_flight": "gauge",
        "animation_timing_response_bytes": "counter",
        "animation_timing_work_units": "counter",
        "animation_timing_build_info": "gauge",
        "process_resident_memory_bytes": "gauge",
        "process_open_fds": "gauge",
        "process_start_time_seconds": "gauge",
        "process_cpu_seconds": "counter",
        "animation_timing_open_connections": "gauge",
        "animation_timing_responses": "counter",
    }
    for name, kind in expected.items():
        if name not in families:
            fail(f"no family {name}; families: {sorted(families)}")
        if families[name].type != kind:
            fail(f"{name} is a {families[name].type}, not a {kind}")

    requests = {}
    for sample in families["animation_timing_requests"].samples:
        requests[(sample.labels["route"], int(sample.labels["status"]))] = sample.value
    for route, statuses in made.items():
        for status, n in statuses.items():
            if requests.get((route, status), 0) < n:
                fail(f"requests_total{{route={route!r},status={status}}} is "
                     f"{requests.get((route, status))}, made {n}")
    if ("unmatched", 405) in requests:
        fail("a 405 was counted as unmatched")

    histogram = families["animation_timing_request_duration_seconds"]
    routes = {s.labels["route"] for s in histogram.samples}
    for route in routes:
        series = [s for s in histogram.samples if s.labels["route"] == route]
        buckets = [(float(s.labels["le"]), s.value) for s in series
                   if s.name.endswith("_bucket")]
        count = [s.value for s in series if s.name.endswith("_count")]
        total = [s.value for s in series if s.name.endswith("_sum")]
        if len(count) != 1 or len(total) != 1 or len(buckets) < 2:
            fail(f"histogram for {route}: {len(buckets)} buckets, _count {count}, _sum {total}")
        bounds = [b for b, _ in buckets]
        if bounds != sorted(bounds) or bounds[-1] != float("inf"):
            fail(f"histogram for {route}: le not increasing to +Inf: {bounds}")
        values = [v for _, v in buckets]
        if any(a > b for a, b in zip(values, values[1:])):
            fail(f"histogram for {route}: bucket counts decrease: {values}")
        if values[-1] != count[0]:
            fail(f"histogram for {route}: +Inf {values[-1]} != _count {count[0]}")
        if total[0] < 0 or (count[0] == 0 and total[0] != 0):
            fail(f"histogram for {route}: _sum {total[0]} with _count {count[0]}")
    for route, statuses in made.items():
        answered = sum(statuses.values())
        observed = next(s.value for s in histogram.samples
                        if s.name.endswith("_count") and s.labels["route"] == route)
        if observed < answered:
            fail(f"histogram _count for {route} is {observed}, made {answered}")

    work = {s.labels["route"]: s.value for s in families["animation_timing_work_units"].samples}
    if work.get("/v1/timelines", 0) <= 0 or work.get("/v1/timing-functions/evaluate", 0) <= 0:
        fail(f"no work units counted: {work}")
    sent = {s.labels["route"]: s.value for s in families["animation_timing_response_bytes"].samples}
    # The streamed timeline alone is 70 001 samples: well over 100 KB of JSON.
    if sent.get("/v1/timelines", 0) < 100_000:
        fail(f"streamed bytes not counted: {sent.get('/v1/timelines')}")
    rss = families["process_resident_memory_bytes"].samples[0].value
    start = families["process_start_time_seconds"].samples[0].value
    if not 1e6 < rss < 1e11:
        fail(f"process_resident_memory_bytes {rss}")
    if not time.time() - 86_400 < start <= time.time() + 1:
        fail(f"process_start_time_seconds {start} is not within the last day")
    print(f"check-metrics: ok ({len(families)} families, {len(routes)} routes in the histogram, "
          f"{len(body)} bytes)")


def main():
    install_parser()
    with serving(sys.argv, fail) as base:
        check(base, exercise(base))


if __name__ == "__main__":
    main()

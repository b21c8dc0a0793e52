#!/usr/bin/env python3
"""Two builds, the same answers: for a change meant to keep behaviour (a refactor), runs the
binary before and after on loopback and compares status, headers and body of a fixed set of
requests — the README's curl examples, the browser check's corpus in every representation, the
29 presets in each of theirs, timing-function forms, spring conversions, the refusals (unknown
formats, Accept that allows nothing served), the fuzzer's service seeds, the complete JSON
bodies written in the API tests, and bad input made from all of these: in every object, an
unknown member, each member misspelt, and each member's value of the wrong type (so every wire
shape's error messages and JSON Pointers are compared, not only its answers). Prints each difference and "N passed, M failed"; exits non-zero on
any difference.

  scripts/same-bytes.py --before /tmp/base/.build/debug/animation-timing \
                        [--after .build/debug/animation-timing]

Build the "before" binary from a worktree of the base commit (git worktree add /tmp/base BASE;
cd /tmp/base; swift build --product animation-timing). Python's standard library only.
"""
import argparse
import importlib.machinery
import importlib.util
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What differs between two runs of the same binary: the clock, and nothing else we send.
VOLATILE = {"date"}


def browser_check():
    """The browser check's corpus, loaded from its script (it has no .py suffix)."""
    path = os.path.join(ROOT, "scripts", "browser-check")
    loader = importlib.machinery.SourceFileLoader("browser_check", path)
    spec = importlib.util.spec_from_loader("browser_check", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def readme_requests():
    """(method, path, headers, body) for each curl command in the README against localhost."""
    text = open(os.path.join(ROOT, "README.md")).read()
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        block = re.sub(r"\\\n", " ", block)
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("curl ") and "localhost:8080" in line:
                commands.append(line.split(" | ")[0])
    requests = []
    for command in commands:
        try:
            words = shlex.split(command)
        except ValueError:
            continue
        method, url, headers, body = "GET", None, [], None
        k = 1
        while k < len(words):
            word = words[k]
            if word in ("-H", "--header"):
                name, _, value = words[k + 1].partition(":")
                headers.append((name.strip(), value.strip()))
                k += 2
            elif word in ("-d", "--data", "--data-binary"):
                body = words[k + 1].encode()
                method = "POST" if method == "GET" else method
                k += 2
            elif word == "-X":
                method = words[k + 1]
                k += 2
            elif word in ("-o", "-w"):
                k += 2
            elif word.startswith("-"):
                k += 1
            else:
                url = word
                k += 1
        if url and "localhost:8080" in url:
            path = url.split("localhost:8080", 1)[1] or "/"
            if path.startswith("/metrics"):
                continue  # counters and timings, which differ between any two runs
            requests.append((method, path, headers, body))
    return requests


def corpus_requests():
    module = browser_check()
    requests = []
    formats = ["json", "csv", "svg", "waapi", "css", "lottie"]
    for entry in module.CORPUS:
        body = json.dumps(entry["scene"]).encode()
        for name in formats:
            requests.append(("POST", "/v1/timelines?format=" + name,
                             [("Content-Type", "application/json")], body))
        for accept in ["text/csv", "application/vnd.waapi+json", "text/css", "image/svg+xml",
                       "video/lottie+json", "*/*", "text/html"]:
            requests.append(("POST", "/v1/timelines",
                             [("Content-Type", "application/json"), ("Accept", accept)], body))
    for curve in module.CURVES + module.SPRINGS:
        quoted = urllib.request.quote(curve, safe="")
        requests.append(("GET", f"/v1/timing-functions/{quoted}?samples=5", [], None))
        requests.append(("GET", f"/v1/timing-functions/{quoted}?format=css", [], None))
        requests.append(("GET", f"/v1/timing-functions/{quoted}.svg", [], None))
    return requests


def preset_requests(names):
    requests = []
    for name in names:
        for query in ["", "?format=json", "?format=svg", "?format=waapi", "?format=css&fps=30",
                      "?format=csv", "?format=lottie", "?format=gif"]:
            requests.append(("GET", f"/v1/presets/{name}{query}", [], None))
        for accept in ["image/svg+xml", "application/vnd.waapi+json", "text/css", "text/csv"]:
            requests.append(("GET", f"/v1/presets/{name}", [("Accept", accept)], None))
    return requests


SPRINGS = [
    {"coreAnimation": {"mass": 1, "stiffness": 230, "damping": 18, "initialVelocity": 0},
     "distance": 120},
    {"coreAnimationPerceptual": {"perceptualDuration": 0.4, "dampingRatio": 0.7}},
    {"swiftUIDurationBounce": {"duration": 0.5, "bounce": 0.3}},
    {"swiftUI": {"response": 0.6, "dampingFraction": 1.5}},
    {"uiKit": {"duration": 1, "dampingRatio": 0.5, "initialSpringVelocity": 2}},
    {"android": {"stiffness": 400, "dampingRatio": 0.6, "velocity": 200}, "distance": 100},
    {"motion": {"stiffness": 100, "damping": 10, "mass": 1}},
    {"motionVisualDuration": {"visualDuration": 0.3, "bounce": 0.25}},
    {"motionDuration": {"duration": 0.8, "bounce": 0.25}},
    {"reactSpring": {"tension": 170, "friction": 26}},
    {"reactSpringFrequency": {"frequency": 0.5, "damping": 1}},
    {"reactNative": {"tension": 40, "friction": 7}},
    {"flutter": {"mass": 1, "stiffness": 100, "damping": 10}},
]


def spring_requests():
    return [("POST", "/v1/springs", [("Content-Type", "application/json")],
             json.dumps(body).encode()) for body in SPRINGS]


def fuzz_seeds():
    """The fuzzer's service seeds: "METHOD target", header lines, a blank line, the body."""
    requests = []
    directory = os.path.join(ROOT, "Fuzz", "corpus", "service")
    for name in sorted(os.listdir(directory)):
        data = open(os.path.join(directory, name), "rb").read()
        head, _, body = data.partition(b"\n\n")
        lines = head.decode("latin-1").split("\n")
        method, _, target = lines[0].partition(" ")
        if not target.startswith("/") or target.startswith("/metrics"):
            continue
        headers = [tuple(x.strip() for x in line.split(":", 1)) for line in lines[1:] if ":" in line]
        if method in ("GET", "HEAD", "OPTIONS", "DELETE") and not body:
            body = None
        requests.append((method, target, headers, body))
    return requests


ANIMATION_TYPES = {"basic", "keyframe", "spring", "transition", "group"}


def test_bodies():
    """The complete JSON objects written as raw strings in the API tests, each sent to the route
    its members belong to (a layer or an animation alone is put in a scene)."""
    found = []
    for name in sorted(os.listdir(os.path.join(ROOT, "Tests", "TimingAPITests"))):
        text = open(os.path.join(ROOT, "Tests", "TimingAPITests", name)).read()
        for match in re.finditer(r'#"(\{.*?\})"#', text):
            try:
                value = json.loads(match.group(1))
            except ValueError:
                continue
            if isinstance(value, dict) and value not in found:
                found.append(value)
    return [routed(value) for value in found]


def routed(value):
    """(path, body) for one JSON object, by the members it has."""
    if "layers" in value:
        return "/v1/timelines", value
    if "keys" in value or "layer" in value:
        return "/v1/actions/resolve", value
    if "function" in value or "x" in value:
        return "/v1/timing-functions/evaluate", value
    if any(key in value for key in (s for spring in SPRINGS for s in spring)):
        return "/v1/springs", value
    if value.get("type") in ANIMATION_TYPES or "keyPath" in value:
        return "/v1/timelines", {"layers": [{"name": "a", "animations": [value]}],
                                 "sample": {"times": [0, 0.25, 1]}}
    return "/v1/timelines", {"layers": [dict(value, name=value.get("name", "a"))],
                             "sample": {"times": [0, 0.25, 1]}}


def mutations(bodies):
    """Bad input from good: in each object (once per path with the same members, indices
    ignored) an unknown member,
    each member misspelt, and each member's value replaced by one of another JSON type."""
    seen = set()
    out = []

    def walk(path, body, value, shape):
        if isinstance(value, dict):
            kind = (shape, tuple(sorted(value)), value.get("type"))
            if kind not in seen:
                seen.add(kind)
                yield [("add", "bogusMember")]
                for key, member in value.items():
                    if len(key) > 2:
                        yield [("rename", key, key[:-1])]
                    yield [("set", key, wrong(member))]
            for key, member in value.items():
                for change in walk(shape + "/" + key, body, member, shape + "/" + key):
                    yield [(key,)] + change
        elif isinstance(value, list):
            for index, member in enumerate(value[:4]):
                for change in walk(shape + "/*", body, member, shape + "/*"):
                    yield [(index,)] + change

    for path, body in bodies:
        for change in walk(path, body, body, path):
            out.append((path, apply(body, change)))
    return out


def wrong(value):
    if isinstance(value, str):
        return 12345
    if isinstance(value, bool) or value is None:
        return "text"
    if isinstance(value, (int, float)):
        return "text"
    return True


def apply(body, change):
    """A deep copy of `body` with one change made at the end of the path in `change`."""
    copy = json.loads(json.dumps(body))
    node = copy
    for step in change[:-1]:
        node = node[step[0]]
    action = change[-1]
    if action[0] == "add":
        node[action[1]] = 1
    elif action[0] == "rename":
        node[action[2]] = node.pop(action[1])
    else:
        node[action[1]] = action[2]
    return copy


def body_requests():
    good = test_bodies()
    module = browser_check()
    scenes = [("/v1/timelines", entry["scene"]) for entry in module.CORPUS]
    springs = [("/v1/springs", body) for body in SPRINGS]
    requests = []
    for path, body in good + mutations(good + scenes + springs):
        requests.append(("POST", path, [("Content-Type", "application/json")],
                         json.dumps(body).encode()))
    return requests


def refusals():
    scene = b'{"layers": [{"name": "a"}], "sample": {"from": 0, "to": 1, "fps": 2}}'
    post = [("Content-Type", "application/json")]
    return [
        ("POST", "/v1/timelines?format=gif", post, scene),
        ("POST", "/v1/timelines?format=", post, scene),
        ("POST", "/v1/timelines", post + [("Accept", "text/html")], scene),
        ("GET", "/v1/timing-functions/easeIn?format=waapi", [], None),
        ("GET", "/v1/timing-functions/easeIn?format=css&maxError=2", [], None),
        ("GET", "/v1/timing-functions/easeIn", [("Accept", "text/css")], None),
        ("GET", "/v1/timing-functions/easeIn", [("Accept", "image/svg+xml")], None),
        ("GET", "/v1/timing-functions/easeIn.svg?format=css", [], None),
        ("GET", "/v1/presets/nothing?format=css", [], None),
        # Query parameters each resource takes, and the problems that name them.
        ("POST", "/v1/timelines?bogus=1&format=json", post, scene),
        ("POST", "/v1/timelines?format=waapi&lengthBound=0&factorBound=x&colorBound=2&zz=1",
         post, scene),
        ("GET", "/v1/timing-functions/easeIn?x=0.5&samples=3&zz=1", [], None),
        ("GET", "/v1/timing-functions/easeIn?samples=0&slope=maybe&beforeFlag=1", [], None),
        ("GET", "/v1/timing-functions/easeIn?samples=20000", [], None),
        ("GET", "/v1/timing-functions/easeIn?x=" + "&x=".join(["0.5"] * 10001), [], None),
        ("GET", "/v1/timing-functions/easeIn?x=nan&x=2e6", [], None),
        ("GET", "/v1/timing-functions/easeIn?from=1&to=0", [], None),
        ("GET", "/v1/timing-functions/spring(1,100,0,0)?samples=3", [], None),
        ("GET", "/v1/timing-functions/easeIn.svg?from=0&to=2&samples=3", [], None),
        ("GET", "/v1/timing-functions/spring(1,100,10,0)?format=css&maxError=0", [], None),
        ("GET", "/v1/timing-functions/spring(1,100,0,0)?format=css", [], None),
        ("GET", "/v1/presets/pop?duration=0&delay=-1&width=0&height=x&fps=5000&viewWidth=10", [],
         None),
        ("GET", "/v1/presets/pop?viewHeight=10&format=waapi&pretty=1&lengthBound=2&q=1", [],
         None),
        ("GET", "/v1/presets/pop?fps=1000&duration=10000", [], None),
        ("GET", "/v1/springs?x=1", [], None),
        # A Canvas entry among the animations, and a layer's canvas, with each member.
        ("POST", "/v1/timelines", post, json.dumps({
            "layers": [{"name": "a", "animations": [
                {"type": "canvas", "name": "pop", "duration": 1, "delay": 0, "addedAt": 0,
                 "pauseAnimationOnAwake": True}]}],
            "sample": {"times": [0, 0.5]}}).encode()),
        ("POST", "/v1/timelines", post, json.dumps({
            "layers": [{"name": "a", "canvas": {
                "type": "pop", "duration": 1, "delay": 0, "pauseAnimationOnAwake": True,
                "addedAt": 0}}],
            "sample": {"times": [0, 0.5]}}).encode()),
        # Methods: 405 with the resource's Allow, 501 for a method HTTP does not define, HEAD
        # and OPTIONS answered by the router, a preflight.
        ("DELETE", "/v1/timelines", [], None),
        ("PUT", "/v1/presets/pop", [], b"{}"),
        ("BREW", "/v1/presets", [], None),
        ("get", "/v1/presets", [], None),
        ("HEAD", "/v1/presets/pop", [], None),
        ("OPTIONS", "/v1/timing-functions/easeIn", [], None),
        ("OPTIONS", "/v1/timelines", [("Origin", "https://a.example"),
                                      ("Access-Control-Request-Method", "POST")], None),
    ] + layouts(post, scene)


def layouts(post, scene):
    """Every kind of answer with `?pretty` and `?precision` (api.md "JSON layout"): what each
    does to JSON held whole and streamed, to a route's own JSON, an export's documents, CSV,
    SVG, plain text and problems (a route's, and the router's own)."""
    big = json.dumps({"layers": [{"name": "a", "animations": [
        {"type": "basic", "keyPath": "transform.rotation.z", "toValue": 3, "duration": 2}]}],
        "sample": {"from": 0, "to": 2, "fps": 1000}}).encode()
    out = []
    for query in ["pretty", "precision=3", "pretty&precision=2", "precision=0", "pretty=0"]:
        for format in ["json", "csv", "svg", "waapi", "css", "lottie"]:
            out.append(("POST", f"/v1/timelines?format={format}&{query}", post, scene))
        out += [
            ("POST", f"/v1/timelines?{query}", post, big),
            ("GET", f"/v1/timing-functions/easeIn?samples=5&{query}", [], None),
            ("GET", f"/v1/timing-functions/easeIn.svg?{query}", [], None),
            ("GET", f"/v1/timing-functions/spring(1,100,10,0)?format=css&{query}", [], None),
            ("GET", f"/v1/timing-functions?{query}", [], None),
            ("POST", f"/v1/timing-functions/evaluate?{query}", post,
             b'{"function": "easeOut", "x": [0.1, 0.3333]}'),
            ("POST", f"/v1/springs?{query}", post, b'{"swiftUI": {"response": 0.5}}'),
            ("POST", f"/v1/actions/resolve?{query}", post, b'{"layer": {}, "keys": ["opacity"]}'),
            ("GET", f"/v1/presets?{query}", [], None),
            ("GET", f"/v1/presets/pop?{query}", [], None),
            ("GET", f"/v1/presets/pop?format=lottie&{query}", [], None),
            ("GET", f"/healthz?{query}", [], None),
            ("GET", f"/version?{query}", [], None),
            ("GET", f"/nowhere?{query}", [], None),
            ("POST", f"/v1/timelines?{query}", post, b'{"layers": 3}'),
        ]
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(base, method, path, headers, body):
    request = urllib.request.Request(base + path, data=body, method=method)
    request.add_header("X-Request-ID", "same-bytes")
    for name, value in headers:
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, fields, data = response.status, response.getheaders(), response.read()
    except urllib.error.HTTPError as error:
        status, fields, data = error.code, error.headers.items(), error.read()
    kept = sorted((k.lower(), v) for k, v in fields if k.lower() not in VOLATILE)
    return status, kept, data


class Server:
    def __init__(self, binary):
        self.port = free_port()
        self.process = subprocess.Popen([binary, "--port", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1).read()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{binary} did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default=os.path.join(ROOT, ".build/debug/animation-timing"))
    args = parser.parse_args()
    before, after = Server(args.before), Server(args.after)
    try:
        names = [p["type"] for p in json.loads(fetch(after.base, "GET", "/v1/presets", [], None)[2])["presets"]]
        requests = (readme_requests() + corpus_requests() + preset_requests(names)
                    + spring_requests() + refusals() + fuzz_seeds() + body_requests())
        passed = failed = 0
        for method, path, headers, body in requests:
            want = fetch(before.base, method, path, headers, body)
            got = fetch(after.base, method, path, headers, body)
            if want == got:
                passed += 1
                continue
            failed += 1
            print(f"differs: {method} {path} {headers}")
            if want[0] != got[0]:
                print(f"  status {want[0]} -> {got[0]}")
            if want[1] != got[1]:
                print(f"  headers {sorted(set(want[1]) ^ set(got[1]))}")
            if want[2] != got[2]:
                print(f"  body {want[2][:200]!r}\n    -> {got[2][:200]!r}")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    finally:
        before.stop()
        after.stop()


if __name__ == "__main__":
    sys.exit(main())

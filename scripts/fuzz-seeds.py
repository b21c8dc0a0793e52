#!/usr/bin/env python3
"""Regenerates the fuzzers' seed corpora in Fuzz/corpus/<target>/ from the requests the tests,
openapi.yaml and the README already contain, so the seeds follow the API instead of being
copied by hand; and their dictionaries Fuzz/dict/<target>.dict from fixed token lists plus the
property names and enum values of openapi.yaml.

    python3 scripts/fuzz-seeds.py        # needs PyYAML (pip install pyyaml)

It reads every string literal in Tests/**/*.swift (plain, raw and multi-line; literals with
interpolation are skipped, since their text is not known here), keeps those that are JSON
documents, request targets, raw HTTP requests, timing-function texts or SVG path data, adds the
request bodies, parameter examples and timing-function examples of openapi.yaml, and writes one
file per distinct seed, named by its SHA-1 as libFuzzer names corpus files. Seeds larger than
MAX_SEED bytes are left out: libFuzzer mutates small inputs far faster, and the large scenes of
the tests add little that their smaller neighbours do not already reach.
"""
import hashlib
import json
import os
import re
import shutil
import sys

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Fuzz", "corpus")
MAX_SEED = 4096  # libFuzzer's default -max_len when no seed is longer

TARGETS = ["http-parser", "json", "timing-function", "svg-path", "service"]


def swift_literals(source):
    """Yields the values of the string literals in Swift source, skipping interpolated ones."""
    i = 0
    n = len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
            continue
        if source.startswith("/*", i):
            j = source.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c not in '#"':
            i += 1
            continue
        hashes = 0
        while i + hashes < n and source[i + hashes] == "#":
            hashes += 1
        j = i + hashes
        if j >= n or source[j] != '"':
            i = j if hashes else i + 1
            continue
        multi = source.startswith('"""', j)
        opener = '"""' if multi else '"'
        closer = opener + "#" * hashes
        k = j + len(opener)
        raw = []
        while k < n and not source.startswith(closer, k):
            if source[k] == "\\" and source.startswith("#" * hashes, k + 1):
                raw.append(source[k : k + 1 + hashes + 1])
                k += 1 + hashes + 1
                continue
            if not multi and source[k] == "\n":
                break
            raw.append(source[k])
            k += 1
        body = "".join(raw)
        i = k + len(closer)
        value = decode(body, hashes, multi)
        if value is not None:
            yield value


def decode(body, hashes, multi):
    escape = "\\" + "#" * hashes
    if escape + "(" in body:
        return None
    if multi:
        lines = body.split("\n")
        if lines and lines[0].strip() == "":
            lines = lines[1:]
        indent = ""
        if lines and lines[-1].strip() == "":
            indent = lines[-1]
            lines = lines[:-1]
        out = []
        for line in lines:
            out.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
        text = "\n".join(out)
        text = text.replace(escape + "\n", "")  # a line continuation
    else:
        text = body
    result = []
    i = 0
    while i < len(text):
        if text.startswith(escape, i):
            i += len(escape)
            e = text[i] if i < len(text) else ""
            simple = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", '"': '"', "'": "'", "\\": "\\"}
            if e in simple:
                result.append(simple[e])
                i += 1
            elif e == "u" and text.startswith("{", i + 1):
                end = text.index("}", i)
                result.append(chr(int(text[i + 2 : end], 16)))
                i = end + 1
            else:
                return None
        else:
            result.append(text[i])
            i += 1
    return "".join(result)


FUNCTION_FORM = re.compile(
    r"^\s*(cubic-bezier|steps|linear|spring)\s*\(.*\)\s*$|^\s*(step-start|step-end|ease(-in)?(-out)?"
    r"|ease|linear|easeIn|easeOut|easeInEaseOut|default|kCAMediaTimingFunction\w+)\s*$",
    re.IGNORECASE,
)
PATH_DATA = re.compile(r"^\s*[Mm][\s\d.,eE+-]*[\d.]([\s\d.,eE+-]|[MmLlHhVvCcSsQqTtAaZz])*$")
ROUTES = ("/v1/", "/healthz", "/readyz", "/metrics", "/openapi.yaml")


class Seeds:
    def __init__(self):
        self.by_target = {t: set() for t in TARGETS}

    def add(self, target, data):
        if isinstance(data, str):
            data = data.encode()
        if 0 < len(data) <= MAX_SEED:
            self.by_target[target].add(data)

    def json_body(self, route, document):
        """A JSON request body: for the JSON parser, and as a POST for the service."""
        text = json.dumps(document, ensure_ascii=False, separators=(", ", ": "))
        self.add("json", text)
        self.add("service", f"POST {route}\n\n{text}")
        self.strings_in(document)

    def strings_in(self, value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                self.strings_in(v, k)
        elif isinstance(value, list):
            for v in value:
                self.strings_in(v, key)
        elif isinstance(value, str):
            if key == "path":
                self.add("svg-path", value)
            elif key in ("timingFunction", "function", "animationTimingFunction"):
                self.add("timing-function", value)

    def get(self, target, headers=()):
        self.add("service", "\n".join([f"GET {target}", *headers]) + "\n\n")
        path = target.split("?", 1)[0]
        if path.startswith("/v1/timing-functions/"):
            from urllib.parse import unquote

            name = unquote(path[len("/v1/timing-functions/") :]).removesuffix(".svg")
            if name != "evaluate":
                self.add("timing-function", name)

    def http(self, request):
        data = request.encode("latin-1", "replace")
        # Three bytes of fuzz-http-parser's own header: a split point in the middle, then small
        # limits (even) or the defaults (odd), alternating so both appear among the seeds.
        split = len(data) // 2
        limits = len(self.by_target["http-parser"]) % 2
        self.add("http-parser", bytes([split & 0xFF, split >> 8, limits]) + data)


def route_for(document):
    if not isinstance(document, dict):
        return None
    if "layers" in document:
        return "/v1/timelines"
    if "layer" in document or "keys" in document:
        return "/v1/actions/resolve"
    if "function" in document or "x" in document:
        return "/v1/timing-functions/evaluate"
    return None


def from_tests(seeds):
    for folder, _, files in os.walk(os.path.join(ROOT, "Tests")):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                source = f.read()
            for literal in swift_literals(source):
                stripped = literal.strip()
                if stripped[:1] in "{[":
                    try:
                        document = json.loads(stripped)
                    except ValueError:
                        seeds.add("json", literal)  # a deliberately broken body is a seed too
                        continue
                    route = route_for(document)
                    if route:
                        seeds.json_body(route, document)
                    else:
                        seeds.add("json", literal)
                        seeds.strings_in(document)
                elif re.match(r"^[A-Z]+ \S+ HTTP/\d\.\d\r?\n", literal):
                    seeds.http(literal)
                elif literal.startswith(ROUTES) or literal == "/":
                    seeds.get(literal)
                elif FUNCTION_FORM.match(literal):
                    seeds.add("timing-function", literal)
                elif PATH_DATA.match(literal):
                    seeds.add("svg-path", literal)


def from_openapi(seeds):
    with open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            target = path
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and "example" in parameter:
                    target = target.replace("{" + parameter["name"] + "}", str(parameter["example"]))
            if "{" in target:
                continue
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            if "example" in body:
                seeds.json_body(target, body["example"])
            elif method == "get":
                seeds.get(target)
    for schema in spec.get("components", {}).get("schemas", {}).values():
        for example in schema.get("examples", []) if isinstance(schema, dict) else []:
            if isinstance(example, str) and FUNCTION_FORM.match(example):
                seeds.add("timing-function", example)


def from_readme(seeds):
    """The curl examples' bodies and targets."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for command in re.findall(r"^curl .*?(?=^\S|\Z)", readme, re.M | re.S):
        target = re.search(r"localhost:8080(/[^'\s]*)", command)
        body = re.search(r"-d '(.*?)'", command, re.S)
        if not target:
            continue
        if body:
            try:
                seeds.json_body(target.group(1), json.loads(body.group(1)))
            except ValueError:
                pass
        else:
            seeds.get(target.group(1))


def lottie_seeds(seeds):
    """The Lottie reader (POST /v1/lottie/timeline and /lint) on the test fixtures of up to 64 KB,
    each at a few frames, so the service target reaches the Lottie model, tree and lint."""
    folder = os.path.join(ROOT, "Tests", "Fixtures", "lottie")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not name.endswith(".json") or os.path.getsize(path) > 64 * 1024:
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            document = json.loads(text)
        except ValueError:
            continue
        compact = json.dumps(document, separators=(",", ":"))
        seeds.add("service", f"POST /v1/lottie/timeline?frames=0..3\n\n{compact}")
        seeds.add("service", f"POST /v1/lottie/lint?frames=0..3\n\n{compact}")
        # Each player's pass alone, at fractional frames (rlottie's whole frames, its walk).
        seeds.add("service", f"POST /v1/lottie/lint?frames=0..2&fps=75&players=rlottie,thorvg\n\n{compact}")
        seeds.add("service", f"POST /v1/lottie/lint?frames=0..3&players=pythonLottie&fix=true\n\n{compact}")


def protocol_seeds(seeds):
    """What the service does around the routes, which the tests reach only through a socket."""
    # A fit (docs/fit.md): samples with noise and rounding, a printed linear(), a curve.
    seeds.json_body("/v1/fit", {"samples": [[0, 0], [0.05, 30], [0.1, 62], [0.15, 85], [0.2, 97],
                                            [0.3, 101], [0.4, 100]], "to": 100, "noise": 0.5})
    seeds.json_body("/v1/fit?models=spring", {"curve": "linear(0, 0.216 10%, 0.638 30%, 0.947 60%, 1)",
                                              "duration": 0.5})
    seeds.json_body("/v1/fit?models=cubicBezier,named", {"curve": "ease-in-out"})
    seeds.json_body("/v1/fit", {"samples": [[0, 0], [1, 1], [2, 0.5]], "quantization": 0.001})
    # A batch (api.md "Batch"): good lines, a bad one, a batch in a batch, text and JSON answers.
    seeds.add("service", "POST /v1/batch\nContent-Type: application/x-ndjson\n\n" + "\n".join([
        '{"method": "GET", "path": "/v1/timing-functions/easeIn?x=0.5"}',
        'not json',
        '{"method": "POST", "path": "/v1/tokens?format=css", "body": {"d": {"$type": "duration", "$value": "70ms"}}}',
        '{"method": "POST", "path": "/v1/batch", "body": {}}',
        '{"method": "GET", "path": "/v1/presets", "headers": {"Accept": "application/json"}}',
    ]) + "\n")
    seeds.get("/v1/timing-functions/easeIn?samples=5", ["Accept: image/svg+xml"])
    seeds.get("/v1/timing-functions/easeIn", ['If-None-Match: "x", *'])
    seeds.get("/v1/presets", ["Accept: text/html;q=0.5, application/json;q=0.1"])
    # Compression (docs/api.md "Compression"): held whole, refused identity on a small answer,
    # deflate by weight, and a streamed timeline.
    seeds.get("/v1/timing-functions/easeIn?samples=200", ["Accept-Encoding: gzip, deflate"])
    seeds.get("/v1/timing-functions/easeIn?x=0.5", ["Accept-Encoding: gzip;q=0.5, identity;q=0"])
    seeds.get("/v1/presets", ["Accept-Encoding: gzip;q=0.2, deflate;q=0.8, *;q=0"])
    seeds.add(
        "service",
        "POST /v1/timelines\nAccept-Encoding: gzip\n\n"
        '{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", '
        '"fromValue": 0, "toValue": 1, "duration": 1}]}], '
        '"sample": {"from": 0, "to": 70, "fps": 1000}, "keyPaths": ["opacity"]}',
    )
    seeds.add(
        "service",
        "OPTIONS /v1/timelines\nOrigin: https://a.example\n"
        "Access-Control-Request-Method: POST\n\n",
    )
    seeds.add("service", "HEAD /v1/timing-functions/linear\n\n")
    seeds.add("service", "OPTIONS *\n\n")
    seeds.add("service", "DELETE /v1/timelines\n\n")
    seeds.add(
        "service",
        'POST /v1/timelines?format=csv\nContent-Type: application/json; charset=utf-8\n\n'
        '{"layers": [{"name": "a"}], "sample": {"times": [0]}}',
    )
    seeds.add("service", "POST /v1/timing-functions/evaluate\nContent-Type: text/plain\n\n{}")
    # The tests draw few paths; one of each command, absolute and relative, and SVG's compact
    # number syntax (signs and dots as separators, implicit linetos, arc flags run together).
    for path in [
        "M10 10 H 90 V 90 H 10 Z",
        "m0,0 l10,10 h5 v-5 z m 20 0 l 5 5",
        "M0 0 C 10 20, 30 40, 50 60 S 70 80, 90 100",
        "M0 0 Q 50 100 100 0 T 200 0 t 100 0",
        "M0,0 A25,25 -30 0,1 50,-25 a25 50 -30 1 0 50 -25",
        "M0 0a5 5 0 1150 0",
        "M1e2-3.5.5L.5.5-1e-3,2E+1",
        "M0 0 10 10 20 0",
        "M 0 0 c 1 2 3 4 5 6 s 1 2 3 4 q 1 1 2 0 t 2 0 Z",
    ]:
        seeds.add("svg-path", path)


# Doubles at the edges of what the engine computes with: the largest and smallest finite values,
# their neighbours past the range (which must be rejected, not become inf or 0), squares that
# overflow (1e155² > 1e308; 1e-154² underflows), 1e78 (an arc radius whose square still fits
# but whose products with other terms do not), integers at and past 2^53, 2^63 and 2^64 (the
# Double→Int conversions), negative zero, and texts that other parsers read as numbers.
NUMBERS = [
    "0", "-0", "-0.0", "0.0", "1", "-1", "0.5", "1e-9", "0.9999999999999999", "1.0000000000000002",
    "1e308", "-1e308", "1.7976931348623157e308", "-1.7976931348623157e308",
    "1.7976931348623159e308", "1e309", "5e-324", "-5e-324", "2.4703282292062327e-324",
    "2.2250738585072014e-308", "1e-400", "1e-154", "1e155", "-1e155", "1e78", "-1e78", "1e-78",
    "1e15", "1e16", "9007199254740992", "9007199254740993", "-9007199254740993",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "1e19", "2147483648", "4294967296", "123456789012345678901234567890",
    "0.1e1", "1E+2", "1e-0", "NaN", "nan", "-nan", "Infinity", "-Infinity", "inf", "-inf",
    "0x10", "0x1p-1074", "1_000", ".5", "5.", "00", "+1", "1e", "1e+", "--1",
]
JSON_TOKENS = [
    "{", "}", "[", "]", ":", ",", '"', '""', "true", "false", "null", "\\u0000", "\\ud800",
    "\\udc00", "\\ud83d\\ude00", '\\"', "\\\\", "\\/", "\\n", " ", "\t", "\r\n",
    "\xef\xbb\xbf", "\xc3\xa9", "\xff", "[[[[[[[[", '{"a":', '"infinity"', '"NSNull"',
]
HTTP_TOKENS = [
    "GET", "HEAD", "POST", "OPTIONS", "PUT", "BREW", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0",
    "HTTP/1.10", "\r\n", "\r\n\r\n", "\n", "\r", " ", "\t", ":", "Host: x", "Host:",
    "Content-Length: ", "Content-Length: 0", "Transfer-Encoding: chunked", "Transfer-Encoding: ",
    "chunked", "gzip, chunked", "chunked, chunked", "Expect: 100-continue", "Expect: ",
    "Connection: close", "keep-alive", ";ext=1", "0\r\n\r\n", "fffffffffffffff",
    "ffffffffffffffff", "999999999999999999", "1000000000000000000", "http://h/",
    "https://h/p?q", "*", "/", "?", "#", "%00", "\x00", "\x7f", "\x80", "Trailer: x",
]
SERVICE_TOKENS = [
    "GET ", "HEAD ", "POST ", "OPTIONS ", "DELETE ", "BREW ", "\n", "\n\n",
    "/v1/timelines", "/v1/timelines?format=csv", "/v1/timing-functions",
    "/v1/timing-functions/", "/v1/timing-functions/evaluate", "/v1/actions/resolve",
    "/v1/presets", "/v1/presets/", "/healthz", "/readyz", "/metrics", "/openapi.yaml", ".svg",
    "?x=", "&x=", "?samples=", "&samples=", "&from=", "&to=", "&slope=true", "&beforeFlag=true",
    "?duration=", "&delay=", "&width=", "&height=", "&fps=", "?format=", "csv", "json",
    "%20", "%25", "%2C", "%28", "%29", "%zz", "%", "+",
    "Accept: ", "Accept: text/csv", "Accept: image/svg+xml", "Accept: application/json;q=0",
    "Content-Type: ", "Content-Type: text/plain", "application/json; charset=utf-8",
    "If-None-Match: ", "If-None-Match: *", "Origin: https://a.example",
    "Access-Control-Request-Method: POST", "*/*",
    "Accept-Encoding: ", "Accept-Encoding: gzip", "deflate", "x-gzip", "identity;q=0", "*;q=0",
    ";q=0.5",
]
TIMING_TOKENS = [
    "cubic-bezier(", "steps(", "linear(", "spring(", "(", ")", ",", "%", " ", "\t",
    "jump-start", "jump-end", "jump-none", "jump-both", "start", "end", "step-start", "step-end",
    "ease", "ease-in", "ease-out", "ease-in-out", "linear", "easeIn", "easeOut",
    "easeInEaseOut", "default", "kCAMediaTimingFunctionLinear", "kCAMediaTimingFunctionEaseIn",
    "kCAMediaTimingFunctionDefault", "0%", "100%", "50% 60%", "1, 100, 10, 0", "0, 0, 1, 1",
]
SVG_TOKENS = list("MmLlHhVvCcSsQqTtAaZz") + [
    " ", ",", "-", ".", "e", "E-", "e+", "0 0 1", "1 1", "1,1", "0,0", " 1 1 ", "A1e78,1e78 0 0 1 ",
]


def openapi_words():
    """Property names and string enum values: what the decoders look for."""
    with open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    words = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    words.update(f'"{name}"' for name in value)
                if key == "enum" and isinstance(value, list):
                    words.update(f'"{v}"' for v in value if isinstance(v, str))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(spec.get("components", {}))
    return sorted(words)


def presets():
    with open(os.path.join(ROOT, "Sources/TimingEngine/Scene/CanvasPreset.swift")) as f:
        source = f.read()
    return sorted(
        name for line in re.findall(r"^\s*case ([a-zA-Z, ]+)$", source, re.M)
        for name in re.findall(r"[a-zA-Z]+", line)
    )


def dict_escape(byte):
    r"""libFuzzer's dictionary syntax: \\, \" and \xNN; other printable ASCII as is."""
    if byte in (0x5C, 0x22):
        return "\\" + chr(byte)
    if 0x20 <= byte < 0x7F:
        return chr(byte)
    return f"\\x{byte:02x}"


def write_dictionaries():
    api = openapi_words()
    parts = {
        "http-parser": HTTP_TOKENS + ["0", "1", "5", "a", "F"],
        "json": JSON_TOKENS + NUMBERS + api,
        "timing-function": TIMING_TOKENS + NUMBERS,
        "svg-path": SVG_TOKENS + NUMBERS,
        "service": SERVICE_TOKENS + JSON_TOKENS + NUMBERS + api + TIMING_TOKENS
        + SVG_TOKENS[:20] + presets(),
    }
    folder = os.path.join(ROOT, "Fuzz", "dict")
    os.makedirs(folder, exist_ok=True)
    for target, words in parts.items():
        # The lists hold byte strings written as Python text (\xNN for non-ASCII bytes).
        entries = []
        for word in words:
            data = word.encode("latin-1")
            if data not in entries and len(data) <= 64:  # libFuzzer's longest entry
                entries.append(data)
        with open(os.path.join(folder, target + ".dict"), "w", encoding="ascii") as f:
            f.write(f"# fuzz-{target}: generated by scripts/fuzz-seeds.py; edit the lists there.\n")
            for data in entries:
                f.write('"' + "".join(dict_escape(b) for b in data) + '"\n')
        seen = entries
        print(f"{target}.dict: {len(seen)} entries", file=sys.stderr)


def token_seeds(seeds):
    """POST /v1/tokens (docs/tokens.md): a document of each dialect, and the shapes an
    attacker's pass found (an ancestor extended, a $ref through itself, a fan-out of $refs), so
    the fuzzer starts from them."""
    for document in [
        {"d": {"$type": "duration", "fast": {"$value": {"value": 70, "unit": "ms"}}},
         "e": {"$type": "cubicBezier", "$value": [0.2, 0, 0.38, 0.9]},
         "s": {"$type": "cubicBezier", "$value": [0.3, 1.2, 0.6, 1], "$extensions": {
             "dev.animation-timing.spring": {"swiftUI": {"response": 0.5, "dampingFraction": 0.7}}}},
         "t": {"$type": "transition", "$value": {"duration": "{d.fast}", "delay": "0ms",
                                                  "timingFunction": "{e}"}}},
        {"meta": {"variables": {"a": {"name": "m/d", "resolvedType": "TIMING",
                                      "valuesByMode": {"m": 0.15000000596046448}},
                                "b": {"name": "m/s", "resolvedType": "EASING", "valuesByMode": {
                                    "m": {"type": "CUSTOM_SPRING",
                                          "easingFunctionSpring": {"bounce": 0.35}}}}}}},
        {"md.sys.motion.easing.emphasized":
             "M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1",
         "md.sys.motion.spring.default.spatial": {"damping": 0.9, "stiffness": 700}},
        {"$schema": "https://dtif.lapidist.net/schema/core.json",
         "d": {"$type": "duration", "$value": {"durationType": "ios.cadisplaylink.frame-count",
                                               "value": 6, "unit": "frames"}},
         "e": {"$type": "easing", "$value": {"easingFunction": "spring",
                                             "parameters": [1, 180, 24, 0.2]}}},
        {"g": {"c0": {"$extends": "{g}", "x": {"$value": 1}},
               "c1": {"$extends": "{g}", "x": {"$value": 1}}}},
        {"a": {"$type": "number", "$value": {"$ref": "#/a"}}},
        {"$extensions": {"l0": [{"$ref": "#/$extensions/l1"}, {"$ref": "#/$extensions/l1"}],
                         "l1": 1},
         "n": {"$type": "number", "$value": {"$ref": "#/$extensions/l0"}}},
    ]:
        seeds.json_body("/v1/tokens", document)
    seeds.add("service", "POST /v1/tokens?format=css\n\n" + json.dumps(
        {"d": {"$type": "duration", "$value": "200ms"}}))


def main():
    seeds = Seeds()
    from_tests(seeds)
    from_openapi(seeds)
    from_readme(seeds)
    lottie_seeds(seeds)
    protocol_seeds(seeds)
    token_seeds(seeds)
    for target in TARGETS:
        folder = os.path.join(OUT, target)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for data in seeds.by_target[target]:
            with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)
        total = sum(len(d) for d in seeds.by_target[target])
        print(f"{target}: {len(seeds.by_target[target])} seeds, {total} bytes", file=sys.stderr)
    write_dictionaries()


if __name__ == "__main__":
    main()

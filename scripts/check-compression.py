#!/usr/bin/env python3
"""Checks compressed answers over a socket, decoded by Python's own gzip and zlib modules and
by curl (docs/api.md "Compression").

    scripts/check-compression.py                  # starts the debug build on a free port
    scripts/check-compression.py http://host:port # checks a server already running

Fetches a streamed timeline (about 6 MB of JSON, chunked) without coding, with gzip, x-gzip
and deflate, and with `curl --compressed`; each decoded body must equal the identity answer
byte for byte. Also: the head fields (Content-Encoding, Vary, the coded ETag, chunked), HEAD
answering GET's fields, a curve answer held whole (Content-Length of the coded bytes, a 304 for
its coded tag), and a small answer sent as it is. Exits 1 with a message on the first failure.
"""
import gzip
import http.client
import json
import os
import shutil
import subprocess
import sys
import urllib.parse
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from debugserver import serving  # noqa: E402


def fail(message):
    print(f"check-compression: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def request(base, method, path, body=None, headers=None):
    """(status, headers as a dict of lowercased names to lists, raw body): nothing decoded."""
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    data = json.dumps(body).encode() if body is not None else None
    fields = dict(headers or {})
    if data is not None:
        fields["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=fields)
    response = connection.getresponse()
    raw = response.read()  # http.client removes the chunked framing, never the coding
    received = {}
    for name, value in response.getheaders():
        received.setdefault(name.lower(), []).append(value)
    connection.close()
    return response.status, received, raw


def one(headers, name):
    values = headers.get(name, [])
    return values[0] if len(values) == 1 else None


# Four layers, three numbers per sample each, 600 fps for 60 s: 432 012 numbers, far past the
# 65 536 above which a timeline streams; about 6 MB of JSON.
SCENE = {
    "layers": [
        {"name": f"layer{i}", "properties": {"opacity": 1, "position": {"x": 0, "y": 0}},
         "animations": [
             {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
              "duration": 1 + i / 10, "repeatCount": "infinity", "autoreverses": True,
              "timingFunction": "easeInEaseOut"},
             {"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100 + i,
              "duration": 3, "damping": 8 + i}]}
        for i in range(4)],
    "sample": {"from": 0, "to": 60, "fps": 600},
    "keyPaths": ["opacity", "position"],
}


def check_streamed(base):
    status, plain_headers, plain = request(base, "POST", "/v1/timelines", SCENE)
    if status != 200:
        fail(f"timeline answered {status}: {plain[:300]!r}")
    if one(plain_headers, "transfer-encoding") != "chunked":
        fail(f"the timeline was not streamed: {plain_headers}")
    if "content-encoding" in plain_headers:
        fail("an answer without Accept-Encoding was coded")
    if "Accept-Encoding" not in plain_headers.get("vary", []):
        fail(f"no Vary: Accept-Encoding on the identity answer: {plain_headers.get('vary')}")
    plain_tag = one(plain_headers, "etag")
    decoders = {"gzip": gzip.decompress, "x-gzip": gzip.decompress,
                # RFC 9110's "deflate" is the zlib format, which zlib.decompress reads as is.
                "deflate": zlib.decompress}
    sizes = {}
    for asked, decode in decoders.items():
        status, headers, coded = request(base, "POST", "/v1/timelines", SCENE,
                                         {"Accept-Encoding": asked})
        coding = "gzip" if asked == "x-gzip" else asked
        if status != 200 or one(headers, "content-encoding") != coding:
            fail(f"{asked}: status {status}, Content-Encoding {headers.get('content-encoding')}")
        if one(headers, "transfer-encoding") != "chunked" or "content-length" in headers:
            fail(f"{asked}: the coded timeline was not streamed: {headers}")
        if "Accept-Encoding" not in headers.get("vary", []):
            fail(f"{asked}: no Vary: Accept-Encoding")
        if one(headers, "etag") != "W/" + plain_tag[:-1] + f'-{coding}"':
            fail(f"{asked}: ETag {one(headers, 'etag')} for identity {plain_tag}")
        if decode(coded) != plain:
            fail(f"{asked}: the decoded body differs from the identity answer")
        sizes[asked] = len(coded)
    if shutil.which("curl"):
        curl = subprocess.run(
            ["curl", "-sS", "--compressed", "-H", "Content-Type: application/json",
             "--data-binary", json.dumps(SCENE), base + "/v1/timelines"],
            capture_output=True, check=True)
        if curl.stdout != plain:
            fail("curl --compressed decoded a different body")
    return len(plain), sizes


def check_held(base):
    path = "/v1/timing-functions/easeInEaseOut?samples=300"
    _, plain_headers, plain = request(base, "GET", path)
    status, headers, coded = request(base, "GET", path, None, {"Accept-Encoding": "gzip"})
    if status != 200 or one(headers, "content-encoding") != "gzip":
        fail(f"curve: status {status}, Content-Encoding {headers.get('content-encoding')}")
    if one(headers, "content-length") != str(len(coded)):
        fail(f"curve: Content-Length {one(headers, 'content-length')} for {len(coded)} bytes")
    if gzip.decompress(coded) != plain:
        fail("curve: the decoded body differs from the identity answer")
    status, head, body = request(base, "HEAD", path, None, {"Accept-Encoding": "gzip"})
    for name in ["content-encoding", "content-length", "etag", "vary", "content-type"]:
        if head.get(name) != headers.get(name):
            fail(f"curve: HEAD {name} {head.get(name)} but GET {headers.get(name)}")
    if status != 200 or body:
        fail(f"curve: HEAD answered {status} with {len(body)} bytes of body")
    tag = one(headers, "etag")
    status, again, body = request(base, "GET", path, None,
                                  {"Accept-Encoding": "gzip", "If-None-Match": tag})
    if status != 304 or one(again, "etag") != tag or body:
        fail(f"curve: If-None-Match {tag} answered {status}, ETag {again.get('etag')}")
    status, again, _ = request(base, "GET", path, None,
                               {"If-None-Match": one(plain_headers, "etag")})
    if status != 304:
        fail(f"curve: If-None-Match with the identity tag answered {status}")
    small = "/v1/timing-functions/easeIn?x=0.5"
    status, headers, body = request(base, "GET", small, None, {"Accept-Encoding": "gzip"})
    if status != 200 or "content-encoding" in headers or \
            "Accept-Encoding" in headers.get("vary", []):
        fail(f"small answer ({len(body)} bytes) was coded or varies: {headers}")
    return len(plain), len(coded)


def main():
    with serving(sys.argv, fail) as base:
        plain, sizes = check_streamed(base)
        held_plain, held_coded = check_held(base)
    print(f"compression: a streamed timeline of {plain} bytes decoded byte for byte from gzip "
          f"({sizes['gzip']}), x-gzip and deflate ({sizes['deflate']}) by Python's gzip and zlib"
          f"{' and curl --compressed' if shutil.which('curl') else ''}; a curve of {held_plain} "
          f"bytes from {held_coded}; HEAD, 304 and small answers as documented")


if __name__ == "__main__":
    main()

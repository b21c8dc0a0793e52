#!/usr/bin/env python3
"""What lottie-web's SVG renderer draws, per layer instance and frame: a reference for
POST /v1/lottie/timeline (docs/lottie.md).

Plays a Lottie file in the real lottie-web — 5.7.5, the build PyPI's `pylottie` ships inline in
`pylottie/lottie.html` (its first <script>, extracted here; its sha256 is stated in "notes") —
with the SVG renderer in headless Chromium, goes to each requested root-composition frame with
`anim.goToAndStop(frame - Math.round(ip), true)` (lottie-web renders raw frame f at
f + round(ip); subframe rendering is on, lottie-web's default, so fractional frames are rendered
as such) and reads from the DOM, for every element of a layer:

- matrix [a, b, c, d, e, f]: the layer's world transform in composition pixels (x' = a·x + c·y
  + e, y' = b·x + d·y + f), read with getCTM() on the layer's own <g> — the element lottie-web
  gives the id in the layer's `ln`. The root <svg> is exactly w × h CSS px with lottie-web's
  viewBox 0 0 w h; the viewBox mapping (found with a probe <g> under the <svg>) is divided out
  anyway, and a note is written if it was not the identity. lottie-web writes a layer's
  transform (its own transform times its parents' within its composition) on its
  `transformedElement`: the <g id> itself, except for a precomposition layer with masks, where
  it is the <g clip-path> wrapped around the <g id> (its parent). Either way getCTM() of the <g id>
  includes it exactly once, and the composition's own precomposition layer's <g> (an ancestor)
  supplies the parent compositions' transforms. The script checks that exactly one element
  between the <g id> and the next enclosing layer <g> carries a transform and says in "notes"
  how many instances had it on the wrapper. A track-matte source (td) lives in <defs><mask>: its
  matrix is the world transform of the matted layer's <g mask> parent (the composition it is
  in) times its CTM within the mask (mask contents are in the referencing element's user space).
- opacity: the product of the `opacity` of the element and every ancestor up to the root <svg>
  (inline style if set, else the attribute lottie-web writes, as written: lottie-web's doubles,
  not Chromium's float or 8-bit alpha). Layer opacity sits on the layer's transformed element,
  a precomposition's on its own <g>. Opacity inside a layer (shape groups, fills) is not in it.
- displayed: false if the element or an ancestor has computed display:none. lottie-web sets
  display:none on a layer outside [ip, op) and also on a layer whose own opacity is <= 0
  (`hideOnTransparent`, on by default), so a layer at opacity 0 reads displayed false, never
  opacity 0. For a td layer the chain is its own (up to the <mask>) and then its composition's
  (from the matted layer's <g mask>'s parent up); the matted layer's own range is not included.

Caveats the consumer must know:
- When displayed is false, matrix and opacity are stale: lottie-web skips rendering a hidden
  layer, so they are what it last wrote (or the identity and 1 if it never rendered it).
- Matrices are float32: lottie-web's Matrix keeps its props in a Float32Array, to2dCSS prints
  them, and Chromium parses the transform attribute into floats; getCTM() then composes the
  levels in double. Expect ~1e-7 relative agreement, not 1e-12. to2dCSS's zeroing does apply
  (it is the string getCTM() parses): entries with 0 < |v| < 1e-6 become round(1e4·v)/1e4 = 0.
- Keys: a root layer at index i is "/layers/i"; a layer at index i of asset j shown through
  precomposition layer instance K is "K>/assets/j/layers/i". Layers are tagged for this by
  rewriting each layer's `ln` (lottie-web's element id) in memory to "lwref" + its pointer with
  "/" as "_" (any `ln` of the file's own is overwritten); the key is the chain of ancestor
  elements that carry such an id, outermost first.
- Not found, and listed in "notes" with the reason: null layers (ty 3; lottie-web creates no
  element), hidden layers (hd; lottie-web keeps them out of the DOM), audio (ty 6), other types
  lottie-web treats as null, everything inside a precomposition instance that is not found, and
  precompositions whose asset is missing. A camera (ty 13) makes lottie-web's SVG renderer throw.
- Frames past ip + floor(op - ip) are clamped by lottie-web to that frame (noted when asked).
  Frames are rendered in the order given; a frame equal to the one before (or, first, to
  round(ip), which lottie-web renders on loading) is not rendered again (lottie-web skips it).
- lottie-web's `error` events (render and config errors it catches), console.error/warn,
  uncaught errors and requests the page made that the script could not serve (images) are in
  "notes". A configError (a camera, a precomposition without its asset) means lottie-web drew
  nothing: "layers" is empty and the exit status 1. A renderFrameError (a failing expression)
  leaves that frame partly drawn; a displayed instance with no transform attribute is noted.
- Notes are deterministic (the page's port is cut from stack traces); the time taken goes to
  stderr.

Runs one Chromium per call (a local HTTP server serves the page, the lottie-web JS and the
tagged document; the page posts its readings back — the approach of scripts/browser-check — so
no DevTools protocol client is needed), so a file costs one page load however many frames are
asked: about 1.2-1.9 s for 20 frames on 2 cores. Python's standard library only; installs
pylottie (`pip install --no-deps pylottie==2024`) and Debian's chromium when missing.

Usage: scripts/lottie-web-reference.py FILE.json --frames 0,1.5,10 > out.json
       scripts/lottie-web-reference.py --self-test   (checks the readings on a document built
       here: position (100, 50) alone gives e = 100, f = 50; parenting; precompositions; a
       matte; a masked precomposition's wrapper; hd and null layers; a fractional frame)
Output: {"lottieWeb": "5.7.5", "frames": [...], "layers": {"<key>": {"matrix": [[a,b,c,d,e,f]
per frame], "opacity": [...], "displayed": [...]}}, "notes": [...]}; keys in layer order, depth
first (a precomposition's instances right after it).
"""
import argparse
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import headless_page  # noqa: E402

PYLOTTIE = "pylottie==2024"
ID_PREFIX = "lwref"


def ensure_chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    print("lottie-web-reference: installing Debian's chromium", file=sys.stderr)
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(prefix + ["apt-get", "update", "-q"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    subprocess.run(prefix + ["apt-get", "install", "-y", "-q", "chromium"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return shutil.which("chromium")


def lottie_web():
    """lottie-web's JS from pylottie's lottie.html (the package is not imported: its __init__
    needs playwright). Returns (js, version)."""
    def html_path():
        spec = importlib.util.find_spec("pylottie")
        if spec is None or not spec.submodule_search_locations:
            return None
        path = os.path.join(list(spec.submodule_search_locations)[0], "lottie.html")
        return path if os.path.exists(path) else None

    path = html_path()
    if path is None:
        print("lottie-web-reference: installing " + PYLOTTIE, file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        "--no-deps", PYLOTTIE], check=True, stdout=sys.stderr)
        importlib.invalidate_caches()
        path = html_path()
        if path is None:
            raise SystemExit("lottie-web-reference: pylottie has no lottie.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()
    for script in re.findall(r"<script[^>]*>(.*?)</script>", html, re.S):
        found = re.search(r'lottie\.version="([^"]+)"', script)
        if found:
            return script, found.group(1)
    raise SystemExit(f"lottie-web-reference: no lottie-web script in {path}")


def tag_layers(doc):
    """Sets each layer's `ln` to an id for its JSON pointer; returns {id: pointer}."""
    ids = {}

    def tag(layers, pointer):
        if not isinstance(layers, list):
            return
        for i, layer in enumerate(layers):
            if isinstance(layer, dict):
                p = f"{pointer}/{i}"
                layer["ln"] = ID_PREFIX + p.replace("/", "_")
                ids[layer["ln"]] = p

    tag(doc.get("layers"), "/layers")
    for j, asset in enumerate(doc.get("assets") or []):
        if isinstance(asset, dict):
            tag(asset.get("layers"), f"/assets/{j}/layers")
    return ids


def expected_instances(doc):
    """Every layer instance the document shows, depth first in layer order: a list of
    (key, reason) — reason None when lottie-web should make an element for it in the DOM."""
    assets = {}
    for j, asset in enumerate(doc.get("assets") or []):
        if isinstance(asset, dict) and isinstance(asset.get("layers"), list) and "id" in asset:
            assets.setdefault(str(asset["id"]), j)
    out = []

    def walk(layers, pointer, prefix, absent, depth):
        for i, layer in enumerate(layers):
            if not isinstance(layer, dict):
                continue
            key = prefix + f"{pointer}/{i}"
            ty = layer.get("ty")
            reason = absent
            if reason is None:
                if ty == 3:
                    reason = "null layer (ty 3): lottie-web makes no element"
                elif ty == 6:
                    reason = "audio layer (ty 6): no element"
                elif ty == 13:
                    reason = "camera (ty 13): lottie-web's SVG renderer throws"
                elif ty not in (0, 1, 2, 4, 5):
                    reason = f"layer type {ty!r}: lottie-web treats it as a null layer, no element"
                elif layer.get("hd"):
                    reason = "hidden layer (hd): lottie-web keeps its element out of the DOM"
            out.append((key, reason))
            if ty == 0:
                j = assets.get(str(layer.get("refId")))
                if j is None:
                    if reason is None:
                        out[-1] = (key, None)
                    out.append((key + ">?", f"precomposition refId {layer.get('refId')!r} "
                                "names no asset with layers"))
                elif depth > 32:
                    out.append((key + ">…", "precompositions nested more than 32 deep (a cycle?)"))
                else:
                    walk(doc["assets"][j]["layers"], f"/assets/{j}/layers", key + ">",
                         None if reason is None else f"inside {key}, which is not found", depth + 1)

    walk(doc.get("layers") or [], "/layers", "", None, 0)
    return out


PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>html, body { margin: 0; padding: 0; overflow: hidden; }
#root { position: absolute; left: 0; top: 0; }</style>
<script>
window.__notes = [];
(function () {
  function text(a) {
    if (a && a.stack) return String(a.stack);
    if (typeof a === "object") { try { return JSON.stringify(a); } catch (e) { return String(a); } }
    return String(a);
  }
  ["error", "warn"].forEach(function (k) {
    var original = console[k];
    console[k] = function () {
      window.__notes.push("console." + k + ": " + Array.prototype.map.call(arguments, text).join(" "));
      return original.apply(console, arguments);
    };
  });
  window.addEventListener("error", function (e) {
    window.__notes.push("uncaught error: " + e.message + " (" + e.filename + ":" + e.lineno + ")");
  });
  window.addEventListener("unhandledrejection", function (e) {
    window.__notes.push("unhandled rejection: " + text(e.reason));
  });
})();
</script>
<script src="/lottie.js"></script>
</head><body><div id="root"></div><script src="/run.js"></script></body></html>
"""

RUN = r"""
(async function () {
  const notes = window.__notes;
  const post = (body) => fetch("/result", {method: "POST", body: JSON.stringify(body)});
  try {
    const cfg = await (await fetch("/data")).json();
    const data = cfg.animationData, frames = cfg.frames, ids = cfg.ids;
    const root = document.getElementById("root");
    root.style.width = data.w + "px";
    root.style.height = data.h + "px";
    // Without the data first, so that the listeners are on before lottie-web configures it
    // (setParams ends with configAnimation(animationData), which is what is called next).
    const anim = lottie.loadAnimation({container: root, renderer: "svg", loop: false, autoplay: false});
    let current = "loading (its first frame, round(ip))";
    anim.addEventListener("error", (e) => notes.push("lottie-web " + e.type + " event at root frame " +
      current + (e.type === "renderFrameError" ? " (what it drew there may be partial)" : "") + ": " +
      (e.nativeError && (e.nativeError.stack || e.nativeError))));
    const loaded = new Promise((resolve, reject) => {
      // A config error (lottie-web caught an error while reading the data or building the
      // layers: a camera, a missing asset) means DOMLoaded never comes: fail at once. After an
      // uncaught error, 5 s more. A render error (an expression) does not stop the loading.
      const fail = (what) => reject(new Error("lottie-web did not load: " + what + " (in notes)"));
      anim.addEventListener("error", (e) => { if (e.type === "configError") fail("a configError"); });
      window.addEventListener("error", () => setTimeout(() => fail("an uncaught error"), 5000));
      anim.addEventListener("DOMLoaded", resolve);
      anim.addEventListener("data_failed", () => reject(new Error("lottie-web: data_failed")));
      setTimeout(() => reject(new Error("lottie-web: no DOMLoaded within 60 s")), 60000);
    });
    anim.configAnimation(data);
    await loaded;
    const firstFrame = Math.round(data.ip);
    const svg = root.querySelector("svg");
    const probe = document.createElementNS("http://www.w3.org/2000/svg", "g");
    svg.appendChild(probe);
    const dm = (m) => new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]);
    const view = dm(probe.getCTM());
    svg.removeChild(probe);
    const viewInverse = view.inverse();
    if (!view.isIdentity) notes.push("the root <svg>'s viewBox mapping was not the identity (" +
      [view.a, view.b, view.c, view.d, view.e, view.f].join(", ") + "); divided out");
    const isOurs = (n) => n.nodeType === 1 && n.id && Object.prototype.hasOwnProperty.call(ids, n.id);
    const problems = new Set();
    const maskRef = new Map();
    function referrer(mask) {
      if (!maskRef.has(mask)) {
        const found = svg.querySelector('[mask="url(#' + CSS.escape(mask.id) + ')"]');
        maskRef.set(mask, found);
      }
      return maskRef.get(mask);
    }
    // The layer's world matrix (composition px) and the nodes whose opacity and display count.
    function read(el) {
      if (el === svg) return {matrix: new DOMMatrix(), nodes: []};
      const nodes = [];
      for (let n = el; n !== svg; n = n.parentNode) {
        if (!n) { problems.add("an element not under the root <svg>"); return null; }
        if (n.nodeType !== 1) continue;
        if (n.localName === "mask") {
          const ref = referrer(n);
          if (!ref) { problems.add("a <mask id=" + n.id + "> that no element references"); return null; }
          if (ref.getAttribute("transform") !== null || ref.getAttribute("opacity") !== null)
            problems.add("a matte group <g mask> carries a transform or opacity (not counted)");
          const outer = read(ref.parentNode);
          if (outer === null) return null;
          // Mask contents are in the user space of the element that references the mask.
          const local = viewInverse.multiply(dm(el.getCTM()));
          return {matrix: outer.matrix.multiply(local), nodes: nodes.concat(outer.nodes)};
        }
        nodes.push(n);
      }
      return {matrix: viewInverse.multiply(dm(el.getCTM())), nodes: nodes};
    }
    function ownOpacity(n) {
      const s = n.style && n.style.opacity;
      if (s !== undefined && s !== "") return Number(s);
      const a = n.getAttribute("opacity");
      return a === null || a === "" ? 1 : Number(a);
    }
    // Where the layer's transform is: the <g id> itself or a wrapper below the next layer <g>.
    function transformHolders(el) {
      const holders = [];
      for (let n = el; n && n !== svg && n.localName !== "mask"; n = n.parentNode) {
        if (n !== el && isOurs(n)) break;
        if (n.getAttribute("transform") !== null) holders.push(n === el ? "self" : "wrapper <" + n.localName + ">");
      }
      return holders;
    }
    const layers = {};
    const holderCounts = {};
    const totalFrames = anim.totalFrames, timeCompleted = anim.timeCompleted;
    frames.forEach((frame, k) => {
      const raw = frame - firstFrame;
      if (raw > timeCompleted) notes.push("frame " + frame + " is past ip + floor(op - ip) = " +
        (firstFrame + timeCompleted) + ": lottie-web clamps it to that frame");
      current = String(frame);
      anim.goToAndStop(raw, true);
      const els = svg.querySelectorAll("[id]");
      for (const el of els) {
        if (!isOurs(el)) continue;
        const r = read(el);
        if (r === null) continue;
        const chain = [];
        for (const n of r.nodes) if (isOurs(n)) chain.unshift(ids[n.id]);
        const key = chain.join(">");
        let opacity = 1, displayed = true;
        for (const n of r.nodes) {
          opacity *= ownOpacity(n);
          if (getComputedStyle(n).display === "none") displayed = false;
        }
        if (!layers[key]) layers[key] = {matrix: [], opacity: [], displayed: [], tag: el.localName};
        else if (layers[key].matrix.length > k) { problems.add("two elements for the key " + key); continue; }
        const m = r.matrix;
        layers[key].matrix[k] = [m.a, m.b, m.c, m.d, m.e, m.f];
        layers[key].opacity[k] = opacity;
        layers[key].displayed[k] = displayed;
        if (displayed) {
          const h = transformHolders(el);
          const name = h.length === 1 ? h[0] : h.length === 0 ? "none" : "several (" + h.join(", ") + ")";
          (holderCounts[name] = holderCounts[name] || new Set()).add(key);
        }
      }
    });
    post({version: lottie.version, layers: layers, notes: notes, problems: Array.from(problems),
          holders: Object.fromEntries(Object.entries(holderCounts).map(([k, v]) => [k, Array.from(v)])),
          firstFrame: firstFrame, totalFrames: totalFrames,
          timeCompleted: timeCompleted});
  } catch (e) {
    post({error: String(e && (e.stack || e)), notes: notes, version: window.lottie && lottie.version});
  }
})();
"""


def run_page(chromium, js, doc, ids, frames, timeout):
    bodies = {
        "/": (PAGE.encode(), "text/html; charset=utf-8"),
        "/lottie.js": (js.encode(), "text/javascript; charset=utf-8"),
        "/run.js": (RUN.encode(), "text/javascript; charset=utf-8"),
        "/data": (json.dumps({"animationData": doc, "frames": frames, "ids": ids}).encode(),
                  "application/json"),
    }
    result, unserved = headless_page.serve(chromium, bodies, timeout, "lottie-web-reference")
    result["unserved"] = unserved
    return result


def parse_frames(text):
    frames = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        value = float(part)
        frames.append(int(value) if value.is_integer() and re.fullmatch(r"[+-]?\d+", part)
                      else value)
    if not frames:
        raise argparse.ArgumentTypeError("no frames")
    return frames


def natural(key):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", key)]


def reference(doc, frames, timeout):
    """Plays doc (a parsed Lottie document; its layers' `ln` are overwritten) at frames; returns
    (the output document, whether the page failed)."""
    js, version = lottie_web()
    chromium = ensure_chromium()
    ids = tag_layers(doc)
    expected = expected_instances(doc)
    started = time.monotonic()
    result = run_page(chromium, js, doc, ids, frames, timeout)
    elapsed = time.monotonic() - started

    print(f"lottie-web-reference: {elapsed:.2f} s in Chromium for {len(frames)} frames",
          file=sys.stderr)
    # Stack traces name the page's origin, a new port each run: written as the paths alone.
    origin = re.compile(r"https?://127\.0\.0\.1:\d+")
    notes = [f"lottie-web {result.get('version') or version} from {PYLOTTIE}'s lottie.html "
             f"(sha256 of the script {hashlib.sha256(js.encode()).hexdigest()})"]
    if "error" in result:
        notes.append("the page failed: " + origin.sub("", result["error"]))
    notes += [origin.sub("", n) for n in result.get("notes", [])]
    notes += ["reading problem: " + p for p in result.get("problems", [])]
    notes += [f"the page requested {p}, which this script does not serve (404)"
              for p in result.get("unserved", [])]
    if "firstFrame" in result:
        notes.append(f"goToAndStop(frame - {result['firstFrame']}, true) per frame "
                     f"(round(ip) = {result['firstFrame']}; totalFrames {result['totalFrames']})")
    for where, keys in sorted(result.get("holders", {}).items()):
        if where == "self":
            notes.append(f"{len(keys)} instances carry their transform on their own <g id> "
                         "(at the frames they are displayed)")
        elif where.startswith("wrapper"):
            notes.append(f"{len(keys)} instances carry their transform on a {where} around their "
                         f"<g id> (precomposition with masks; getCTM includes it once): "
                         + ", ".join(sorted(keys, key=natural)))
        else:
            what = "no transform attribute" if where == "none" else f"{where} transform attributes"
            notes.append(f"displayed at some frame with {what} between the <g id> and the "
                         "enclosing layer's (expected exactly one; nothing rendered there? see any "
                         "error above): " + ", ".join(sorted(keys, key=natural)))

    seen = result.get("layers", {})
    n = len(frames)
    layers = {}
    order = [key for key, _ in expected] + sorted((k for k in seen if k not in dict(expected)),
                                                  key=natural)
    for key in order:
        if key not in seen or key in layers:
            continue
        entry = seen[key]
        padded = {name: [entry[name][k] if k < len(entry[name]) else None for k in range(n)]
                  for name in ("matrix", "opacity", "displayed")}
        if any(v is None for v in padded["displayed"]):
            notes.append(f"{key}: not found at some frames (null there)")
        if entry.get("tag") != "g":
            notes.append(f"{key}: its element is <{entry.get('tag')}>, not <g>")
        layers[key] = padded
    matte_sources = []
    for key, reason in expected:
        if reason is None and key not in seen:
            notes.append(f"not found: {key} (expected an element)")
        elif reason is not None and key not in seen:
            notes.append(f"not found: {key}: {reason}")
        elif reason is not None:
            notes.append(f"found although not expected: {key} ({reason})")
    for key in seen:
        if key not in dict(expected):
            notes.append(f"found but not expected: {key}")
    for key in layers:
        pointer = key.split(">")[-1]
        parts = pointer.strip("/").split("/")
        node = doc
        for p in parts:
            node = node[int(p)] if isinstance(node, list) else node[p]
        if node.get("td"):
            matte_sources.append(key)
    if matte_sources:
        notes.append("track-matte sources (td; drawn only as the next layer's <mask>, world "
                     "matrix through the matted layer's composition): " + ", ".join(matte_sources))
    return ({"lottieWeb": result.get("version") or version, "frames": frames, "layers": layers,
             "notes": notes}, "error" in result)


def self_test(timeout):
    """A document built here, with what lottie-web must draw for it known by hand."""
    def tr(p=(0, 0), s=(100, 100), r=0, o=100):
        return {"p": {"a": 0, "k": [p[0], p[1], 0]}, "a": {"a": 0, "k": [0, 0, 0]},
                "s": {"a": 0, "k": [s[0], s[1], 100]}, "r": {"a": 0, "k": r}, "o": {"a": 0, "k": o}}

    square = {"ty": "gr", "it": [
        {"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]},
         "r": {"a": 0, "k": 0}},
        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
        {"ty": "tr", **tr()}]}

    def shape(ind, ks, **more):
        return dict({"ddd": 0, "ind": ind, "ty": 4, "sr": 1, "ks": ks, "ao": 0, "shapes": [square],
                     "ip": 0, "op": 60, "st": 0, "bm": 0}, **more)

    def precomp(ind, ks, **more):
        return dict({"ddd": 0, "ind": ind, "ty": 0, "refId": "c", "sr": 1, "ks": ks, "ao": 0,
                     "w": 400, "h": 300, "ip": 0, "op": 60, "st": 0, "bm": 0}, **more)

    hold = {"i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}  # linear
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 400, "h": 300, "ddd": 0,
           "assets": [{"id": "c", "layers": [shape(1, tr(p=(10, 20))),
                                             shape(2, tr(p=(5, 5), o=50), td=1),
                                             shape(3, tr(p=(7, 7)), tt=1)]}],
           "layers": [
               shape(1, tr(p=(100, 50))),
               shape(2, tr(p=(10, 10), r=90, o=50), parent=3),
               {"ddd": 0, "ind": 3, "ty": 3, "sr": 1, "ks": tr(p=(200, 100), s=(200, 200)),
                "ao": 0, "ip": 0, "op": 60, "st": 0},
               precomp(4, tr(p=(50, 60), o=40)),
               precomp(5, tr(p=(30, 0)), ip=10, hasMask=True, masksProperties=[{
                   "inv": False, "mode": "a", "o": {"a": 0, "k": 100}, "x": {"a": 0, "k": 0},
                   "pt": {"a": 0, "k": {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "c": True,
                                        "v": [[0, 0], [100, 0], [100, 100], [0, 100]]}}}]),
               shape(6, tr(p=(1, 1)), hd=True),
               shape(7, {**tr(), "p": {"a": 1, "k": [dict(t=0, s=[0, 0, 0], **hold),
                                                     {"t": 30, "s": [300, 0, 0]}]},
                         "o": {"a": 1, "k": [dict(t=0, s=[100], **hold), {"t": 20, "s": [0]}]}}),
           ]}
    frames = [0, 7.5, 15, 59]
    out, failed_page = reference(doc, frames, timeout)
    checks = []

    def check(key, k, matrix=None, opacity=None, displayed=None):
        layer = out["layers"].get(key)
        if layer is None:
            checks.append((False, f"{key}: not found"))
            return
        got = (layer["matrix"][k], layer["opacity"][k], layer["displayed"][k])
        ok = ((matrix is None or all(abs(a - b) <= 1e-5 for a, b in zip(got[0], matrix)))
              and (opacity is None or abs(got[1] - opacity) <= 1e-9)
              and (displayed is None or got[2] == displayed))
        checks.append((ok, f"{key} at frame {frames[k]}: matrix {got[0]}, opacity {got[1]}, "
                           f"displayed {got[2]}; want {matrix}, {opacity}, {displayed}"))

    for k in range(4):
        check("/layers/0", k, [1, 0, 0, 1, 100, 50], 1, True)  # position (100, 50) alone
        check("/layers/1", k, [0, 2, -2, 0, 220, 120], 0.5, True)  # parent: a null, scaled 200 %
        check("/layers/3>/assets/0/layers/0", k, [1, 0, 0, 1, 60, 80], 0.4, True)
        check("/layers/3>/assets/0/layers/1", k, [1, 0, 0, 1, 55, 65], 0.2, True)  # matte source
        check("/layers/3>/assets/0/layers/2", k, [1, 0, 0, 1, 57, 67], 0.4, True)
    check("/layers/4", 0, displayed=False)  # before its ip
    check("/layers/4>/assets/0/layers/0", 1, displayed=False)
    check("/layers/4", 2, [1, 0, 0, 1, 30, 0], 1, True)  # transform on the <g clip-path> wrapper
    check("/layers/4>/assets/0/layers/0", 2, [1, 0, 0, 1, 40, 20], 1, True)
    check("/layers/6", 1, [1, 0, 0, 1, 75, 0], 0.625, True)  # a fractional frame
    check("/layers/6", 2, [1, 0, 0, 1, 150, 0], 0.25, True)
    check("/layers/6", 3, displayed=False)  # opacity 0: lottie-web hides it
    notes = "\n".join(out["notes"])
    checks.append(("not found: /layers/2: null layer" in notes, "the null layer is listed as not found"))
    checks.append(("not found: /layers/5: hidden layer" in notes, "the hd layer is listed as not found"))
    checks.append(("wrapper <g> around their <g id> (precomposition with masks; getCTM includes it "
                   "once): /layers/4" in notes, "the masked precomposition's wrapper is noted"))
    checks.append((set(out["layers"]) == {
        "/layers/0", "/layers/1", "/layers/3", "/layers/4", "/layers/6",
        *(f"/layers/{i}>/assets/0/layers/{j}" for i in (3, 4) for j in range(3))},
        f"the keys: {sorted(out['layers'], key=natural)}"))
    checks.append((not failed_page and not any(n.startswith(("console.", "uncaught", "unhandled"))
                                               or " event at root frame " in n
                                               for n in out["notes"]),
                   "no page failure, console error or lottie-web error event"))
    failed = 0
    for ok, line in checks:
        failed += not ok
        print(("ok   " if ok else "FAIL ") + line)
    print(f"{len(checks) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", help="a Lottie JSON document")
    parser.add_argument("--frames", type=parse_frames,
                        help="root-composition frames, comma-separated; fractions allowed")
    parser.add_argument("--timeout", type=float, default=180, help="seconds for the page (180)")
    parser.add_argument("--self-test", action="store_true",
                        help="check the readings on a document built here (position (100, 50) "
                             "gives e = 100, f = 50; parenting; precompositions; a matte; a masked "
                             "precomposition; hd and null layers; a fractional frame)")
    args = parser.parse_args()
    if args.self_test:
        self_test(args.timeout)
    if args.file is None or args.frames is None:
        parser.error("FILE and --frames are required (or --self-test)")
    with open(args.file, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("layers"), list):
        raise SystemExit("lottie-web-reference: not a Lottie document (no layers)")
    out, failed = reference(doc, args.frames, args.timeout)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    sys.exit(1 if failed else 0)




if __name__ == "__main__":
    main()

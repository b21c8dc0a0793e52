#!/usr/bin/env python3
"""
scripts/python-lottie-reference.py: dump per-layer, per-frame world transforms / opacity /
visibility of a Lottie file as evaluated by python-lottie (PyPI `lottie`,
https://gitlab.com/mattbas/python-lottie).

Usage:
    scripts/python-lottie-reference.py FILE.json --frames 0,10.5,20 [--all-frames-step 5]
                                 [--no-svg-check] [--indent N]

Everything numeric comes from the library:
  * property values      -> AnimatableMixin.get_value(time)   (objects/properties.py)
  * layer local matrix   -> Transform.to_matrix(time, auto_orient)  (objects/helpers.py)
  * matrix product       -> TransformMatrix.__mul__              (utils/transform.py)
  * precomp time mapping -> parsers.svg.builder.PrecompTime.get_time_offset
                            folded exactly like SvgBuilder.time does
  * tree walk            -> mirrors utils/restructure.py + parsers/svg/builder.py
                            (parent = SVG <g> nesting, precomp layer = <g>
                            around the precomp's layers)
This script only does the bookkeeping (JSON pointers, loops). With the svg
check on (default) it also runs the library's own SvgBuilder per frame,
records which layers it emits and the time it used, rebuilds each layer's
CTM from the emitted SVG `transform` attributes, and compares the result
with the walk here (see "notes").

Output JSON:
  {"frames": [...],
   "layers": {"<pointer>": {"index": ind, "name": nm, "type": ty,
                            "matrix": [[a,b,c,d,tx,ty] per frame],
                            "opacity": [...], "visible": [...],
                            "time": [...],          # layer-local time python-lottie uses
                            "svg_rendered": [...],  # whether SvgBuilder emitted it (null if --no-svg-check)
                            "drawn_opacity": [...]  # product of the emitted groups' opacity from it out
                                                    # (null where not emitted or --no-svg-check)
                           }},
   "notes": [...]}
Matrix convention: x' = a*x + c*y + tx, y' = b*x + d*y + ty (same as
TransformMatrix.apply / to_css_2d).
"""
import argparse
import json
import math
import re
import sys
import time as _time
import warnings

try:
    import lottie
except ImportError:  # installed from PyPI when missing (the version the rules were read at)
    import subprocess
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "lottie==0.7.2"], check=True)
    import lottie
from lottie import objects
from lottie.utils.transform import TransformMatrix
from lottie.parsers.svg.builder import PrecompTime, SvgBuilder

MAX_DEPTH = 64


def mat6(m):
    return [m.a, m.b, m.c, m.d, m.tx, m.ty]


def _num(x):
    """JSON-safe float (NaN/inf -> string)."""
    if x is None:
        return None
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        return repr(x)
    return x


class Note:
    def __init__(self):
        self.items = []
        self._seen = set()

    def add(self, msg):
        if msg not in self._seen:
            self._seen.add(msg)
            self.items.append(msg)


STATIC_NOTES = [
    "library: python-lottie (PyPI 'lottie') %s; evaluation model = its SVG exporter "
    "(lottie/parsers/svg/builder.py SvgBuilder + lottie/utils/restructure.py); "
    "glaxnimate/cairosvg are not installed, so export_svg/export_png use exactly this builder." % lottie.__version__,
    "matrix = Transform.to_matrix(t, auto_orient) of the layer, times the parent chain "
    "(child first, then parent; TransformMatrix row-vector product local*parent), times the "
    "enclosing precomp layer's world matrix. That is what the nested SVG <g transform> elements mean.",
    "local matrix order (helpers.py Transform.to_matrix): translate(-anchor) -> scale(s/100) -> "
    "skew_from_axis(-sk, sa) [= rot(sa)*shear(tan(-sk))*rot(-sa); lottie-web uses rot(-sa)*shear*rot(sa)] "
    "-> rotate(-r) (positive r = clockwise on a y-down screen) -> [auto-orient rotate(-tangent angle)] -> translate(position). "
    "Only 'r' is read: 'rx','ry','rz','or' and z components are ignored (no 3D).",
    "time: root layers use the frame number directly; ip/op/st/sr of ordinary layers never shift "
    "their own property time (st of a non-precomp layer is ignored). Inside a precomp, "
    "t_inner = t_outer - precomp_layer.st (PrecompTime.get_time_offset); nested precomps fold this "
    "outer-to-inner. 'sr' (time stretch) is loaded but never used by the library.",
    "time remap 'tm': python-lottie's notion is NOT Lottie's (seconds). It computes "
    "f = tm(t_outer) and uses t_inner = L.ip*(1-f) + L.op*f - precomp_layer.st, where L is the "
    "inner layer being evaluated (so every inner layer gets a different time). Output follows the "
    "library; expect disagreement with a spec evaluator on any file with 'tm'.",
    "opacity = layer's own ks.o / 100 at its local time (no parent multiplication here; note that "
    "the library's SVG output nests child layers inside the parent's <g opacity>, so rendered "
    "opacity does get multiplied by parents' opacities there).",
    "visible (as asked) = not hd and ip <= t_local < op with t_local = the 'time' column. "
    "svg_rendered = what the library actually emits: root-level layers are culled when "
    "ip > t or op < t (op inclusive, ip/op compared to the root frame), a culled layer takes its "
    "parented children with it, layers inside precomps are never culled by their own ip/op, and "
    "'hd' is ignored for culling (shape layers get style display:none instead).",
    "keyframes (properties.py _get_value_helper): before the first keyframe -> first value; "
    "for kf[i-1].t < t <= kf[i].t -> segment i-1 with ratio (t-t0)/(t1-t0); after last -> last value. "
    "Easing = bezier-easing port (KeyframeBezier: 11-sample table, 4 Newton steps if slope>=0.001, "
    "else <=10 bisection steps to 1e-7): approximate. Only the first component of per-dimension "
    "easing arrays (i.x/i.y lists) is used for all dimensions.",
    "hold: a keyframe with h=1 and no i/o returns its start value for the whole segment INCLUDING "
    "t == next keyframe time; if h=1 but i/o are present the hold flag is ignored and it interpolates.",
    "spatial position/anchor keyframes (any 'ti'/'to' present, even zero): value = cubic bezier "
    "point at the RAW linear time ratio (temporal easing ignored, no arc-length "
    "reparametrisation); if |to| == 0 both control points are dropped (straight line, linear in time).",
    "split position (p.s=true): keyframes of x and y are merged at the union of their times with "
    "each merged keyframe's easing copied from whichever component keyframe sorts first; between "
    "those times the value is re-eased, so it is only approximately the per-axis result.",
    "expressions ('x') are ignored.",
]


def scan_features(d, notes):
    """Flag file features whose library handling is known to be non-standard (grouped by feature)."""
    feats = {}

    def flag(msg, ptr):
        feats.setdefault(msg, [])
        if ptr not in feats[msg]:
            feats[msg].append(ptr)

    def walk_layers(layers, prefix):
        for i, l in enumerate(layers or []):
            ptr = "%s/%d" % (prefix, i)
            if not isinstance(l, dict):
                continue
            if "tm" in l:
                flag("time remap 'tm' evaluated with python-lottie's fraction-of-inner-[ip,op] semantics, "
                     "not seconds", ptr)
            sr = l.get("sr", 1)
            if sr not in (None, 1, 1.0):
                flag("sr != 1 ignored by python-lottie", "%s(sr=%s)" % (ptr, sr))
            if l.get("ty") != 0 and l.get("st", 0) not in (0, None):
                flag("non-precomp layer with st != 0: python-lottie does not offset its property time by st",
                     "%s(st=%s)" % (ptr, l.get("st")))
            if l.get("ddd"):
                flag("3D layer (ddd=1): only the 2D parts of the transform are used", ptr)
            if l.get("hd"):
                flag("hidden layer (hd=true)", ptr)
            if l.get("td"):
                flag("track-matte source (td=1): reported like any layer; not drawn by itself in players", ptr)
            ks = l.get("ks") or {}
            for k in ("rx", "ry", "rz", "or"):
                if k in ks:
                    flag("ks.%s present: ignored by python-lottie's Transform" % k, ptr)
            for k, prop in ks.items():
                if not isinstance(prop, dict):
                    continue
                if isinstance(prop.get("x"), str):
                    flag("expression on a transform property: ignored", "%s.ks.%s" % (ptr, k))
                if prop.get("s") is True:
                    flag("split position/anchor (s=true): merged keyframes, approximate", "%s.ks.%s" % (ptr, k))
                kfs = prop.get("k")
                if isinstance(kfs, list) and kfs and isinstance(kfs[0], dict):
                    for kf in kfs:
                        if kf.get("h") and ("i" in kf or "o" in kf):
                            flag("hold keyframe that also has i/o: python-lottie interpolates it",
                                 "%s.ks.%s" % (ptr, k))
                        if kf.get("h"):
                            flag("hold keyframes (value at exactly the next keyframe time is still the held one)",
                                 "%s.ks.%s" % (ptr, k))
                        if ("ti" in kf or "to" in kf) and k in ("p", "a"):
                            flag("spatial tangents ti/to: bezier at the raw time ratio, temporal easing ignored",
                                 "%s.ks.%s" % (ptr, k))
                        for h in ("i", "o"):
                            hv = kf.get(h)
                            if isinstance(hv, dict) and isinstance(hv.get("x"), list) and len(hv["x"]) > 1 \
                                    and (len(set(hv["x"])) > 1 or len(set(hv.get("y", []))) > 1):
                                flag("per-dimension easing differing by axis: first component used for all axes",
                                     "%s.ks.%s" % (ptr, k))
            if l.get("ao"):
                flag("auto-orient: extra rotation from Bezier.tangent_angle_at of the position path", ptr)
    walk_layers(d.get("layers"), "/layers")
    for j, a in enumerate(d.get("assets") or []):
        if isinstance(a, dict) and "layers" in a:
            walk_layers(a["layers"], "/assets/%d/layers" % j)
    if d.get("comps"):
        flag("top-level 'comps' (extra compositions) are not used by python-lottie's renderer", "/comps")
    for msg, ptrs in feats.items():
        notes.add("file: %s: %s" % (msg, ", ".join(ptrs)))


class Walker:
    """
    Mirrors the SvgBuilder tree walk for a single frame, but visits every
    layer (including culled ones) so matrices exist for all frames.
    """

    def __init__(self, anim, raw, notes):
        self.anim = anim
        self.raw = raw
        self.notes = notes
        # precomp id -> (asset index, Precomp); last one wins like restructure_animation's dict
        self.precomps = {}
        raw_assets = raw.get("assets") or []
        lib_assets = anim.assets or []
        if len(raw_assets) != len(lib_assets):
            notes.add("asset count mismatch raw=%d library=%d; asset pointers may be off" %
                      (len(raw_assets), len(lib_assets)))
        for j, a in enumerate(lib_assets):
            if isinstance(a, objects.Precomp):
                self.precomps[a.id] = (j, a)
        if len(raw.get("layers") or []) != len(anim.layers or []):
            notes.add("root layer count mismatch raw=%d library=%d" %
                      (len(raw.get("layers") or []), len(anim.layers or [])))

    # ---- time -----------------------------------------------------------
    @staticmethod
    def layer_time(frame, pcts, layer):
        # == SvgBuilder.time with _current_layer[-1] == layer
        t = frame
        for pct in pcts:
            t = pct.get_time_offset(t, layer)
        return t

    # ---- one composition instance ---------------------------------------
    def eval_comp(self, layers, ptr_prefix, key_prefix, outer, pcts, frame, out, depth):
        if depth > MAX_DEPTH:
            self.notes.add("precomp nesting deeper than %d at %s: stopped" % (MAX_DEPTH, key_prefix))
            return
        by_index = {}
        for i, l in enumerate(layers):
            if l.index is not None:
                by_index[l.index] = i  # last wins (restructure_layer_list)
        world_cache = {}

        def world(i, stack=()):
            if i in world_cache:
                return world_cache[i]
            l = layers[i]
            t = self.layer_time(frame, pcts, l)
            tr = getattr(l, "transform", None)
            if tr is not None:
                local = tr.to_matrix(t, bool(getattr(l, "auto_orient", False)))
            else:
                local = TransformMatrix()
                self.notes.add("%s/%d (%s) has no transform in python-lottie: identity used" %
                               (ptr_prefix, i, type(l).__name__))
            pidx = l.parent_index
            if pidx is not None:
                if pidx not in by_index:
                    self.notes.add("%s/%d parent %s not found (python-lottie's restructure would raise "
                                   "KeyError): parent ignored" % (ptr_prefix, i, pidx))
                    m = local * outer
                elif by_index[pidx] in stack or by_index[pidx] == i:
                    self.notes.add("%s/%d parent cycle: parent ignored (library would never render it)" %
                                   (ptr_prefix, i))
                    m = local * outer
                else:
                    m = local * world(by_index[pidx], stack + (i,))
            else:
                m = local * outer
            world_cache[i] = m
            return m

        for i, l in enumerate(layers):
            ptr = "%s/%d" % (ptr_prefix, i)
            key = key_prefix + ptr
            t = self.layer_time(frame, pcts, l)
            rec = {"time": t, "matrix": None, "opacity": None, "visible": None}
            try:
                rec["matrix"] = mat6(world(i))
            except Exception as e:  # noqa
                self.notes.add("%s: matrix evaluation raised %s: %s" % (key, type(e).__name__, e))
            try:
                tr = getattr(l, "transform", None)
                if tr is not None and tr.opacity is not None:
                    rec["opacity"] = tr.opacity.get_value(t) / 100
                else:
                    rec["opacity"] = 1.0
            except Exception as e:  # noqa
                self.notes.add("%s: opacity evaluation raised %s: %s" % (key, type(e).__name__, e))
            ip = l.in_point
            op = l.out_point
            vis = not bool(l.hidden)
            if ip is not None and t < ip:
                vis = False
            if op is not None and t >= op:
                vis = False
            rec["visible"] = vis
            rec["layer"] = l
            out[key] = rec

            if isinstance(l, objects.PreCompLayer):
                ref = self.precomps.get(l.reference_id)
                if ref is None:
                    self.notes.add("%s refId %r not found among precomp assets" % (key, l.reference_id))
                    continue
                j, asset = ref
                try:
                    pw = world(i)
                except Exception:
                    continue
                self.eval_comp(asset.layers or [], "/assets/%d/layers" % j, key + ">",
                               pw, pcts + [PrecompTime(l)], frame, out, depth + 1)

    def eval_frame(self, frame):
        out = {}
        self.eval_comp(self.anim.layers or [], "/layers", "", TransformMatrix(), [], frame, out, 0)
        return out


# ---- cross-check against the library's own SvgBuilder ---------------------

_MATRIX_RE = re.compile(r"matrix\(([^)]*)\)")


def _tm_from_attr(s):
    m = _MATRIX_RE.search(s)
    vals = [float(v) for v in m.group(1).split(",")]
    tm = TransformMatrix()
    tm.a, tm.b, tm.c, tm.d, tm.tx, tm.ty = vals
    return tm


class RecordingBuilder(SvgBuilder):
    def __init__(self, frame):
        super().__init__(frame)
        self.records = []

    def _on_layer(self, layer_builder, dom_parent):
        g = super()._on_layer(layer_builder, dom_parent)
        if g is not None:
            chain = tuple(id(p.pcl) for p in self.precomp_times)
            self.records.append((id(layer_builder.lottie), chain, self.time, g))
        return g


def svg_check(anim, frame, key_of):
    """Run SvgBuilder at frame; return {key: (time, ctm6, is_matte_source)} for emitted layers."""
    b = RecordingBuilder(frame)
    b.process(anim)
    parent = {c: p for p in b.svg.iter() for c in p}
    res = {}
    for lid, chain, t, g in b.records:
        ctm = TransformMatrix()
        matte_src = False
        e = g
        while e is not None:
            tr = e.attrib.get("transform")
            if tr:
                ctm = ctm * _tm_from_attr(tr)
            if e.tag == "mask":
                matte_src = True
            e = parent.get(e)
        # The opacity it is drawn at: every group's `opacity` from it out (SVG multiplies them).
        drawn = 1.0
        e = g
        while e is not None:
            if "opacity" in e.attrib:
                drawn *= float(e.attrib["opacity"])
            e = parent.get(e)
        key = key_of.get((lid, chain))
        if key is not None:
            res[key] = (t, mat6(ctm), matte_src, drawn)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--frames", default=None, help="comma separated frame numbers (floats allowed)")
    ap.add_argument("--all-frames-step", type=float, default=None,
                    help="also add frames ip, ip+step, ... < op of the root composition")
    ap.add_argument("--no-svg-check", action="store_true",
                    help="skip running the library's SvgBuilder (faster; svg_rendered becomes null)")
    ap.add_argument("--indent", type=int, default=None)
    args = ap.parse_args()

    notes = Note()
    for n in STATIC_NOTES:
        notes.add(n)

    with open(args.file, encoding="utf-8") as f:
        raw = json.load(f)
    anim = None
    with warnings.catch_warnings(record=True) as wlist:
        warnings.simplefilter("always")
        try:
            anim = objects.Animation.load(raw)
        except Exception as e:  # noqa
            notes.add("python-lottie failed to load the file: %s: %s" % (type(e).__name__, e))
            # Shapes never influence layer transforms: retry with every layer's shape list emptied.
            stripped = json.loads(json.dumps(raw))
            for ls in [stripped.get("layers") or []] + [a.get("layers") or [] for a in (stripped.get("assets") or [])
                                                        if isinstance(a, dict)]:
                for l in ls:
                    if isinstance(l, dict) and "shapes" in l:
                        l["shapes"] = []
            try:
                anim = objects.Animation.load(stripped)
                notes.add("loaded instead with all layers' 'shapes' arrays emptied (shapes do not affect layer "
                          "transforms, opacity or ip/op; the svg check then renders no shape content)")
            except Exception as e2:  # noqa
                notes.add("retry without shapes also failed: %s: %s" % (type(e2).__name__, e2))
    for w in wlist:
        notes.add("load warning: %s" % w.message)
    if anim is None:
        json.dump({"frames": [], "layers": {}, "notes": notes.items}, sys.stdout, indent=args.indent)
        sys.stdout.write("\n")
        sys.exit(2)

    frames = []
    if args.frames:
        frames += [float(x) for x in args.frames.split(",") if x.strip()]
    if args.all_frames_step:
        f = float(anim.in_point or 0)
        while f < float(anim.out_point):
            frames.append(f)
            f += args.all_frames_step
    if not frames:
        frames = [0.0]

    scan_features(raw, notes)
    walker = Walker(anim, raw, notes)

    layers_out = {}
    key_of = {}  # (id(layer), precomp chain ids) -> key

    def chain_ids(key, per_frame):
        # precomp layer objects along the key chain
        parts = key.split(">")
        return tuple(id(per_frame[">".join(parts[:k + 1])]["layer"]) for k in range(len(parts) - 1))

    nF = len(frames)
    svg_errors = 0
    mismatches = []
    time_mismatches = []
    t0 = _time.perf_counter()
    for fi, frame in enumerate(frames):
        per = walker.eval_frame(frame)
        for key, rec in per.items():
            l = rec["layer"]
            if key not in layers_out:
                layers_out[key] = {
                    "index": l.index, "name": l.name, "type": getattr(l, "type", None),
                    "matrix": [None] * nF, "opacity": [None] * nF, "visible": [None] * nF,
                    "time": [None] * nF, "svg_rendered": [None] * nF,
                    "drawn_opacity": [None] * nF,
                }
                key_of[(id(l), chain_ids(key, per))] = key
            o = layers_out[key]
            o["matrix"][fi] = [_num(v) for v in rec["matrix"]] if rec["matrix"] is not None else None
            o["opacity"][fi] = _num(rec["opacity"])
            o["visible"][fi] = rec["visible"]
            o["time"][fi] = _num(rec["time"])
        if not args.no_svg_check:
            try:
                emitted = svg_check(anim, frame, key_of)
            except Exception as e:  # noqa
                svg_errors += 1
                notes.add("SvgBuilder raised %s: %s (svg_rendered left null for that frame)" %
                          (type(e).__name__, e))
                continue
            for key, o in layers_out.items():
                if key not in per:
                    continue
                o["svg_rendered"][fi] = key in emitted
                if key in emitted:
                    t_svg, ctm, matte_src, drawn = emitted[key]
                    o["drawn_opacity"][fi] = _num(drawn)
                    if abs(t_svg - per[key]["time"]) > 1e-9:
                        time_mismatches.append((key, frame, t_svg, per[key]["time"]))
                    mine = o["matrix"][fi]
                    if mine is not None:
                        d = max(abs(a - b) for a, b in zip(mine, ctm))
                        if d > 1e-9:
                            mismatches.append((key, frame, d, matte_src))
    elapsed = _time.perf_counter() - t0

    if not args.no_svg_check:
        if not mismatches and not time_mismatches and not svg_errors:
            notes.add("svg cross-check: for every layer the library's SvgBuilder emitted, its time and "
                      "its CTM (product of emitted <g transform> attributes) equal this script's values (|d|<=1e-9).")
        agg = {}
        for key, frame, d, matte_src in mismatches:
            a = agg.setdefault(key, [0, 0.0, matte_src])
            a[0] += 1
            a[1] = max(a[1], d)
        in_mask = [k for k, a in agg.items() if a[2]]
        other = [(k, a) for k, a in agg.items() if not a[2]]
        if in_mask:
            notes.add("svg cross-check: %d layer instance(s) are emitted inside a <defs><mask> because they are "
                      "(or sit inside) a track-matte source; SvgBuilder re-parents the matte source's <g> into the "
                      "mask, so the transforms of its parent layers / enclosing precomp layers are not DOM "
                      "ancestors there and the emitted CTM differs (max %.3g). The matrix reported here keeps the "
                      "full parent/precomp chain. Affected: %s%s" % (
                          len(in_mask), max(agg[k][1] for k in in_mask), ", ".join(in_mask[:12]),
                          " ..." if len(in_mask) > 12 else ""))
        for key, (cnt, dmax, _) in other[:30]:
            notes.add("svg cross-check: %s CTM in the emitted SVG differs from the walk on %d frame(s), max %.3g "
                      "(NOT explained by track mattes)" % (key, cnt, dmax))
        if len(other) > 30:
            notes.add("svg cross-check: %d more unexplained CTM mismatches" % (len(other) - 30))
        for key, frame, ts, tw in time_mismatches[:20]:
            notes.add("svg cross-check: %s frame %s time %r (svg) vs %r (walk)" % (key, frame, ts, tw))

    notes.add("evaluated %d frame(s) in %.3f s (svg check %s)" % (
        nF, elapsed, "off" if args.no_svg_check else "on"))

    result = {"frames": frames, "layers": layers_out, "notes": notes.items}
    if args.no_svg_check:
        for o in layers_out.values():
            o["svg_rendered"] = None
    json.dump(result, sys.stdout, indent=args.indent, allow_nan=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""POST /v1/fit's spring against independent references (docs/fit.md "Proof"), through the CLI
(`animation-timing fit`, byte for byte the service's answer):

1. A second optimiser: for each test case, SciPy's `least_squares` (trust-region reflective,
   from 12 starts) on the same objective the answer states — the root mean square of the
   progress residuals of the damped oscillator, written here from its closed form
   (docs/springs.md) — must not find a value lower than the answer's by more than 1e-9 of the
   distance.
2. Calibration: springs drawn at random (fixed seed), sampled at 60 uneven times over their
   settling with Gaussian noise of stated σ; how often each reported 95 % interval holds the true
   parameter. The goal is 90–98 % per parameter.
3. Motion's printer: `linear()`s printed here by Motion's rule, written from its published
   source (motion-dom `spring`, `calcGeneratorDuration`, `createGeneratorEasing`,
   `generateLinearEasing`: the spring over 0 to 100, its duration in 50 ms steps until at rest —
   within 0.5 and under 2 a second —, a stop every 10 ms rounded to 4 decimals, the target
   printed wherever it is at rest), fitted with their duration: the bounds hold ζ, ω₀ and v₀, and
   the fitted spring, evaluated here, passes every stop within its bound (half of 0.0001, or
   Motion's 0.005 where the stop is the target).
4. What fits equally: for short noisy clips, each range the answer gives for an undetermined
   parameter is checked by SciPy with the parameter fixed (the other two fitted from 12 starts):
   just inside each edge it finds a fit within the answer's threshold (the least sum of squares
   plus 3.84 σ²), and beyond an edge the answer says it found (by 10 % of the range), none.

Installs numpy and scipy from PyPI when missing. `--cases N` sets the calibration's size
(300 by default, as CI runs it: about 7 s with a debug build).
Usage: scripts/fit-reference.py [--binary .build/debug/animation-timing] [--cases N]
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys

try:
    import numpy as np
    from scipy.optimize import least_squares
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "numpy", "scipy"], check=True)
    import numpy as np
    from scipy.optimize import least_squares

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def progress(z, w, v0, t):
    """1 − x(t) of the oscillator from x(0) = 1, x'(0) = −v0 (docs/springs.md)."""
    t = np.asarray(t, dtype=float)
    if abs(z - 1) < 1e-9:
        return 1 - (1 + (w - v0) * t) * np.exp(-w * t)
    if z < 1:
        wd = w * math.sqrt(1 - z * z)
        b = (z * w - v0) / wd
        return 1 - np.exp(-z * w * t) * (np.cos(wd * t) + b * np.sin(wd * t))
    s = math.sqrt(z * z - 1)
    r1, r2 = -w / (z + s), -w * (z + s)
    c2 = (-v0 - r1) / (r2 - r1)
    return 1 - ((1 - c2) * np.exp(r1 * t) + c2 * np.exp(r2 * t))


def fit(binary, body, models="spring"):
    run = subprocess.run([binary, "fit", "--models", models], input=json.dumps(body).encode(),
                         capture_output=True)
    if run.returncode != 0:
        raise SystemExit(f"fit failed: {run.stdout[:300]!r} {run.stderr[:300]!r}")
    answer = json.loads(run.stdout)
    return next(m for m in answer["models"] if m["model"] == "spring"), answer


def scipy_best(times, prog):
    """The least root mean square any (ζ, ω₀, v₀) reaches, from 12 starts."""
    def residuals(p):
        return progress(math.exp(p[0]), math.exp(p[1]), p[2] * math.exp(p[1]), times) - prog
    span = times[-1] - times[0]
    best = math.inf
    for z in (0.2, 0.6, 1.0, 2.0):
        for settle in (0.5, 1.0, 2.0):
            w = 6.9 / (min(z, 1) * span * settle)
            try:
                r = least_squares(residuals, [math.log(z), math.log(w), 0.0], method="trf",
                                  xtol=1e-15, ftol=1e-15, gtol=1e-15, max_nfev=2000)
            except ValueError:
                continue
            best = min(best, math.sqrt(np.mean(r.fun ** 2)))
    return best


def motion_linear(z, w):
    """Motion's WAAPI `linear()` of the spring (ζ, ω₀ rad/s) from rest, and its duration (s)."""
    def at_rest(t):
        h = 1e-7
        speed = 100 * (progress(z, w, 0, t + h) - progress(z, w, 0, max(t - h, 0))) / (
            t + h - max(t - h, 0))
        return abs(100 - 100 * float(progress(z, w, 0, t))) <= 0.5 and abs(speed) <= 2
    ms = 0
    while not at_rest(ms / 1000) and ms < 20000:
        ms += 50
    count = max(round(ms / 10), 2)
    stops = []
    for i in range(count):
        t = ms / 1000 * i / (count - 1)
        value = 1.0 if at_rest(t) else float(progress(z, w, 0, t))
        stops.append(math.floor(value * 10000 + 0.5) / 10000)
    text = ", ".join("0" if y == 0 else (str(int(y)) if y == int(y) else repr(y)) for y in stops)
    return ms / 1000, f"linear({text})", stops


def scipy_profile(times, prog, fixed, value):
    """The least sum of squares with parameter `fixed` (0 ζ, 1 ω₀, 2 v₀) held at `value`."""
    def theta(q):
        p = [0.0, 0.0, 0.0]
        free = [k for k in range(3) if k != fixed]
        p[free[0]], p[free[1]] = q
        p[fixed] = math.log(value) if fixed < 2 else value
        return p
    def residuals(q):
        p = theta(q)
        z, w = math.exp(p[0]), math.exp(p[1])
        v0 = p[2] if fixed == 2 else p[2] * w
        return progress(z, w, v0, times) - prog
    span = times[-1] - times[0]
    best = math.inf
    for z in (0.2, 0.6, 1.0, 2.0):
        for settle in (0.5, 1.0, 2.0):
            w = 6.9 / (min(z, 1) * span * settle)
            start = [math.log(z), math.log(w), 0.0]
            q0 = [start[k] for k in range(3) if k != fixed]
            try:
                r = least_squares(residuals, q0, method="trf", xtol=1e-15, ftol=1e-15,
                                  gtol=1e-15, max_nfev=2000)
            except ValueError:
                continue
            best = min(best, float(np.sum(r.fun ** 2)))
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug",
                                                         "animation-timing"))
    parser.add_argument("--cases", type=int, default=300)
    args = parser.parse_args()
    failed = 0

    # 1. The second optimiser, on exact, rounded and noisy samples of several springs.
    rng = random.Random(7)
    cases = []
    for z, w, v0 in [(0.3, 12, 0), (1.0, 20, 0), (2.0, 15, 0), (0.6, 10, 3), (0.05, 30, 0),
                     (0.9, math.sqrt(700), 0)]:
        times = np.linspace(0, 1.2, 50)
        exact = progress(z, w, v0, times)
        cases.append((f"ζ {z}, ω₀ {w:.4g}, v₀ {v0}: exact", times, exact, {}))
        noisy = exact + np.array([rng.gauss(0, 0.01) for _ in times])
        cases.append((f"ζ {z}, ω₀ {w:.4g}, v₀ {v0}: noise 0.01", times, noisy, {"noise": 0.01}))
    for label, times, prog, extra in cases:
        body = dict({"samples": [[float(t), float(p)] for t, p in zip(times, prog)],
                     "from": 0, "to": 1}, **extra)
        spring, _ = fit(args.binary, body)
        ours = spring["residual"]["rmsFraction"]
        theirs = scipy_best(times, prog)
        ok = theirs >= ours - 1e-9
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {label}: rms {ours:.3e}, SciPy's best {theirs:.3e}")

    # 2. Calibration of the 95 % intervals under stated noise.
    rng = random.Random(2026)
    names = ("dampingRatio", "angularFrequency", "initialVelocity")
    held = {n: 0 for n in names}
    for _ in range(args.cases):
        z = math.exp(rng.uniform(math.log(0.2), math.log(2.5)))
        w = math.exp(rng.uniform(math.log(5), math.log(40)))
        v0 = rng.uniform(-2, 2)
        settle = 6.9 / (min(z, 1) * w) if z <= 1 else 6.9 * (z + math.sqrt(z * z - 1)) / w
        times = np.sort(np.array([0.0] + [rng.uniform(0, settle) for _ in range(59)]))
        sigma = 0.01
        prog = progress(z, w, v0, times) + np.array([rng.gauss(0, sigma) for _ in times])
        body = {"samples": [[float(t), 100 * float(p)] for t, p in zip(times, prog)],
                "from": 0, "to": 100, "noise": 100 * sigma}
        spring, _ = fit(args.binary, body)
        for name, truth in zip(names, (z, w, v0)):
            interval = spring["intervals"][name]
            if interval["low"] is not None and interval["low"] <= truth <= interval["high"]:
                held[name] += 1
    for name in names:
        rate = held[name] / args.cases
        ok = 0.90 <= rate <= 0.98
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} calibration {name}: the 95 % interval held the truth "
              f"in {held[name]} of {args.cases} ({rate * 100:.1f} %)")

    # 3. Motion's printer.
    for z, w in [(0.3, 12), (0.5, 10), (0.8, 20), (1.0, 14), (1.6, 20), (0.15, 30)]:
        duration, text, stops = motion_linear(z, w)
        spring, answer = fit(args.binary, {"curve": text, "duration": duration})
        p = spring["parameters"]
        held = all(spring["intervals"][n]["low"] <= truth <= spring["intervals"][n]["high"]
                   for n, truth in zip(names, (z, w, 0)))
        times = np.linspace(0, duration, len(stops))
        fitted = progress(p["dampingRatio"], p["angularFrequency"], p["initialVelocity"], times)
        ratio = max(abs(f - y) / (0.005 if y == 1 else 0.00005) for f, y in zip(fitted, stops))
        ok = answer["input"]["printer"] == "motion" and held and ratio <= 1 + 1e-6
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} Motion's linear() of ζ {z}, ω₀ {w} ({len(stops)} stops): "
              f"bounds hold the spring: {held}; largest |fitted − stop| over its bound {ratio:.3f}")

    # 4. What fits equally, checked by SciPy on short noisy clips.
    rng = random.Random(11)
    for z, w, v0, n, span, sigma in [(1.0, 12, 0, 10, 0.09, 0.01), (0.5, 10, 0, 12, 0.12, 0.02),
                                     (1.0, 20, 2, 15, 0.1, 0.01), (2.0, 8, 0, 10, 0.2, 0.01)]:
        times = np.linspace(0, span, n)
        prog = progress(z, w, v0, times) + np.array([rng.gauss(0, sigma) for _ in times])
        body = {"samples": [[float(t), float(y)] for t, y in zip(times, prog)],
                "from": 0, "to": 1, "noise": sigma}
        spring, _ = fit(args.binary, body)
        threshold = n * spring["residual"]["rmsFraction"] ** 2 + 3.84 * sigma * sigma
        for k, name in enumerate(names):
            r = spring["intervals"][name]["fitsEqually"]
            if r is None:
                continue
            width = r["high"] - r["low"]
            checks = []
            for edge, found, inward in ((r["low"], r["lowFound"], 1), (r["high"], r["highFound"], -1)):
                inside = edge + inward * 0.01 * width
                if k < 2 and inside <= 0:
                    continue
                checks.append(("inside", inside, scipy_profile(times, prog, k, inside) <= threshold * (1 + 1e-6)))
                beyond = edge - inward * 0.1 * width
                if found and (k == 2 or beyond > 0):
                    checks.append(("beyond", beyond, scipy_profile(times, prog, k, beyond) > threshold))
            ok = all(c[2] for c in checks)
            failed += not ok
            print(f"{'ok  ' if ok else 'FAIL'} ζ {z}, ω₀ {w}, v₀ {v0}, {n} samples over {span} s, "
                  f"σ {sigma}: {name} fits equally over [{r['low']:.4g}, {r['high']:.4g}]"
                  + "".join(f"; {c[0]} {c[1]:.4g} {'ok' if c[2] else 'FAILS'}" for c in checks))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The tokens compiler's cubic Bézier stand-ins against an independent search for the best one
(docs/tokens.md "DTCG"): for each curve, the smallest largest error in progress any
cubic-bezier(x1, y1, x2, y2) with x in [0, 1] reaches — for each pair (x1, x2) the best y1, y2
exactly, as a linear program (SciPy's HiGHS), over 2 049 points; the pairs searched on an
11 × 11 grid and refined by SciPy's Nelder–Mead — and the service's stand-in, compiled by the
CLI. The curves are evaluated here: the damped oscillator's closed form (docs/springs.md) over
the span the service states (its settling duration: an input of the problem, not its answer),
and Material's emphasized path by bisection on each segment.

Passes when every stand-in's stated error is within 1 % above the reference's best (the stated
error is measured on 4 097 points, so it may be a little above an optimum found on 2 049).
Takes about a minute; a developer's check, not in CI. Installs numpy and scipy from PyPI.
Usage: scripts/cubic-fit-reference.py [--binary .build/debug/animation-timing]
"""
import argparse
import json
import math
import os
import subprocess
import sys

try:
    import numpy as np
    from scipy.optimize import linprog, minimize
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "numpy", "scipy"], check=True)
    import numpy as np
    from scipy.optimize import linprog, minimize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
XS = np.linspace(0, 1, 2049)


def parameter(x1, x2, xs):
    """The curve's parameter where x(t) = xs, by bisection (x is monotone for x1, x2 in [0, 1])."""
    lo, hi = np.zeros_like(xs), np.ones_like(xs)
    for _ in range(60):
        t = (lo + hi) / 2
        xt = 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3
        lo, hi = np.where(xt < xs, t, lo), np.where(xt < xs, hi, t)
    return (lo + hi) / 2


def chebyshev(x1, x2, ys):
    """The smallest largest error over y1, y2 for handles at x1, x2: a linear program."""
    t = parameter(x1, x2, XS)
    p, q, r = 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, ys - t ** 3
    ones = np.ones_like(p)
    a = np.vstack([np.column_stack([p, q, -ones]), np.column_stack([-p, -q, -ones])])
    b = np.concatenate([r, -r])
    result = linprog([0, 0, 1], A_ub=a, b_ub=b, bounds=[(None, None), (None, None), (0, None)],
                     method="highs")
    return result.fun


def best(ys):
    f = lambda v: chebyshev(min(max(v[0], 0), 1), min(max(v[1], 0), 1), ys)
    start = min(((a, c) for a in np.linspace(0, 1, 11) for c in np.linspace(0, 1, 11)),
                key=f)
    return minimize(f, start, method="Nelder-Mead", options={"xatol": 1e-7, "fatol": 1e-10}).fun


def oscillator(zeta, omega, t):
    """x(t) of a unit step from rest (docs/springs.md), as a fraction of the distance."""
    if zeta < 1:
        wd = omega * math.sqrt(1 - zeta * zeta)
        return 1 - np.exp(-zeta * omega * t) * (np.cos(wd * t) + zeta * omega / wd * np.sin(wd * t))
    if zeta == 1:
        return 1 - np.exp(-omega * t) * (1 + omega * t)
    s = math.sqrt(zeta * zeta - 1)
    r1, r2 = -omega * (zeta - s), -omega * (zeta + s)
    return 1 - (r2 * np.exp(r1 * t) - r1 * np.exp(r2 * t)) / (r2 - r1)


def cubic_segment(p, xs):
    lo, hi = np.zeros_like(xs), np.ones_like(xs)
    for _ in range(60):
        t = (lo + hi) / 2
        u = 1 - t
        xt = u ** 3 * p[0] + 3 * u * u * t * p[2] + 3 * u * t * t * p[4] + t ** 3 * p[6]
        lo, hi = np.where(xt < xs, t, lo), np.where(xt < xs, hi, t)
    t = (lo + hi) / 2
    u = 1 - t
    return u ** 3 * p[1] + 3 * u * u * t * p[3] + 3 * u * t * t * p[5] + t ** 3 * p[7]


def compiled(binary, document):
    run = subprocess.run([binary, "tokens", "-"], input=json.dumps(document).encode(),
                         capture_output=True, check=True)
    return json.loads(run.stdout)["tokens"][0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug",
                                                         "animation-timing"))
    binary = parser.parse_args().binary
    failed = 0
    springs = [("Material default spatial", {"android": {"stiffness": 700, "dampingRatio": 0.9}}),
               ("Material default effects", {"android": {"stiffness": 1600, "dampingRatio": 1}}),
               ("SwiftUI response 0.5, damping 0.6",
                {"swiftUI": {"response": 0.5, "dampingFraction": 0.6}})]
    cases = []
    for label, spring in springs:
        token = compiled(binary, {"s": {"$type": "cubicBezier", "$value": [0, 0, 1, 1],
                                        "$extensions": {"dev.animation-timing.spring": spring}}})
        s = token["spring"]
        ys = oscillator(s["dampingRatio"], math.sqrt(s["stiffness"] / s["mass"]),
                        XS * s["settlingDuration"])
        cases.append((label, token, ys))
    segments = [[0, 0, 0.05, 0, 0.133333, 0.06, 0.166666, 0.4],
                [0.166666, 0.4, 0.208333, 0.82, 0.25, 1, 1, 1]]
    path = "M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1"
    emphasized = np.where(XS <= 0.166666, cubic_segment(segments[0], XS),
                          cubic_segment(segments[1], XS))
    cases.append(("Material emphasized path",
                  compiled(binary, {"md.sys.motion.easing.emphasized": path}), emphasized))
    for label, token, ys in cases:
        stated = token["dtcg"]["maxError"]
        reference = best(ys)
        ok = stated <= reference * 1.01
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {label}: stand-in {stated:.6f}, reference best "
              f"{reference:.6f} ({(stated / reference - 1) * 100:+.2f} %)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

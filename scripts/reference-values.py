#!/usr/bin/env python3
"""Independent reference values for the timing-function tests.

Solves the Bézier timing curves with mpmath at 60 significant digits (plain bisection on the
parameter, no shared code with the Swift solver) and prints the values the tests assert.
Run: python3 scripts/reference-values.py   (installs mpmath with pip if it is missing)
"""
import subprocess, sys

try:
    import mpmath
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "mpmath"])
    import mpmath

mp = mpmath.mp
mp.dps = 60


def bezier_y(x1, y1, x2, y2, x):
    x1, y1, x2, y2, x = map(mpmath.mpf, (x1, y1, x2, y2, x))
    if x <= 0:
        return mpmath.mpf(0)
    if x >= 1:
        return mpmath.mpf(1)

    def X(s):
        return 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s**2 * x2 + s**3

    def Y(s):
        return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s**2 * y2 + s**3

    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    for _ in range(200):
        mid = (lo + hi) / 2
        if X(mid) < x:
            lo = mid
        else:
            hi = mid
    return Y((lo + hi) / 2)


named = {
    "linear": (0, 0, 1, 1),
    "easeIn": (0.42, 0, 1, 1),
    "easeOut": (0, 0, 0.58, 1),
    "easeInEaseOut": (0.42, 0, 0.58, 1),
    "default": (0.25, 0.1, 0.25, 1),
}

if __name__ == "__main__":
    print("// named curves at x = 0, 0.1, ..., 1")
    for name, p in named.items():
        xs = [mpmath.mpf(i) / 10 for i in range(11)]
        # the Swift side evaluates the double nearest i/10
        vals = [bezier_y(*p, float(i) / 10) for i in range(11)]
        print(f'"{name}": [' + ", ".join(mpmath.nstr(v, 17) for v in vals) + "],")
    print("// near-vertical stress points")
    stress = [
        ((1, 0, 0, 1), [0.5, 0.5 + 1e-12, 0.5 - 1e-12, 0.5 + 1e-9, 0.5 - 1e-7, 0.5 + 1e-5, 0.4999, 0.25]),
        ((0, 1.5, 1, 1.5), [1e-12, 1e-9, 1e-6, 1e-3, 0.5, 1 - 1e-3, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]),
        ((0, 0, 0, 1), [1e-15, 1e-9, 0.5]),
        ((1, 0, 1, 1), [1 - 1e-12, 0.5, 0.999999]),
        ((0.5, -2, 0.5, 3), [0.5, 0.25, 0.75]),
    ]
    for p, xs in stress:
        for x in xs:
            print(f"(({p[0]}, {p[1]}, {p[2]}, {p[3]}), {x!r}, {mpmath.nstr(bezier_y(*p, x), 20)}),")

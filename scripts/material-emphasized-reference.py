#!/usr/bin/env python3
"""Material 3's emphasized easing, evaluated from its path's definition alone: the path
`M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1` is two cubic Bézier
segments; at time x the segment whose x-range holds x is solved for its parameter s with
x(s) = x by bisection in exact rational arithmetic (Python's fractions, 200 halvings), and the
progress is y(s). Prints `x y` pairs, y to 17 significant digits, for EasingPathTests.

  python3 scripts/material-emphasized-reference.py
"""
from fractions import Fraction as F

SEGMENTS = [
    ((F(0), F(0)), (F("0.05"), F(0)), (F("0.133333"), F("0.06")), (F("0.166666"), F("0.4"))),
    ((F("0.166666"), F("0.4")), (F("0.208333"), F("0.82")), (F("0.25"), F(1)), (F(1), F(1))),
]


def point(segment, s):
    p0, c1, c2, p3 = segment
    u = 1 - s
    return tuple(u**3 * p0[i] + 3 * u**2 * s * c1[i] + 3 * u * s**2 * c2[i] + s**3 * p3[i]
                 for i in range(2))


def progress(x):
    x = F(x)
    segment = next(seg for seg in SEGMENTS if x <= seg[3][0])
    lo, hi = F(0), F(1)
    for _ in range(200):
        mid = (lo + hi) / 2
        if point(segment, mid)[0] < x:
            lo = mid
        else:
            hi = mid
    return point(segment, (lo + hi) / 2)[1]


if __name__ == "__main__":
    for x in ["0", "0.05", "0.1", "0.166666", "0.2", "0.3", "0.5", "0.75", "0.9", "1"]:
        print(x, f"{float(progress(x)):.17g}")

#!/usr/bin/env python3
"""Independent reference values for the engine's tests, in mpmath (no code shared with Swift).

  python3 scripts/reference-values.py              timing curves: 60-digit Bézier solutions
                                                   (bisection on the parameter), printed
  python3 scripts/reference-values.py transforms   > Tests/TimingEngineTests/TransformReferenceValues.swift
  python3 scripts/reference-values.py paced        > Tests/TimingEngineTests/PacedReferenceValues.swift
                                                   (then swift format -i both; paced takes ~30 s)
  python3 scripts/reference-values.py springs      settlingDuration by a fine scan, printed

transforms: seeded compositions with reflections and half turns (issue 12), decomposed as CSS
Transforms 2 says in 50 digits — the quaternion by axis and angle, not Shepperd's method —
interpolated and recomposed. paced: cubicPaced splines (Kochanek–Bartels from the formula in
docs/semantics.md §3.4) and paced SVG paths, their arc length by tanh-sinh quadrature
(mpmath.quad) split where the speed has extrema or zeros (mpmath.polyroots), inverted by
Newton's method with bisection to 1e-30. Installs mpmath with pip if it is missing.
"""
import random
import subprocess
import sys

try:
    import mpmath
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "mpmath"])
    import mpmath

mp = mpmath.mp
mp.dps = 60
mpf = mpmath.mpf


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


def curves():
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


# MARK: Transforms (issue 12)

def ident():
    return [[mpf(1) if i == j else mpf(0) for j in range(4)] for i in range(4)]

def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]

def rotation(angle, axis):
    # Rodrigues for column vectors, R = cI + s[u]x + (1-c)uu^T; CATransform3D is its transpose.
    n = mpmath.sqrt(sum(mpf(v) ** 2 for v in axis))
    u = [mpf(v) / n for v in axis]
    c, s = mpmath.cos(angle), mpmath.sin(angle)
    cross = [[0, -u[2], u[1]], [u[2], 0, -u[0]], [-u[1], u[0], 0]]
    col = [[c * (i == j) + s * cross[i][j] + (1 - c) * u[i] * u[j] for j in range(3)] for i in range(3)]
    m = ident()
    for i in range(3):
        for j in range(3):
            m[i][j] = col[j][i]
    return m

def scale(x, y, z):
    m = ident(); m[0][0], m[1][1], m[2][2] = mpf(x), mpf(y), mpf(z); return m

def householder(axis):
    n = mpmath.sqrt(sum(mpf(v) ** 2 for v in axis))
    u = [mpf(v) / n for v in axis]
    m = ident()
    for i in range(3):
        for j in range(3):
            m[i][j] = (i == j) - 2 * u[i] * u[j]
    return m

def skew(xy, xz, yz):
    m = ident(); m[1][0], m[2][0], m[2][1] = mpf(xy), mpf(xz), mpf(yz); return m

def translation(x, y, z):
    m = ident(); m[3][0], m[3][1], m[3][2] = mpf(x), mpf(y), mpf(z); return m

def perspective(d, px=0, py=0):
    m = ident(); m[2][3] = -1 / mpf(d); m[0][3] = mpf(px); m[1][3] = mpf(py); return m

def to_doubles(m):
    return [float(m[i][j]) for i in range(4) for j in range(4)]

def from_doubles(v):
    return [[mpf(v[i * 4 + j]) for j in range(4)] for i in range(4)]

def dot3(a, b): return sum(x * y for x, y in zip(a, b))
def cross3(a, b): return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

def quaternion_of(r):
    """Rotation rows (row vectors) -> unit quaternion (x, y, z, w) with the CSS recomposition's
    mapping, by axis and angle (not Shepperd): cos(theta) from the trace, the axis from the
    antisymmetric part, or near a half turn from the symmetric part n n^T (1 - cos) + cos I."""
    tr = r[0][0] + r[1][1] + r[2][2]
    c = max(min((tr - 1) / 2, mpf(1)), mpf(-1))
    theta = mpmath.acos(c)
    anti = [r[1][2] - r[2][1], r[2][0] - r[0][2], r[0][1] - r[1][0]]  # 2 sin(theta) n
    if abs(mpmath.sin(theta)) > mpf(10) ** -8:
        n = [a / (2 * mpmath.sin(theta)) for a in anti]
    else:
        sym = [[(r[i][j] + r[j][i]) / 2 - (c if i == j else 0) for j in range(3)] for i in range(3)]
        k = max(range(3), key=lambda i: sym[i][i])
        n = [sym[k][j] for j in range(3)]
        if dot3(n, anti) < 0:
            n = [-v for v in n]
    norm = mpmath.sqrt(dot3(n, n))
    if norm == 0:
        return [mpf(0), mpf(0), mpf(0), mpf(1)]
    n = [v / norm for v in n]
    s = mpmath.sin(theta / 2)
    return [n[0] * s, n[1] * s, n[2] * s, mpmath.cos(theta / 2)]

def rotation_rows(q):
    x, y, z, w = q
    return [
        [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
        [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
        [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
    ]

def decompose(m):
    """CSS Transforms 2, 'Decomposing a 3D matrix', in 50-digit arithmetic."""
    if m[3][3] == 0:
        return None
    m44 = m[3][3]
    m = [[v / m44 for v in row] for row in m]
    p = [row[:] for row in m]
    for i in range(3):
        p[i][3] = mpf(0)
    p[3][3] = mpf(1)
    pm = mpmath.matrix(p)
    if mpmath.det(pm) == 0:
        return None
    if m[0][3] != 0 or m[1][3] != 0 or m[2][3] != 0:
        rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
        inv = pm ** -1
        persp = [sum(rhs[j] * inv[i, j] for j in range(4)) for i in range(4)]
    else:
        persp = [mpf(0), mpf(0), mpf(0), mpf(1)]
    translate = [m[3][0], m[3][1], m[3][2]]
    row = [[m[i][0], m[i][1], m[i][2]] for i in range(3)]
    sc = [mpf(0)] * 3
    sk = [mpf(0)] * 3  # xy, xz, yz
    sc[0] = mpmath.sqrt(dot3(row[0], row[0])); row[0] = [v / sc[0] for v in row[0]]
    sk[0] = dot3(row[0], row[1]); row[1] = [a - sk[0] * b for a, b in zip(row[1], row[0])]
    sc[1] = mpmath.sqrt(dot3(row[1], row[1])); row[1] = [v / sc[1] for v in row[1]]; sk[0] /= sc[1]
    sk[1] = dot3(row[0], row[2]); row[2] = [a - sk[1] * b for a, b in zip(row[2], row[0])]
    sk[2] = dot3(row[1], row[2]); row[2] = [a - sk[2] * b for a, b in zip(row[2], row[1])]
    sc[2] = mpmath.sqrt(dot3(row[2], row[2])); row[2] = [v / sc[2] for v in row[2]]
    sk[1] /= sc[2]; sk[2] /= sc[2]
    if dot3(row[0], cross3(row[1], row[2])) < 0:
        sc = [-v for v in sc]
        row = [[-v for v in r] for r in row]
    q = quaternion_of(row)
    back = rotation_rows(q)
    assert max(abs(back[i][j] - row[i][j]) for i in range(3) for j in range(3)) < mpf(10) ** -30
    # semantics.md §3.1 ◆: m44, divided out above, is kept and multiplied back when recomposing.
    return dict(translate=translate, scale=sc, skew=sk, persp=persp, q=q, m44=m44)

HALF_TURN_DOT = mpf("1e-12")

def slerp(qa, qb, t):
    d = sum(a * b for a, b in zip(qa, qb))
    if abs(d) <= HALF_TURN_DOT:
        va, vb = qa[:3], qb[:3]
        cr = cross3(va, vb)
        axis = [qa[3] * vb[i] - qb[3] * va[i] - cr[i] for i in range(3)]
        lead = next((a for a in axis if abs(a) > mpf("1e-9")), axis[2])
        if lead < 0:
            qb = [-v for v in qb]; d = -d
    elif d < 0:
        qb = [-v for v in qb]; d = -d
    d = min(d, mpf(1))
    theta = mpmath.acos(d)
    if theta == 0:
        return qa
    wa = mpmath.sin((1 - t) * theta) / mpmath.sin(theta)
    wb = mpmath.sin(t * theta) / mpmath.sin(theta)
    return [wa * a + wb * b for a, b in zip(qa, qb)]

def recompose(d):
    """M = Scale . Skew_xy . Skew_xz . Skew_yz . Rotation . Translation . Perspective (row vectors)."""
    persp = ident()
    for i in range(4):
        persp[i][3] = d["persp"][i]
    r = ident()
    rows = rotation_rows(d["q"])
    for i in range(3):
        for j in range(3):
            r[i][j] = rows[i][j]
    m = mul(translation(*d["translate"]), persp)
    m = mul(r, m)
    m = mul(skew(0, 0, d["skew"][2]), m)
    m = mul(skew(0, d["skew"][1], 0), m)
    m = mul(skew(d["skew"][0], 0, 0), m)
    m = mul(scale(*d["scale"]), m)
    return [[v * d["m44"] for v in row] for row in m]

def interpolate(a, b, t):
    t = mpf(t)
    lerp = lambda x, y: [u * (1 - t) + v * t for u, v in zip(x, y)]
    return dict(translate=lerp(a["translate"], b["translate"]), scale=lerp(a["scale"], b["scale"]),
                skew=lerp(a["skew"], b["skew"]), persp=lerp(a["persp"], b["persp"]),
                q=slerp(a["q"], b["q"], t), m44=a["m44"] * (1 - t) + b["m44"] * t)

ISSUE_REFLECTION = [0.5, 0.866025403784, 0, 0, 0.866025403784, -0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

def random_axis(rng):
    while True:
        v = [rng.uniform(-1, 1) for _ in range(3)]
        n = sum(x * x for x in v) ** 0.5
        if 0.2 < n <= 1:
            return v

def random_factor(rng, kind):
    """One factor of a composition, of the given kind."""
    if kind == "rotation":
        return rotation(mpf(rng.uniform(-3.1, 3.1)), random_axis(rng))
    if kind == "halfTurn":
        axis = rng.choice([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], random_axis(rng)])
        return rotation(mpmath.pi, axis)
    if kind == "reflection":
        return householder(random_axis(rng))
    if kind == "negativeScale":
        s = [rng.uniform(0.4, 2.5) for _ in range(3)]
        s[rng.randrange(3)] *= -1
        return scale(*s)
    if kind == "negativeScales":
        return scale(*[-rng.uniform(0.4, 2.5) for _ in range(3)])
    if kind == "scale":
        return scale(*[rng.uniform(0.4, 2.5) for _ in range(3)])
    if kind == "skew":
        return skew(*[rng.uniform(-0.8, 0.8) for _ in range(3)])
    if kind == "perspective":
        return perspective(rng.uniform(200, 2000), rng.uniform(-2e-3, 2e-3), rng.uniform(-2e-3, 2e-3))
    if kind == "translation":
        return translation(*[rng.uniform(-200, 200) for _ in range(3)])
    raise ValueError(kind)

KINDS = ["rotation", "halfTurn", "reflection", "negativeScale", "negativeScales", "scale", "skew",
         "perspective", "translation"]

def random_composition(rng):
    """2 to 4 factors, at least one of them a half turn or a reflection most of the time, in the
    order a CATransform3D list applies them (scale and skew first, perspective last)."""
    order = {"scale": 0, "negativeScale": 0, "negativeScales": 0, "skew": 1, "rotation": 2,
             "halfTurn": 2, "reflection": 2, "translation": 3, "perspective": 4}
    kinds = [rng.choice(["halfTurn", "reflection", "negativeScale", "negativeScales"])]
    kinds += [rng.choice(KINDS) for _ in range(rng.randrange(1, 4))]
    kinds.sort(key=lambda k: order[k])
    m = ident()
    for k in kinds:
        m = mul(m, random_factor(rng, k))
    return m, "·".join(kinds)

def transform_cases(seed=12, count=40):
    rng = random.Random(seed)
    cases = [("identity → issue 12's reflection", ident(), from_doubles(ISSUE_REFLECTION))]
    for i in range(count):
        a, ka = random_composition(rng)
        shape = i % 4
        if shape == 0:
            cases.append((f"identity → {ka}", ident(), a))
        elif shape == 1:
            h = rotation(mpmath.pi, random_axis(rng))
            # The same matrix then a half turn: the rotations are exactly a half turn apart.
            cases.append((f"{ka} → same·halfTurn", a, mul(a, h)))
        else:
            b, kb = random_composition(rng)
            cases.append((f"{ka} → {kb}", a, b))
    return [(name, to_doubles(a), to_doubles(b)) for name, a, b in cases]

def transform_references():
    """Swift source: pairs of matrices (as doubles) and their interpolations at t = 0.3, 0.999."""
    times = [0.3, 0.999]
    out = []
    for name, a, b in transform_cases():
        da, db = decompose(from_doubles(a)), decompose(from_doubles(b))
        values = []
        for t in times:
            m = recompose(interpolate(da, db, t))
            values.append([float(m[i][j]) for i in range(4) for j in range(4)])
        out.append((name, a, b, values))
    return times, out


# MARK: Paced arc length (issue 12)

def kochanek_bartels(p, tension, continuity, bias):
    """Tangents at even spacing, ends duplicated (P[-1] = P[0], P[n] = P[n-1]):
    outgoing  = (1-t)(1+b)(1+c)/2 (P_i - P_{i-1}) + (1-t)(1-b)(1-c)/2 (P_{i+1} - P_i)
    incoming  = (1-t)(1+b)(1-c)/2 (P_i - P_{i-1}) + (1-t)(1-b)(1+c)/2 (P_{i+1} - P_i)"""
    n = len(p)
    outgoing, incoming = [], []
    for i in range(n):
        t, c, b = (mpf(tension[i]), mpf(continuity[i]), mpf(bias[i]))
        before = [x - y for x, y in zip(p[i], p[max(i - 1, 0)])]
        after = [x - y for x, y in zip(p[min(i + 1, n - 1)], p[i])]
        outgoing.append([(1 - t) * (1 + b) * (1 + c) / 2 * u + (1 - t) * (1 - b) * (1 - c) / 2 * v
                         for u, v in zip(before, after)])
        incoming.append([(1 - t) * (1 + b) * (1 - c) / 2 * u + (1 - t) * (1 - b) * (1 + c) / 2 * v
                         for u, v in zip(before, after)])
    return outgoing, incoming

class Cubic:
    """One segment as Bernstein control points (any dimension): B(s) for s in [0, 1]."""
    def __init__(self, q0, q1, q2, q3):
        self.q = [q0, q1, q2, q3]

    def point(self, s):
        u = 1 - s
        w = [u ** 3, 3 * u * u * s, 3 * u * s * s, s ** 3]
        return [sum(w[k] * self.q[k][i] for k in range(4)) for i in range(len(self.q[0]))]

    def derivative(self, s):
        u = 1 - s
        q = self.q
        return [3 * u * u * (q[1][i] - q[0][i]) + 6 * u * s * (q[2][i] - q[1][i]) + 3 * s * s * (q[3][i] - q[2][i])
                for i in range(len(q[0]))]

    def second(self, s):
        q = self.q
        return [6 * (1 - s) * (q[2][i] - 2 * q[1][i] + q[0][i]) + 6 * s * (q[3][i] - 2 * q[2][i] + q[1][i])
                for i in range(len(q[0]))]

    def third(self):
        q = self.q
        return [6 * (q[3][i] - 3 * q[2][i] + 3 * q[1][i] - q[0][i]) for i in range(len(q[0]))]

    def speed(self, s):
        return mpmath.sqrt(sum(v * v for v in self.derivative(s)))

    def breaks(self):
        if not hasattr(self, "_breaks"):
            self._breaks = self._find_breaks()
        return self._breaks

    def _find_breaks(self):
        """Where |B'|^2 (a quartic) has an extremum or a zero in (0, 1): the kinks and
        near-kinks of the speed, found by mpmath.polyroots on the exact polynomial."""
        # |B'(s)|^2 as a polynomial: sample the quartic at 5 points and fit exactly.
        xs = [mpf(k) / 4 for k in range(5)]
        ys = [sum(v * v for v in self.derivative(x)) for x in xs]
        coeffs = mpmath.lu_solve(mpmath.matrix([[x ** k for k in range(4, -1, -1)] for x in xs]), mpmath.matrix(ys))
        quartic = [coeffs[k] for k in range(5)]
        derivative = [quartic[k] * (4 - k) for k in range(4)]
        found = []
        for poly in (quartic, derivative):
            largest = max(abs(c) for c in poly)
            if largest == 0:
                continue
            while abs(poly[0]) < mpf(10) ** -30 * largest:
                poly = poly[1:]
            if len(poly) < 2:
                continue
            try:
                roots = mpmath.polyroots(poly, maxsteps=200, extraprec=200)
            except mpmath.libmp.libhyper.NoConvergence:
                continue
            for r in roots:
                if abs(mpmath.im(r)) < mpf(10) ** -20 and 0 < mpmath.re(r) < 1:
                    found.append(mpmath.re(r))
        return sorted(found)

    def total(self):
        if not hasattr(self, "_total"):
            self._total = self.length(mpf(0), mpf(1))
        return self._total

    def length(self, a, b):
        points = [a] + [x for x in self.breaks() if a < x < b] + [b]
        return mpmath.quad(self.speed, points)

def hermite_segment(p0, p1, m0, m1):
    # Hermite with tangents m0, m1 is the Bezier with controls p0 + m0/3, p1 - m1/3.
    return Cubic(p0, [a + b / 3 for a, b in zip(p0, m0)], [a - b / 3 for a, b in zip(p1, m1)], p1)

def paced_position(segments, u):
    """The segment and parameter at arc length u * total, by tanh-sinh quadrature (mpmath.quad)
    split at the speed's kinks, inverted by Newton's method inside a bisection bracket to
    1e-30. At an exact segment boundary the later segment is taken, as the engine does."""
    lengths = [seg.total() for seg in segments]
    total = sum(lengths)
    target = mpf(u) * total
    k = 0
    while k < len(segments) - 1 and target >= lengths[k]:
        target -= lengths[k]
        k += 1
    seg = segments[k]
    lo, hi = mpf(0), mpf(1)
    # Newton from the middle, kept in the bracket by bisection.
    s = mpf("0.5")
    for _ in range(200):
        f = seg.length(mpf(0), s) - target
        if f > 0:
            hi = s
        else:
            lo = s
        if hi - lo < mpf(10) ** -30 or abs(f) < mpf(10) ** -32:
            break
        v = seg.speed(s)
        nxt = s - f / v if v != 0 else (lo + hi) / 2
        s = nxt if lo < nxt < hi else (lo + hi) / 2
    return k, s, total

def line(a, b):
    return Cubic(a, [a[i] + (b[i] - a[i]) / 3 for i in range(2)], [a[i] + 2 * (b[i] - a[i]) / 3 for i in range(2)], b)

def quadratic(a, q, b):
    return Cubic(a, [a[i] + 2 * (q[i] - a[i]) / 3 for i in range(2)], [b[i] + 2 * (q[i] - b[i]) / 3 for i in range(2)], b)

def arc(p1, p2, rx, ry, degrees, large, sweep):
    """SVG 1.1 F.6.5 (centre parameterisation) and F.6.6 (radii scaled up), then semantics.md §3.4's
    pieces: at most a quarter turn each, as cubic Béziers with handles 4/3·tan(Δ/4) along the
    ellipse's tangent."""
    if p1 == p2:
        return []
    rx, ry = abs(mpf(rx)), abs(mpf(ry))
    if rx == 0 or ry == 0:
        return [line(p1, p2)]
    phi = mpmath.radians(mpf(degrees) % 360)
    cp, sp = mpmath.cos(phi), mpmath.sin(phi)
    dx, dy = (p1[0] - p2[0]) / 2, (p1[1] - p2[1]) / 2
    x1, y1 = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = x1 ** 2 / rx ** 2 + y1 ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * mpmath.sqrt(lam), ry * mpmath.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1 ** 2 - ry ** 2 * x1 ** 2
    coef = mpmath.sqrt(max(num, 0) / (rx ** 2 * y1 ** 2 + ry ** 2 * x1 ** 2))
    if large == sweep:
        coef = -coef
    cx1, cy1 = coef * rx * y1 / ry, -coef * ry * x1 / rx
    cx = cp * cx1 - sp * cy1 + (p1[0] + p2[0]) / 2
    cy = sp * cx1 + cp * cy1 + (p1[1] + p2[1]) / 2
    def angle(ux, uy, vx, vy):
        return mpmath.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if not sweep and delta > 0:
        delta -= 2 * mpmath.pi
    elif sweep and delta < 0:
        delta += 2 * mpmath.pi
    pieces = max(1, min(4, int(mpmath.ceil(abs(delta) / (mpmath.pi / 2) - mpf("1e-9")))))
    step = delta / pieces
    k = mpf(4) / 3 * mpmath.tan(step / 4)
    def on(theta):
        c, s = mpmath.cos(theta), mpmath.sin(theta)
        point = [cp * rx * c - sp * ry * s + cx, sp * rx * c + cp * ry * s + cy]
        tangent = [-cp * rx * s - sp * ry * c, -sp * rx * s + cp * ry * c]
        return point, tangent
    out = []
    for i in range(pieces):
        a, da = on(theta1 + i * step)
        b, db = on(theta1 + (i + 1) * step)
        if i == 0:
            a = p1
        if i == pieces - 1:
            b = p2
        out.append(Cubic(a, [a[j] + k * da[j] for j in range(2)], [b[j] - k * db[j] for j in range(2)], b))
    return out

def direction_angle(seg, s):
    """atan2 of the direction of travel; where the tangent vanishes, of the next derivative
    that does not (from further along; at s = 1 from before)."""
    t = seg.derivative(s)
    if all(v == 0 for v in t):
        t = seg.second(s)
        if all(v == 0 for v in t):
            t = seg.third()
        elif s == 1:
            t = [-v for v in t]
    return mpmath.atan2(t[1], t[0])

def fmt(x):
    return repr(float(x))

def path_from_commands(commands):
    """(svg text, segments) for a list of absolute commands."""
    text = []
    segments = []
    current = start = None
    for c in commands:
        op, args = c[0], c[1:]
        text.append(op + " ".join(fmt(a) if not isinstance(a, bool) else str(int(a)) for a in args))
        if op == "M":
            current = start = [mpf(args[0]), mpf(args[1])]
        elif op == "L":
            p = [mpf(args[0]), mpf(args[1])]
            segments.append(line(current, p)); current = p
        elif op == "Q":
            q, p = [mpf(args[0]), mpf(args[1])], [mpf(args[2]), mpf(args[3])]
            segments.append(quadratic(current, q, p)); current = p
        elif op == "C":
            c1, c2, p = [mpf(a) for a in args[0:2]], [mpf(a) for a in args[2:4]], [mpf(a) for a in args[4:6]]
            segments.append(Cubic(current, c1, c2, p)); current = p
        elif op == "A":
            p = [mpf(args[5]), mpf(args[6])]
            segments.extend(arc(current, p, args[0], args[1], args[2], args[3], args[4])); current = p
        elif op == "Z":
            if current != start:
                segments.append(line(current, start))
            current = start
    return " ".join(text), segments

def pick_tcb(rng):
    r = rng.random()
    if r < 0.35:
        return 0.0
    if r < 0.6:
        return float(rng.choice([-1, 1]))
    return round(rng.uniform(-1, 1), 3)

def cubic_paced_cases(seed=12, count=24):
    rng = random.Random(seed)
    issue = [[133.563], [2.124], [28.625], [-7.188], [128.043], [-20.913]]
    cases = [("issue 12", issue, [0.0] * 6, [0.0] * 6, [0.0] * 6,
              [0.006981, 0.1, 0.35, 0.5, 0.8, 0.999])]
    cases.append(("tension 1 everywhere: the speed vanishes at every key", [[0, 0], [100, 40], [200, 0], [120, 90]],
                  [1.0] * 4, [0.0] * 4, [0.0] * 4, [0.1, 0.3, 0.5, 0.7, 0.9]))
    for i in range(count):
        dims = rng.choice([1, 1, 2, 2, 3])
        n = rng.randrange(3, 8)
        values = [[round(rng.uniform(-200, 200), 3) for _ in range(dims)] for _ in range(n)]
        t, c, b = ([pick_tcb(rng) for _ in range(n)] for _ in range(3))
        us = sorted(round(rng.uniform(0, 1), 6) for _ in range(5))
        cases.append((f"random {i}: {dims}-D, {n} values", values, t, c, b, us))
    return cases

def cubic_paced_references():
    out = []
    for name, values, t, c, b, us in cubic_paced_cases():
        p = [[mpf(x) for x in v] for v in values]
        o, inc = kochanek_bartels(p, t, c, b)
        segments = [hermite_segment(p[k], p[k + 1], o[k], inc[k + 1]) for k in range(len(p) - 1)]
        expected = []
        for u in us:
            k, s, _ = paced_position(segments, mpf(u))
            expected.append([float(x) for x in segments[k].point(s)])
        out.append((name, values, t, c, b, us, expected))
    return out

def random_path(rng):
    def pt():
        return [round(rng.uniform(-200, 200), 2) for _ in range(2)]
    commands = [("M", *pt())]
    for _ in range(rng.randrange(2, 6)):
        op = rng.choice("LQCA")
        if op == "L":
            commands.append(("L", *pt()))
        elif op == "Q":
            commands.append(("Q", *pt(), *pt()))
        elif op == "C":
            commands.append(("C", *pt(), *pt(), *pt()))
        else:
            commands.append(("A", round(rng.uniform(10, 200), 1), round(rng.uniform(10, 200), 1),
                             round(rng.uniform(0, 360), 1), rng.random() < 0.5, rng.random() < 0.5, *pt()))
    if rng.random() < 0.3:
        commands.append(("Z",))
    return commands

def paced_path_cases(seed=12, count=16):
    rng = random.Random(seed)
    # Fixed cases name their progress values: 0 and 1 where the tangent vanishes there.
    cases = [
        ("lines", [("M", 0, 0), ("L", 100, 0), ("L", 100, 100), ("Z",)], [0.1, 0.3, 0.6, 0.9, 1]),
        ("a cusp at s = 0.5", [("M", 0, 0), ("C", 100, 100, 0, 100, 100, 0)], [0.2, 0.45, 0.55, 0.8]),
        ("first control point on the start", [("M", 0, 0), ("C", 0, 0, 0, 100, 100, 100)],
         [0, 1e-9, 0.3, 0.7, 1]),
        ("last control point on the end", [("M", 0, 0), ("C", 100, 0, 100, 100, 100, 100)],
         [0, 0.4, 0.999999, 1]),
        ("quadratics", [("M", 0, 0), ("Q", 50, 100, 100, 0), ("Q", 150, -100, 200, 0)], [0.2, 0.4, 0.7]),
        ("circle of two arcs", [("M", 100, 0), ("A", 100, 100, 0, True, True, -100, 0),
                                ("A", 100, 100, 0, True, True, 100, 0)], [0.1, 0.3, 0.6, 0.9]),
        ("rotated ellipse, radii scaled up", [("M", 0, 0), ("A", 30, 10, 30, False, True, 150, 80)],
         [0.2, 0.5, 0.8]),
    ]
    cases = [(name, commands, us) for name, commands, us in cases]
    for i in range(count):
        commands = random_path(rng)
        cases.append((f"random {i}", commands, sorted(round(rng.uniform(0, 1), 6) for _ in range(5))))
    return cases

def paced_path_references():
    out = []
    for name, commands, us in paced_path_cases():
        svg, segments = path_from_commands(commands)
        expected = []
        for u in us:
            k, s, _ = paced_position(segments, mpf(u))
            x, y = segments[k].point(s)
            expected.append([float(x), float(y), float(direction_angle(segments[k], s))])
        out.append((name, svg, us, expected))
    return out

# MARK: Spring settling (issue 12's "same class elsewhere")

def spring_settling(damping, mass=1, stiffness=100, v0=0, threshold="0.001"):
    """semantics.md §3.5's settlingDuration by brute force in 30 digits: |x| and |v| from the closed
    form, scanned back from where the envelope is below the threshold on a grid of a
    4000th of the period (a peak is then missed only if it tops 0.001 by under 3e-7), and the
    last crossing bisected to 1e-25 s."""
    with mpmath.workdps(30):
        m, k, c, v0, thr = map(mpf, (mass, stiffness, damping, v0, threshold))
        w0 = mpmath.sqrt(k / m)
        z = c / (2 * mpmath.sqrt(k * m))
        lam = z * w0
        w = w0 * mpmath.sqrt(1 - z * z)
        b = (lam - v0) / w
        x = lambda t: mpmath.exp(-lam * t) * (mpmath.cos(w * t) + b * mpmath.sin(w * t))
        v = lambda t: mpmath.exp(-lam * t) * ((b * w - lam) * mpmath.cos(w * t) - (w + lam * b) * mpmath.sin(w * t))
        envelope = max(mpmath.sqrt(1 + b * b), abs(b * w - lam) + abs(w + lam * b))
        horizon = mpmath.log(envelope / thr) / lam
        step = 2 * mpmath.pi / w / 4000
        best = mpf(0)
        for f in (x, v):
            t = horizon
            while t > 0 and abs(f(t)) < thr:
                t -= step
            lo, hi = max(t, mpf(0)), t + step
            for _ in range(90):
                mid = (lo + hi) / 2
                if abs(f(mid)) >= thr:
                    lo = mid
                else:
                    hi = mid
            best = max(best, lo)
        return best

def springs():
    print("// settlingDuration, mass 1, stiffness 100, initialVelocity 0: (damping, seconds)")
    for d in ["1.41", "2.48", "2.98", "3.51", "3.73", "3.98", "5", "10", "15"]:
        print(f"({d}, {mpmath.nstr(spring_settling(d), 17)}),")


# MARK: Swift output

def swift_number(x):
    r = repr(float(x))
    return r

def swift_list(xs):
    return "[" + ", ".join(swift_number(x) for x in xs) + "]"

def swift_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

GENERATED = "// Generated by `python3 scripts/reference-values.py {}`; do not edit by hand.\n"

def emit_transforms():
    with mpmath.workdps(50):
        times, cases = transform_references()
    print(GENERATED.format("transforms"))
    print("/// Matrices (CATransform3D order) decomposed, interpolated and recomposed in 50-digit")
    print("/// arithmetic from CSS Transforms 2 (quaternion by axis and angle), at these progresses.")
    print("let transformReferenceTimes: [Double] = " + swift_list(times))
    print()
    print("let transformReferences: [(name: String, from: [Double], to: [Double], values: [[Double]])] = [")
    for name, a, b, values in cases:
        print(f"  ({swift_string(name)},")
        print(f"   {swift_list(a)},")
        print(f"   {swift_list(b)},")
        print("   [" + ", ".join(swift_list(v) for v in values) + "]),")
    print("]")

def emit_paced():
    with mpmath.workdps(40):
        splines = cubic_paced_references()
        paths = paced_path_references()
    print(GENERATED.format("paced"))
    print("/// cubicPaced splines: values (one array per keyframe), tension, continuity, bias, progress")
    print("/// values u and the point at each (arc length by tanh-sinh quadrature, 40 digits).")
    print("let cubicPacedReferences:")
    print("  [(name: String, values: [[Double]], tension: [Double], continuity: [Double], bias: [Double],")
    print("    progress: [Double], expected: [[Double]])] = [")
    for name, values, t, c, b, us, expected in splines:
        print(f"    ({swift_string(name)},")
        print("     [" + ", ".join(swift_list(v) for v in values) + "],")
        print(f"     {swift_list(t)}, {swift_list(c)}, {swift_list(b)},")
        print(f"     {swift_list(us)},")
        print("     [" + ", ".join(swift_list(v) for v in expected) + "]),")
    print("  ]")
    print()
    print("/// Paced paths: SVG data, progress values u and [x, y, direction angle] at each.")
    print("let pacedPathReferences: [(name: String, path: String, progress: [Double], expected: [[Double]])] = [")
    for name, svg, us, expected in paths:
        print(f"  ({swift_string(name)}, {swift_string(svg)},")
        print(f"   {swift_list(us)},")
        print("   [" + ", ".join(swift_list(v) for v in expected) + "]),")
    print("]")

if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "curves"
    {"curves": curves, "transforms": emit_transforms, "paced": emit_paced, "springs": springs}[what]()

#!/usr/bin/env python3
"""Independent references for converting one spring between platform APIs (POST /v1/springs).

  python3 scripts/spring-references.py            the headline values, printed
  python3 scripts/spring-references.py selftest   each reference against the oracles its own
                                                  project publishes (tests, docs, examples)
  python3 scripts/spring-references.py swift      > Tests/TimingEngineTests/SpringReferenceValues.swift
                                                  (then swift format -i it, as reference-values.py's are)

Stdlib only, double precision throughout, because every reference below is itself double-precision
code: the point is to do the same IEEE operations in the same order as the published source (Newton
iterations that have not converged, an Euler loop), not to be more exact than it. JavaScript
arithmetic is imitated where Python differs (x/0, Math.exp overflow, Math.sqrt of a negative give
±Infinity/NaN instead of raising). Each function was written from the file named here; none of this
project's Swift code was read or shared.

Motion (motion.dev, formerly framer-motion) — motiondivision/motion @ 1b037b0032578b52af94b06ff3920bfa0aaa5e36
(tag v13.1.1), packages/motion-dom/src/animation/generators/spring.ts (findSpring, getSpringOptions,
spring), packages/motion-dom/src/animation/interfaces/motion-value.ts (seconds → ms, velocity =
value.getVelocity()), packages/motion-utils/src/clamp.ts, time-conversion.ts; oracles from
packages/motion-dom/src/animation/generators/__tests__/spring.test.ts (the toString linear() strings).
  motion_find_spring      findSpring: ζ = clamp(0.05, 1, 1 − bounce); T = clamp(0.01, 10, ms/1000) s;
                          Framer's envelope (ε = safeMin = 0.001); Newton from 5/T with rootIterations
                          = 12 and `for (let i = 1; i < 12; i++)`, i.e. 11 steps; NaN → stiffness 100,
                          damping 10; else k = ω²·m, c = ζ·2·√(m·k). Returns (k, c, 1).
  motion_visual_duration  getSpringOptions: k = (2π/(1.2·vd))², c = 2·clamp(0.05, 1, 1 − (bounce || 0))·√k, m = 1.
  MOTION_DEFAULTS         springDefaults as published.
  motion_generator        spring(): the closed-form generator with Motion's rest test and, for the
                          `duration` form, `state.done = t >= duration!` (a hard stop and snap to the
                          target at T); used by selftest to reproduce spring.test.ts's linear() strings.

react-spring — pmndrs/react-spring @ 3d2523de0f879e20869ab9add907540188bf6446 (v9.7.x line),
packages/core/src/SpringValue.ts (advance), packages/core/src/AnimationConfig.ts (mergeConfig),
packages/core/src/constants.ts (presets), packages/rafz/src/index.ts (frame dt); oracles from
packages/core/src/AnimationConfig.test.ts.
  react_spring_simulate   the spring branch of SpringValue.advance: per frame ceil(dt/1 ms) sub-steps of
                          semi-implicit Euler in ms units (a = (−k·1e-6·(x − to) − c·1e-3·v)/m,
                          v += a, x += v), rest test before each sub-step (|v| ≤ restVelocity and
                          |to − x| ≤ precision, precision = min(1, 0.001·|to − from|), restVelocity =
                          precision/10), then the value snaps to `to`.
  react_spring_max_deviation   that loop (1 ms frames) against the closed form with the same k, c, m.
  react_spring_wall_clock_deviation   the same against the wall clock at a real frame rate (a 16.667 ms
                          frame runs 17 sub-steps: the simulation runs 2 % fast at 60 Hz, 8 % at 120 Hz).
  react_spring_frequency  mergeConfig: f < 0.01 → 0.01, ζ < 0 → 0; tension = (2π/f)²·m, friction = 4π·ζ·m/f.
  REACT_SPRING_PRESETS    constants.ts.

React Native — facebook/react-native, packages/react-native/Libraries/Animated/SpringConfig.js
@ 4bda59e95086cae767c002ed028292536d817bbe and Libraries/Animated/animations/SpringAnimation.js
@ 1c4cd4f6fd1269db5945ce46d7a8ea8b6cb9bfb9.
  react_native_origami    fromOrigamiTensionAndFriction: k = (t − 30)·3.62 + 194, c = (f − 8)·3 + 25; then
                          SpringAnimation's invariants k > 0, c > 0 (raised here as ValueError).
  react_native_bounciness_speed   fromBouncinessAndSpeed (defaults 8, 12), for completeness.
  react_native_position   SpringAnimation.onUpdate's closed form (t in s, velocity in value units per s):
                          for ζ ≥ 1 it uses the critically damped solution with ω0 = √(k/m), ignoring ζ;
                          the iOS (RCTSpringAnimation.mm) and Android (SpringAnimation.kt) drivers do the same.

Flutter — flutter/flutter, packages/flutter/lib/src/physics/spring_simulation.dart
@ 04fbdcfac997f9bcbef805fe785ff71971ea16d2; oracles from packages/flutter/test/physics/spring_simulation_test.dart.
  flutter_with_duration_and_bounce  SpringDescription.withDurationAndBounce: d = duration.inMilliseconds/1000
                          (whole ms, truncated), m = 1 (a const), k = 4π²m/d², ζ = b > 0 ? 1 − b : 1/(b + 1),
                          c = 2ζ√(mk). Only `assert(duration.inMilliseconds > 0)`; bounce is not checked.
  flutter_with_damping_ratio, flutter_bounce, flutter_duration   the other constructor and getters.

SwiftUI / UIKit iOS 17 / CASpringAnimation(perceptualDuration:bounce:) — Apple's documentation
(developer.apple.com/documentation/swiftui/spring: "Spring(duration: 0.5, bounce: 0.3) … (1.0, 157.9,
17.6)" and "Spring(mass: 1, stiffness: 100, damping: 10) … (0.63, 0.5)"); no source is published. The
formulas are the documented/common ones and agree with OpenSwiftUIProject/OpenSwiftUI
Sources/OpenSwiftUICore/Animation/Animation/Spring/Respring/Spring+DurationBounce.swift and
Spring+ResponseDampingRatio.swift @ 7c4f2b07d70302142540a0ee4c03cf504b216a76 (a reimplementation).
  swiftui_response_damping  m = 1, k = (2π/r)², c = 4πζ/r.
  swiftui_duration_bounce   ζ = b ≥ 0 ? 1 − b : 1/(1 + b), then as above with r = d.

UIKit legacy animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:) — not Apple's code:
Framer's reconstruction, koenbok/Framer framer/Animators/SpringCurveValueConverter.coffee
@ 11bb106f7a45923f5f2b9905556e2f4c686ab261 (computeDerivedCurveOptions), the same in TypeScript in
modest/framerx-js-lib src/animation/Animators/SpringCurveValueConverter.ts @ b76ade4af46bced78ebe5520abd9d9f6b2768afe;
oracle framer/SpringsExample readme.md (duration 3, ζ 0.25 → tension 54.83363359078326, friction
3.702486785620688). The Swift port guillianbalisi/ios-spring-animations Springs.playground/Sources/Math.swift
@ c28bab22887085043e39a8b9f0444b8870409666 differs: `for _ in 1 ... times` runs 12 Newton steps, not 11,
minDamping is Double.leastNormalMagnitude and it has no NaN fallback (uikit_framer(..., port=True)).
  uikit_framer            ζ = max(min(ζ, 1), 5e-324), T = max(min(T, 10), 0.01), ε = 0.001, 11 Newton
                          steps from 5/T, NaN → (100, 10); velocity = initialSpringVelocity (fraction of
                          the distance per second, positive toward the target).

AndroidX — androidx/androidx: dynamicanimation/dynamicanimation/src/main/java/androidx/dynamicanimation/animation/
SpringForce.java @ fd79a569793acda1e955ddefad9b964cff70909f and DynamicAnimation.java
@ 0ccdd90e6916f52dbf9d69b0afa7ecea398ad130 (setStartVelocity: "change in property per second");
compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/VectorizedAnimationSpec.kt
@ 13d5e2efb6ca3077b4bd3f6040c5a15b504397d3 (object Spring), AnimationSpec.kt @ 0196ee13efae19dd0f5d1df973d327b750ef3eb2
(spring() defaults), SpringSimulation.kt @ 13d5e2efb6ca3077b4bd3f6040c5a15b504397d3 (mass 1, c = 2ζ√k).
  ANDROIDX_SPRING_FORCE, COMPOSE_SPRING, COMPOSE_SPRING_DEFAULTS   constants as published, as Float
                          (0.2f is 0.20000000298023224 as a double; the others are exact).
"""
import math
import struct
import sys

TAU = 2 * math.pi

# ---------------------------------------------------------------------------------------------
# JavaScript arithmetic where Python's differs


def js_div(a, b):
    if b == 0:
        if a == 0 or a != a:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def js_exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def js_sqrt(x):
    if x != x or x < 0:
        return math.nan
    return math.sqrt(x)


def js_pow2(x):
    return x * x  # Math.pow(x, 2) is x·x, correctly rounded


def js_round(x):  # Math.round: ties toward +∞
    return math.floor(x + 0.5)


def js_number_string(x):
    if x == 0:
        return "0"
    if x == int(x):
        return str(int(x))
    return repr(x)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


# ---------------------------------------------------------------------------------------------
# Motion

MOTION_DEFAULTS = {
    # springDefaults in packages/motion-dom/src/animation/generators/spring.ts
    "stiffness": 100,
    "damping": 10,
    "mass": 1.0,
    "velocity": 0.0,
    "duration_ms": 800,  # "duration: 800, // in ms"
    "bounce": 0.3,
    "visualDuration_s": 0.3,  # "visualDuration: 0.3, // in seconds" (the spring(0.3, 0.3) shorthand)
    "restSpeed": {"granular": 0.01, "default": 2},  # value units per second; granular if |Δ| < 5
    "restDelta": {"granular": 0.005, "default": 0.5},  # value units
    "minDuration_s": 0.01,
    "maxDuration_s": 10.0,
    "minDamping": 0.05,
    "maxDamping": 1,
}

_MOTION_SAFE_MIN = 0.001
_MOTION_ROOT_ITERATIONS = 12  # used as `for (let i = 1; i < rootIterations; i++)`: 11 steps


def motion_clamp(lo, hi, v):  # motion-utils clamp(min, max, v); NaN passes through
    if v > hi:
        return hi
    if v < lo:
        return lo
    return v


def _motion_find_spring_ms(duration_ms, bounce, velocity, mass):
    """findSpring exactly as published; duration in ms as findSpring receives it."""
    damping_ratio = 1 - bounce
    damping_ratio = motion_clamp(MOTION_DEFAULTS["minDamping"], MOTION_DEFAULTS["maxDamping"], damping_ratio)
    duration = motion_clamp(MOTION_DEFAULTS["minDuration_s"], MOTION_DEFAULTS["maxDuration_s"], duration_ms / 1000)

    def calc_angular_freq(undamped, zeta):
        return undamped * js_sqrt(1 - zeta * zeta)

    if damping_ratio < 1:
        def envelope(w):
            exponential_decay = w * damping_ratio
            delta = exponential_decay * duration
            a = exponential_decay - velocity
            b = calc_angular_freq(w, damping_ratio)
            c = js_exp(-delta)
            return _MOTION_SAFE_MIN - js_div(a, b) * c

        def derivative(w):
            exponential_decay = w * damping_ratio
            delta = exponential_decay * duration
            d = delta * velocity + velocity
            e = js_pow2(damping_ratio) * js_pow2(w) * duration
            f = js_exp(-delta)
            g = calc_angular_freq(js_pow2(w), damping_ratio)
            factor = -1 if -envelope(w) + _MOTION_SAFE_MIN > 0 else 1
            return js_div(factor * ((d - e) * f), g)
    else:
        def envelope(w):
            a = js_exp(-w * duration)
            b = (w - velocity) * duration + 1
            return -_MOTION_SAFE_MIN + a * b

        def derivative(w):
            a = js_exp(-w * duration)
            b = (velocity - w) * (duration * duration)
            return a * b

    result = js_div(5, duration)  # initialGuess
    for _ in range(1, _MOTION_ROOT_ITERATIONS):
        result = result - js_div(envelope(result), derivative(result))

    duration_out = duration * 1000
    if result != result:
        return MOTION_DEFAULTS["stiffness"], MOTION_DEFAULTS["damping"], duration_out
    stiffness = js_pow2(result) * mass
    return stiffness, damping_ratio * 2 * js_sqrt(mass * stiffness), duration_out


def motion_find_spring(duration_s, bounce=0.3, velocity=0.0, mass=1.0):
    """Motion's findSpring for a public `{type: "spring", duration: duration_s, bounce}`.

    The public duration is in seconds; motion-value.ts multiplies it by 1000 and findSpring divides
    by 1000 again (both steps done here). `velocity` is the value findSpring itself receives. Since
    v12.34.3 (commit bebd7f5bf, 2026-02-19) getSpringOptions always passes 0 (`findSpring({ ...options,
    velocity: 0 })`); before that it passed −(value.getVelocity())/1000, i.e. minus the value's
    velocity in value units per ms. findSpring's own formula reads it as Framer does: fraction of the
    distance per second, positive toward the target. Returns (stiffness, damping, mass = 1); the
    generator forces mass to springDefaults.mass whatever findSpring used.
    """
    stiffness, damping, _ = _motion_find_spring_ms(duration_s * 1000, bounce, velocity, mass)
    return stiffness, damping, 1.0


def motion_visual_duration(visual_duration_s, bounce=0.0):
    """getSpringOptions' visualDuration branch (reached when bounce or duration is also given, or via
    the spring(visualDuration, bounce = 0.3) shorthand). `bounce` None/0 → `options.bounce || 0` = 0."""
    root = (2 * math.pi) / (visual_duration_s * 1.2)
    stiffness = root * root
    damping = 2 * motion_clamp(0.05, 1, 1 - (bounce or 0)) * js_sqrt(stiffness)
    return stiffness, damping, 1.0


class MotionGenerator:
    """spring() from spring.ts: closed form in ms, Motion's rest test, the duration form's hard stop."""

    def __init__(self, keyframes=(0, 1), **options):
        origin, target = keyframes[0], keyframes[-1]
        rest_speed = options.get("restSpeed")
        rest_delta = options.get("restDelta")
        o = dict(options)
        o["velocity"] = -(o.get("velocity") or 0) / 1000
        k, c, m, duration, velocity, from_duration = self._spring_options(o)
        self.target, self.from_duration, self.duration = target, from_duration, duration
        v0 = velocity or 0.0
        zeta = c / (2 * math.sqrt(k * m))
        delta = target - origin
        w0 = math.sqrt(k / m) / 1000
        granular = abs(delta) < 5
        self.rest_speed = rest_speed or (0.01 if granular else 2)
        self.rest_delta = rest_delta or (0.005 if granular else 0.5)
        self.zeta = zeta
        if zeta < 1:
            wd = w0 * math.sqrt(1 - zeta * zeta)
            A = (v0 + zeta * w0 * delta) / wd
            sin_c = zeta * w0 * A + delta * wd
            cos_c = zeta * w0 * delta - A * wd
            self.x = lambda t: target - math.exp(-zeta * w0 * t) * (A * math.sin(wd * t) + delta * math.cos(wd * t))
            self.v = lambda t: math.exp(-zeta * w0 * t) * (sin_c * math.sin(wd * t) + cos_c * math.cos(wd * t))
        elif zeta == 1:
            C = v0 + w0 * delta
            self.x = lambda t: target - math.exp(-w0 * t) * (delta + (v0 + w0 * delta) * t)
            self.v = lambda t: math.exp(-w0 * t) * (w0 * C * t - v0)
        else:
            wd = w0 * math.sqrt(zeta * zeta - 1)
            P = (v0 + zeta * w0 * delta) / wd
            sh = zeta * w0 * P - delta * wd
            ch = zeta * w0 * delta - P * wd
            self.x = lambda t: target - (math.exp(-zeta * w0 * t) * ((v0 + zeta * w0 * delta) * math.sinh(min(wd * t, 300)) + wd * delta * math.cosh(min(wd * t, 300)))) / wd
            self.v = lambda t: math.exp(-zeta * w0 * t) * (sh * math.sinh(min(wd * t, 300)) + ch * math.cosh(min(wd * t, 300)))

    @staticmethod
    def _spring_options(options):
        physics = any(options.get(key) is not None for key in ("stiffness", "damping", "mass"))
        timed = any(options.get(key) is not None for key in ("duration", "bounce"))
        k = options.get("stiffness", 100)
        c = options.get("damping", 10)
        m = options.get("mass", 1.0)
        velocity = options.get("velocity", 0.0)
        duration = options.get("duration")
        if not physics and timed:
            velocity = 0
            if options.get("visualDuration"):
                k, c, m = motion_visual_duration(options["visualDuration"], options.get("bounce"))
            else:
                duration_ms = options["duration"] if options.get("duration") is not None else 800
                bounce = options["bounce"] if options.get("bounce") is not None else 0.3
                k, c, duration = _motion_find_spring_ms(duration_ms, bounce, 0, 1.0)
                m = 1.0
                return k, c, m, duration, velocity, True
        return k, c, m, duration, velocity, False

    def next(self, t):
        if not self.from_duration and self.zeta < 1:
            current = self.x(t)
            speed = self.v(t) * 1000
            done = abs(speed) <= self.rest_speed and abs(self.target - current) <= self.rest_delta
            return done, (self.target if done else current)
        current = self.x(t)
        if not self.from_duration:
            speed = self.v(t) * 1000
            done = abs(speed) <= self.rest_speed and abs(self.target - current) <= self.rest_delta
        else:
            done = t >= self.duration
        return done, (self.target if done else current)

    def calculated_duration(self):  # calcGeneratorDuration: 50 ms steps, capped at 20 s
        t = 0
        done, _ = self.next(t)
        while not done and t < 20000:
            t += 50
            done, _ = self.next(t)
        return math.inf if t >= 20000 else t

    def to_string(self):
        d = min(self.calculated_duration(), 20000)
        n = max(js_round(d / 30), 2)
        points = ", ".join(js_number_string(js_round(self.next(d * (i / (n - 1)))[1] * 10000) / 10000) for i in range(n))
        return f"{js_number_string(d)}ms linear({points})"


# ---------------------------------------------------------------------------------------------
# react-spring

REACT_SPRING_PRESETS = {
    "default": (170, 26),
    "gentle": (120, 14),
    "wobbly": (180, 12),
    "stiff": (210, 20),
    "slow": (280, 60),
    "molasses": (280, 120),
}


def react_spring_frequency(frequency, damping_ratio=1.0, mass=1.0):
    """mergeConfig: `frequency` (seconds per undamped cycle) and `damping` (ratio) → tension, friction."""
    if frequency < 0.01:
        frequency = 0.01
    if damping_ratio < 0:
        damping_ratio = 0
    tension = ((2 * math.pi) / frequency) ** 2 * mass
    friction = (4 * math.pi * damping_ratio * mass) / frequency
    return tension, friction


def react_spring_simulate(tension, friction, mass=1.0, velocity=0.0, distance=1.0, frame_ms=1.0,
                          precision=None, rest_velocity=None, max_frames=10_000_000):
    """SpringValue.advance's spring branch from 0 to `distance`, frames of `frame_ms` each.

    `velocity` is react-spring's config.velocity: value units per MILLISECOND, positive = increasing.
    Returns (samples, stop) where samples are (elapsed simulated ms, displayed value) after every
    frame, starting with (0, 0), and stop is the simulated ms at which react-spring stopped (its value
    then snapped to `distance`), or None if it had not stopped after max_frames. With frame_ms = 1 the
    samples are every sub-step. Each frame runs ceil(dt/1) sub-steps of exactly 1 ms, so a 16.667 ms
    frame advances the simulation 17 ms.
    """
    origin, to = 0.0, float(distance)
    if tension <= 0:
        return [(0.0, to)], 0.0
    precision = precision or (0.005 if origin == to else min(1, abs(to - origin) * 0.001))
    rest_velocity = rest_velocity or precision / 10
    position, v = origin, velocity
    samples = [(0.0, position)]
    steps = 0
    num_steps = math.ceil(frame_ms / 1)
    for _ in range(max_frames):
        finished = False
        for _ in range(num_steps):
            if not abs(v) > rest_velocity:
                finished = abs(to - position) <= precision
                if finished:
                    break
            spring_force = -tension * 0.000001 * (position - to)
            damping_force = -friction * 0.001 * v
            acceleration = (spring_force + damping_force) / mass
            v = v + acceleration * 1
            position = position + v * 1
            steps += 1
        if finished:
            samples.append((float(steps), to))
            return samples, float(steps)
        samples.append((float(steps), position))
    return samples, None


def damped_closed_form(k, c, m, x0, v0, t):
    """Displacement y(t) of m·y'' + c·y' + k·y = 0, y(0) = x0, y'(0) = v0 (seconds)."""
    r = c / (2 * m)
    disc = 4 * m * k - c * c
    if disc > 0:
        wd = math.sqrt(disc) / (2 * m)
        return math.exp(-r * t) * (x0 * math.cos(wd * t) + (v0 + r * x0) * math.sin(wd * t) / wd)
    if disc == 0:
        return math.exp(-r * t) * (x0 + (v0 + r * x0) * t)
    s = math.sqrt(-disc) / (2 * m)
    r1, r2 = -r + s, -r - s  # slow, fast
    a2 = (v0 - r1 * x0) / (r2 - r1)
    a1 = x0 - a2
    return a1 * math.exp(r1 * t) + a2 * math.exp(r2 * t)


def react_spring_max_deviation(tension, friction, mass=1.0, velocity=0.0, distance=1.0):
    """max |x_euler(t) − x_closed(t)| / distance over the whole motion: at every 1 ms sub-step until
    react-spring stops, and after it, where react-spring shows `distance` while the exact spring is
    still moving (its largest |x| from the stop on, by a 0.1 ms scan refined by golden section).
    Velocity per ms, as above."""
    samples, stop = react_spring_simulate(tension, friction, mass, velocity, distance, frame_ms=1.0)
    if stop is None:
        return math.inf

    def closed(t):
        return distance + damped_closed_form(tension, friction, mass, -distance, velocity * 1000, t)

    worst = 0.0
    for t_ms, x in samples:
        worst = max(worst, abs(x - closed(t_ms / 1000)))
    # After the stop: until the slowest mode has decayed by 1e-12.
    r = friction / (2 * mass)
    disc = r * r - tension / mass
    slowest = r - math.sqrt(disc) if disc > 0 else r
    start, end, dt = stop / 1000, stop / 1000 + 28 / slowest, 1e-4
    best_t, best = start, abs(closed(start) - distance)
    n = int((end - start) / dt) + 1
    for i in range(n):
        t = start + i * dt
        value = abs(closed(t) - distance)
        if value > best:
            best_t, best = t, value
    lo, hi = max(start, best_t - dt), best_t + dt
    g = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if abs(closed(a) - distance) > abs(closed(b) - distance):
            hi = b
        else:
            lo = a
    best = max(best, abs(closed((lo + hi) / 2) - distance))
    return max(worst, best) / distance


def react_spring_wall_clock_deviation(tension, friction, mass=1.0, velocity=0.0, frame_ms=1000 / 60):
    """The same comparison as displayed on a steady display: frame f shows the state after f·ceil(dt)
    sub-steps at wall time f·dt (rafz passes dt = the rAF timestamp difference, capped at 64 ms; the
    first frame gets 16.667). At 60 Hz the simulation runs 17/16.667 = 2 % fast, at 120 Hz 9/8.333 = 8 %."""
    samples, stop = react_spring_simulate(tension, friction, mass, velocity, 1.0, frame_ms=frame_ms)
    worst = 0.0
    for f, (_, x) in enumerate(samples):
        closed = 1.0 + damped_closed_form(tension, friction, mass, -1.0, velocity * 1000, f * frame_ms / 1000)
        worst = max(worst, abs(x - closed))
    return worst


# ---------------------------------------------------------------------------------------------
# React Native

REACT_NATIVE_DEFAULTS = {
    "tension": 40, "friction": 7,  # SpringAnimation.js, `config.tension ?? 40`, `config.friction ?? 7`
    "bounciness": 8, "speed": 12,
    "stiffness": 100, "damping": 10, "mass": 1,
    "restDisplacementThreshold": 0.001, "restSpeedThreshold": 0.001, "velocity": 0,
}


def react_native_origami(tension=40, friction=7):
    stiffness = (tension - 30) * 3.62 + 194
    damping = (friction - 8) * 3 + 25
    if not stiffness > 0:
        raise ValueError("Stiffness value must be greater than 0")
    if not damping > 0:
        raise ValueError("Damping value must be greater than 0")
    return stiffness, damping


def react_native_bounciness_speed(bounciness=8, speed=12):
    def normalize(value, start, end):
        return (value - start) / (end - start)

    def project_normal(n, start, end):
        return start + n * (end - start)

    def quadratic_out(t, start, end):
        t = 2 * t - t * t
        return t * end + (1 - t) * start

    def b3_nobounce(t):
        if t <= 18:
            return 0.0007 * t ** 3 - 0.031 * t ** 2 + 0.64 * t + 1.28
        if t <= 44:
            return 0.000044 * t ** 3 - 0.006 * t ** 2 + 0.36 * t + 2
        return 0.00000045 * t ** 3 - 0.000332 * t ** 2 + 0.1078 * t + 5.84

    b = project_normal(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
    s = normalize(speed / 1.7, 0, 20)
    bouncy_tension = project_normal(s, 0.5, 200)
    bouncy_friction = quadratic_out(b, b3_nobounce(bouncy_tension), 0.01)
    return react_native_origami(bouncy_tension, bouncy_friction)


def react_native_position(stiffness, damping, mass, from_value, to_value, velocity, t):
    c, m, k = damping, mass, stiffness
    v0 = -velocity
    zeta = c / (2 * math.sqrt(k * m))
    omega0 = math.sqrt(k / m)
    x0 = to_value - from_value
    if zeta < 1:
        omega1 = omega0 * math.sqrt(1.0 - zeta * zeta)
        envelope = math.exp(-zeta * omega0 * t)
        return to_value - envelope * (((v0 + zeta * omega0 * x0) / omega1) * math.sin(omega1 * t) + x0 * math.cos(omega1 * t))
    envelope = math.exp(-omega0 * t)
    return to_value - envelope * (x0 + (v0 + omega0 * x0) * t)


# ---------------------------------------------------------------------------------------------
# Flutter


def flutter_with_duration_and_bounce(duration_s=0.5, bounce=0.0, mass=1.0):
    """withDurationAndBounce. Dart takes a Duration; its inMilliseconds truncates toward zero, so a
    fractional-ms duration is cut to whole ms (microseconds rounded here as a Duration would hold them).
    Flutter's factory has no mass argument (const mass = 1.0); `mass` is kept for the brief's
    signature and is used in the same formula."""
    micro = round(duration_s * 1_000_000)
    in_ms = int(micro / 1000)  # Dart ~/ truncates toward zero
    if not in_ms > 0:
        raise ValueError("Duration must be positive")
    d = in_ms / 1000
    stiffness = (4 * math.pi * math.pi * mass) / d ** 2
    ratio = (1.0 - bounce) if bounce > 0 else js_div(1, bounce + 1)
    damping = ratio * 2.0 * js_sqrt(mass * stiffness)
    return stiffness, damping


def flutter_with_damping_ratio(mass, stiffness, ratio=1.0):
    return ratio * 2.0 * math.sqrt(mass * stiffness)


def flutter_bounce(mass, stiffness, damping):
    ratio = damping / (2.0 * math.sqrt(mass * stiffness))
    return (1.0 - ratio) if ratio < 1.0 else ((1 / ratio) - 1)


def flutter_duration(mass, stiffness):
    """The `duration` getter: (exact seconds, the Duration's whole milliseconds, rounded)."""
    seconds = math.sqrt((4 * math.pi * math.pi * mass) / stiffness)
    return seconds, round_half_away(seconds * 1000)


def round_half_away(x):  # Dart double.round()
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


# ---------------------------------------------------------------------------------------------
# SwiftUI (documented formulas)


def swiftui_response_damping(response, damping_fraction):
    stiffness = (TAU / response) ** 2
    damping = 4 * math.pi * damping_fraction / response
    return 1.0, stiffness, damping


def swiftui_duration_bounce(duration, bounce=0.0):
    ratio = 1 - bounce if bounce >= 0 else 1 / (1 + bounce)
    return swiftui_response_damping(duration, ratio)


def swiftui_duration_and_bounce_of(mass, stiffness, damping):
    return TAU / math.sqrt(stiffness / mass), flutter_bounce(mass, stiffness, damping)


# ---------------------------------------------------------------------------------------------
# UIKit legacy, Framer's reconstruction

_FRAMER_MIN_DAMPING = 5e-324  # Number.MIN_VALUE
_PORT_MIN_DAMPING = sys.float_info.min  # Double.leastNormalMagnitude


def uikit_framer(duration, damping_ratio, velocity=0.0, mass=1.0, port=False):
    """Framer's computeDerivedCurveOptions (dampingRatio, duration s, velocity) → (tension, friction).

    port=False: Framer's CoffeeScript/TypeScript (`for i in [1...times]`, 11 Newton steps,
    Number.MIN_VALUE, NaN → 100/10). port=True: ios-spring-animations' Math.swift (12 steps,
    leastNormalMagnitude, no NaN fallback)."""
    epsilon = 0.001
    zeta = max(min(damping_ratio, 1), _PORT_MIN_DAMPING if port else _FRAMER_MIN_DAMPING)
    T = max(min(duration, 10.0), 0.01)

    def angular(w, z):
        return w * js_sqrt(1 - z * z)

    if zeta < 1:
        def envelope(w):
            decay = w * zeta
            displacement = decay * T
            a = decay - velocity
            b = angular(w, zeta)
            return epsilon - js_div(a, b) * js_exp(-displacement)

        def derivative(w):
            decay = w * zeta
            displacement = decay * T
            d = displacement * velocity + velocity
            e = js_pow2(zeta) * js_pow2(w) * T
            f = js_exp(-displacement)
            g = angular(js_pow2(w), zeta)
            factor = -1 if (-envelope(w) + epsilon) > 0 else 1
            if port:
                return factor * js_div((d - e) * f, g)
            return js_div(factor * ((d - e) * f), g)
    else:
        def envelope(w):
            return -epsilon + js_exp(-w * T) * ((w - velocity) * T + 1)

        def derivative(w):
            return js_exp(-w * T) * ((velocity - w) * js_pow2(T))

    w = js_div(5, T)
    for _ in range(12 if port else 11):
        w = w - js_div(envelope(w), derivative(w))
    if w != w and not port:
        return 100.0, 10.0
    tension = js_pow2(w) * mass
    return tension, zeta * 2 * js_sqrt(mass * tension)


# ---------------------------------------------------------------------------------------------
# AndroidX constants (Float in the source; shown as the doubles those floats are)

ANDROIDX_SPRING_FORCE = {
    "STIFFNESS_HIGH": f32(10_000), "STIFFNESS_MEDIUM": f32(1500), "STIFFNESS_LOW": f32(200),
    "STIFFNESS_VERY_LOW": f32(50),
    "DAMPING_RATIO_HIGH_BOUNCY": f32(0.2), "DAMPING_RATIO_MEDIUM_BOUNCY": f32(0.5),
    "DAMPING_RATIO_LOW_BOUNCY": f32(0.75), "DAMPING_RATIO_NO_BOUNCY": f32(1),
    # defaults: mNaturalFreq = sqrt(STIFFNESS_MEDIUM), mDampingRatio = DAMPING_RATIO_MEDIUM_BOUNCY, mass 1
    "default_stiffness": f32(1500), "default_damping_ratio": f32(0.5),
}
COMPOSE_SPRING = {
    "StiffnessHigh": f32(10_000), "StiffnessMedium": f32(1500), "StiffnessMediumLow": f32(400),
    "StiffnessLow": f32(200), "StiffnessVeryLow": f32(50),
    "DampingRatioHighBouncy": f32(0.2), "DampingRatioMediumBouncy": f32(0.5),
    "DampingRatioLowBouncy": f32(0.75), "DampingRatioNoBouncy": f32(1),
    "DefaultDisplacementThreshold": f32(0.01),
}
COMPOSE_SPRING_DEFAULTS = {"dampingRatio": COMPOSE_SPRING["DampingRatioNoBouncy"],
                           "stiffness": COMPOSE_SPRING["StiffnessMedium"], "visibilityThreshold": None}


def android_spring(stiffness, damping_ratio):
    """SpringForce / Compose: mass 1, k = stiffness, c = 2ζ√k."""
    return 1.0, stiffness, 2 * math.sqrt(stiffness) * damping_ratio


# ---------------------------------------------------------------------------------------------
# Vectors for the Swift file

MOTION_DURATION_CASES = [
    (0.5, 0.3, 0.0),  # the headline pair
    (0.8, 0.25, 0.0),  # spring.test.ts's toString vector
    (0.3, 0.0, 0.0),  # ζ = 1: the critically damped envelope
    (1.0, -0.5, 0.0),  # ζ = 1.5 clamped to 1
    (1.0, 1e-8, 0.0),  # ζ just below 1: k jumps (85.26 at ζ = 1) and 11 steps have not converged
    (0.5, 0.99, 0.0),  # ζ = 0.01 clamped to 0.05
    (0.005, 0.3, 0.0),  # T clamped to 0.01 s
    (12.0, 0.5, 0.0),  # T clamped to 10 s
    (0.4, 0.2, 1.5),  # a velocity, as findSpring receives it
    (1.0, 0.0, 5.0),  # derivative 0 at the guess 5/T → NaN → the 100/10 fallback
]
MOTION_VISUAL_CASES = [
    (0.5, 0.25), (0.3, 0.3), (0.5 / 1.2, 0.3), (1.0, 0.0), (0.2, -0.5), (0.6, 0.99), (2.0, 0.5), (0.05, 0.7),
]
REACT_NATIVE_CASES = [(40, 7), (30, 8), (0, 0), (100, 20), (10, 3), (-20, -0.3), (200, 40), (55.5, 9.25)]
REACT_SPRING_FREQUENCY_CASES = [(0.5, 1.0), (2.6, 0.1), (0.005, 1.0), (1.0, -0.5), (0.3, 0.7), (1.5, 2.0), (0.01, 0.0)]
FLUTTER_DURATION_CASES = [(0.5, 0.3), (0.5, -0.3), (0.5, 0.0), (0.3, 0.3), (1.0, 0.9), (0.25, -0.75), (2.0, 1.0), (0.001, 0.5)]
FLUTTER_BOUNCE_CASES = [
    (1.0, 100.0, 10.0), (1.0, 157.91, 17.59), (1.0, 157.91367041742973, 35.90), (2.0, 300.0, 15.0),
    (1.0, 100.0, 20.0), (0.5, 50.0, 0.0), (1.0, 100.0, 40.0), (3.0, 12.5, 7.0),
]
UIKIT_CASES = [
    (3.0, 0.25, 0.0), (0.5, 0.7, 0.0), (1.0, 1.0, 0.0), (0.3, 0.5, 1.0), (2.0, 0.05, 0.0),
    (0.005, 0.5, 0.0), (15.0, 0.8, 0.0), (0.8, 1.5, 0.0), (0.6, 0.0, 0.0), (0.5, 1.0, -2.0),
]
REACT_SPRING_DEVIATION_CASES = [(t, f, 1.0, 0.0) for t, f in REACT_SPRING_PRESETS.values()] + [
    (170.0, 26.0, 1.0, 0.01), (300.0, 10.0, 2.0, -0.005), (100.0, 20.0, 1.0, 0.0),
]


def r(x):
    return repr(float(x))


def swift():
    out = [
        "// Generated by `python3 scripts/spring-references.py swift`; do not edit by hand.",
        "// Written from the platforms' published source (see the script's docstring), not from this project's code.",
        "enum SpringReferenceValues {",
    ]

    def table(doc, decl, rows):
        out.extend(f"  /// {line}" for line in doc)
        out.append(f"  static let {decl} = [")
        out.extend(f"    ({row})," for row in rows)
        out.append("  ]")

    table(["Motion's findSpring: duration in seconds, bounce, velocity (as findSpring receives it)",
           "→ stiffness, damping (mass 1). The velocity is in findSpring's own (Framer) terms: fraction of",
           "the distance per second, toward the target. Motion's public API passes 0 since v12.34.3."],
          "motionDuration: [(duration: Double, bounce: Double, velocity: Double, stiffness: Double, damping: Double)]",
          [f"duration: {r(d)}, bounce: {r(b)}, velocity: {r(v)}, stiffness: {r(k)}, damping: {r(c)}"
           for d, b, v in MOTION_DURATION_CASES for k, c, _ in [motion_find_spring(d, b, v)]])
    table(["Motion's visualDuration (seconds) and bounce → stiffness, damping (mass 1)."],
          "motionVisualDuration: [(visualDuration: Double, bounce: Double, stiffness: Double, damping: Double)]",
          [f"visualDuration: {r(vd)}, bounce: {r(b)}, stiffness: {r(k)}, damping: {r(c)}"
           for vd, b in MOTION_VISUAL_CASES for k, c, _ in [motion_visual_duration(vd, b)]])
    table(["React Native's Origami tension and friction → stiffness, damping (mass 1); all pass RN's",
           "checks (k > 0, c > 0)."],
          "reactNative: [(tension: Double, friction: Double, stiffness: Double, damping: Double)]",
          [f"tension: {r(t)}, friction: {r(f)}, stiffness: {r(k)}, damping: {r(c)}"
           for t, f in REACT_NATIVE_CASES for k, c in [react_native_origami(t, f)]])
    table(["react-spring's frequency (s) and damping ratio → tension, friction (mass 1; f is raised to",
           "0.01 and ζ to 0 when below)."],
          "reactSpringFrequency: [(frequency: Double, dampingRatio: Double, tension: Double, friction: Double)]",
          [f"frequency: {r(fq)}, dampingRatio: {r(z)}, tension: {r(k)}, friction: {r(c)}"
           for fq, z in REACT_SPRING_FREQUENCY_CASES for k, c in [react_spring_frequency(fq, z)]])
    table(["Flutter's SpringDescription.withDurationAndBounce (whole milliseconds) → stiffness, damping",
           "(mass 1)."],
          "flutterDurationBounce: [(duration: Double, bounce: Double, stiffness: Double, damping: Double)]",
          [f"duration: {r(d)}, bounce: {r(b)}, stiffness: {r(k)}, damping: {r(c)}"
           for d, b in FLUTTER_DURATION_CASES for k, c in [flutter_with_duration_and_bounce(d, b)]])
    table(["Flutter's SpringDescription.bounce getter."],
          "flutterBounce: [(mass: Double, stiffness: Double, damping: Double, bounce: Double)]",
          [f"mass: {r(m)}, stiffness: {r(k)}, damping: {r(c)}, bounce: {r(flutter_bounce(m, k, c))}"
           for m, k, c in FLUTTER_BOUNCE_CASES])
    table(["UIKit's legacy usingSpringWithDamping as Framer's SpringCurveValueConverter reconstructs it",
           "(11 Newton steps): duration s, damping ratio, initialSpringVelocity (fraction of the distance",
           "per second) → stiffness, damping (mass 1)."],
          "uiKit: [(duration: Double, dampingRatio: Double, velocity: Double, stiffness: Double, damping: Double)]",
          [f"duration: {r(d)}, dampingRatio: {r(z)}, velocity: {r(v)}, stiffness: {r(k)}, damping: {r(c)}"
           for d, z, v in UIKIT_CASES for k, c in [uikit_framer(d, z, v)]])
    table(["react-spring's 1 ms integrator against the closed form: the worst |Δx| as a fraction of the",
           "distance. A move from 0 to 1 in 1 ms frames, over the whole motion: until react-spring stops,",
           "and after, where it shows the target while the exact spring still moves; the velocity is",
           "react-spring's, value units per millisecond."],
          "reactSpringDeviation: [(tension: Double, friction: Double, mass: Double, velocity: Double, maxDeviation: Double)]",
          [f"tension: {r(t)}, friction: {r(f)}, mass: {r(m)}, velocity: {r(v)}, maxDeviation: {r(react_spring_max_deviation(t, f, m, v))}"
           for t, f, m, v in REACT_SPRING_DEVIATION_CASES])
    out.append("}")
    print("\n".join(out))


# ---------------------------------------------------------------------------------------------
# Checks against each project's own published numbers


def selftest():
    failures = []

    def check(name, got, want, tol=0.0):
        ok = got == want if tol == 0 else abs(got - want) <= tol
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {got!r} (published {want!r})")
        if not ok:
            failures.append(name)

    # Motion: spring.test.ts toString strings (4-decimal samples of the generator).
    check("motion duration 800 bounce 0.25 linear()",
          MotionGenerator((0, 1), duration=800, bounce=0.25).to_string(),
          "800ms linear(0, 0.0542, 0.1797, 0.3344, 0.4905, 0.6321, 0.7511, 0.8451, 0.9152, 0.9644, 0.9967, 1.0157, 1.0253, 1.0283, 1.0273, 1.024, 1.0196, 1.0152, 1.0111, 1.0076, 1.0048, 1.0027, 1.0012, 1.0002, 0.9996, 0.9993, 1)")
    check("motion visualDuration 0.5 bounce 0.25 linear()",
          MotionGenerator((0, 1), visualDuration=0.5, bounce=0.25).to_string(),
          "850ms linear(0, 0.046, 0.1551, 0.2934, 0.4378, 0.5737, 0.6927, 0.7915, 0.8694, 0.928, 0.9699, 0.998, 1.0153, 1.0245, 1.0281, 1.0279, 1.0254, 1.0217, 1.0176, 1.0136, 1.01, 1.007, 1.0045, 1.0027, 1.0013, 1.0003, 0.9997, 1)")
    check("motion physics 100/10/1 linear()",
          MotionGenerator((0, 1), stiffness=100, damping=10, mass=1).to_string(),
          "1100ms linear(0, 0.0419, 0.1493, 0.2963, 0.4608, 0.625, 0.7759, 0.905, 1.0077, 1.0827, 1.1314, 1.1567, 1.1629, 1.1545, 1.1359, 1.1114, 1.0844, 1.0578, 1.0336, 1.0131, 0.9969, 0.9853, 0.9779, 0.9742, 0.9735, 0.9751, 0.9783, 0.9824, 0.9868, 0.9911, 0.995, 0.9982, 1.0008, 1.0026, 1.0037, 1, 1)")
    a, b = MotionGenerator((100, 1000), bounce=0.1), MotionGenerator((100, 1000), bounce=0.1, duration=800)
    check("motion bounce 0.1 is bounce 0.1 with duration 800 (spring.test.ts)",
          [a.next(t) for t in range(0, 1000, 200)] == [b.next(t) for t in range(0, 1000, 200)], True)
    check("motion duration form is done exactly at T", (b.next(799.999)[0], b.next(800)), (False, (True, 1000)))
    # react-spring: AnimationConfig.test.ts
    check("react-spring frequency 0.5 damping 1 tension", react_spring_frequency(0.5, 1)[0], 157.91367041742973)
    check("react-spring frequency 0.5 damping 1 friction", react_spring_frequency(0.5, 1)[1], 25.132741228718345)
    check("react-spring frequency 2.6 damping 0.1 tension", react_spring_frequency(2.6, 0.1)[0], 5.840002604194885)
    check("react-spring frequency 2.6 damping 0.1 friction", react_spring_frequency(2.6, 0.1)[1], 0.483321946706122)
    # Flutter: spring_simulation_test.dart (tolerances as published)
    k, c = flutter_with_duration_and_bounce(0.5, 0.3)
    check("flutter 500 ms bounce 0.3 stiffness", k, 157.91, 0.01)
    check("flutter 500 ms bounce 0.3 damping", c, 17.59, 0.01)
    check("flutter 500 ms bounce -0.3 damping", flutter_with_duration_and_bounce(0.5, -0.3)[1], 35.90, 0.01)
    check("flutter duration of 1/157.91/17.59 (ms)", flutter_duration(1, 157.91)[1], 500)
    check("flutter bounce of 1/157.91/17.59", flutter_bounce(1, 157.91, 17.59), 0.3, 0.001)
    # Apple's documented pairs (rounded as the docs print them)
    _, k, c = swiftui_duration_bounce(0.5, 0.3)
    check("SwiftUI (0.5, 0.3) stiffness", round(k, 1), 157.9)
    check("SwiftUI (0.5, 0.3) damping", round(c, 1), 17.6)
    d, b = swiftui_duration_and_bounce_of(1, 100, 10)
    check("SwiftUI (1, 100, 10) duration", round(d, 2), 0.63)
    check("SwiftUI (1, 100, 10) bounce", round(b, 2), 0.5)
    check("SwiftUI = Flutter for (0.5, 0.3)", abs(k - flutter_with_duration_and_bounce(0.5, 0.3)[0]) / k < 1e-15, True)
    # Framer: SpringsExample readme (Copy Animation → Tension and Friction for duration 3, damping 0.25)
    t, f = uikit_framer(3, 0.25, 0)
    check("Framer duration 3 ζ 0.25 tension", t, 54.83363359078326)
    check("Framer duration 3 ζ 0.25 friction", f, 3.702486785620688)
    # React Native defaults, as platforms.md states them
    check("RN default 40/7", react_native_origami(40, 7), (230.2, 22))
    print("all ok" if not failures else f"{len(failures)} failed: {failures}")
    return not failures


def summary():
    k, c, m = motion_find_spring(0.5, 0.3)
    print(f"Motion {{duration: 0.5, bounce: 0.3}} (findSpring, 11 Newton steps): stiffness {k!r}, damping {c!r}, mass {m!r}")
    print(f"  damping ratio {c / (2 * math.sqrt(k)):.17g}; stops and snaps at 500 ms")
    m, k, c = swiftui_duration_bounce(0.5, 0.3)
    print(f"SwiftUI Spring(duration: 0.5, bounce: 0.3): mass {m!r}, stiffness {k!r}, damping {c!r}")
    k2, c2 = flutter_with_duration_and_bounce(0.5, 0.3)
    print(f"  Flutter withDurationAndBounce(500 ms, 0.3): stiffness {k2!r}, damping {c2!r}")
    k3, c3, _ = motion_visual_duration(0.5 / 1.2, 0.3)
    print(f"  Motion {{visualDuration: 0.5/1.2, bounce: 0.3}}: stiffness {k3!r}, damping {c3!r}")
    samples, stop = react_spring_simulate(170, 26, 1, 0)
    dev = react_spring_max_deviation(170, 26, 1, 0)
    print(f"react-spring default preset (170/26/1, 0 → 1, 1 ms frames): stops at {stop:.0f} ms; "
          f"max |x_euler − x_closed| = {dev!r} of the distance")
    for name, (t, f) in REACT_SPRING_PRESETS.items():
        _, stop = react_spring_simulate(t, f)
        frames60, _ = react_spring_simulate(t, f, frame_ms=1000 / 60)
        print(f"  {name:8s} {t}/{f}: max deviation {react_spring_max_deviation(t, f)!r}; stops after {stop:.0f} ms of "
              f"simulation; at 60 Hz (17 sub-steps a frame) on frame {len(frames60) - 1}, "
              f"{(len(frames60) - 1) * 1000 / 60:.1f} ms of wall time; against the wall clock the worst |Δx| is "
              f"{react_spring_wall_clock_deviation(t, f)!r} at 60 Hz, {react_spring_wall_clock_deviation(t, f, frame_ms=1000 / 120)!r} at 120 Hz")
    t, f = uikit_framer(3, 0.25, 0)
    tp, fp = uikit_framer(3, 0.25, 0, port=True)
    print(f"Framer/UIKit duration 3 ζ 0.25: {t!r}, {f!r} (11 steps); Swift port (12 steps): {tp!r}, {fp!r}")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "swift":
        swift()
    elif mode == "selftest":
        sys.exit(0 if selftest() else 1)
    elif mode == "":
        summary()
    else:
        sys.exit(__doc__)

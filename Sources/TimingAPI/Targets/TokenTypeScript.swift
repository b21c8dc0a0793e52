import TimingEngine

/// The tokens as TypeScript a developer pastes (`?format=ts`, docs/tokens.md "Source"): one
/// constant per token holding its CSS string and the options Motion (`animate`, `transition`)
/// and react-spring (`config`) take, typed by their own `Transition` and `SpringConfig`, each
/// under a comment naming its token. Motion takes seconds, react-spring milliseconds; a spring
/// is exact in both (stiffness, damping, mass; tension, friction, mass); an easing neither
/// library names (`steps()`, `linear()`, a path) is a function over its points, which both take.
/// Checked by `tsc --noEmit --strict` against declaration stubs of those two types in CI
/// (scripts/check-token-sources.py).
enum TokenTypeScript {
  static func file(_ compilation: TokenCompilation) -> String {
    let source = TokenSource(compilation)
    var out = """
      // animation-timing: \(source.entries.count) motion tokens (\(compilation.document.dialect.rawValue)), POST /v1/tokens?format=ts.
      // Each value's comment names its token and where it is in the document. Motion's options
      // are in seconds, react-spring's in milliseconds, CSS strings as CSS takes them.
      import type { Transition } from "motion";
      import type { SpringConfig } from "@react-spring/web";

      /** The progress at x of a piecewise-linear easing: CSS's linear(), a jump being two points at one x. */
      export function piecewiseLinear(points: ReadonlyArray<readonly [number, number]>, x: number): number {
        let i = -1;
        while (i + 1 < points.length && points[i + 1][0] <= x) i += 1;
        if (i < 0) return points[0][1];
        if (i + 1 >= points.length) return points[i][1];
        const [a, b] = [points[i], points[i + 1]];
        return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]);
      }


      """
    for entry in source.entries {
      let name = entry.identifier
      let css = cssText(entry.compiled)
      out += "/**\n * \(TokenSourceText.comment(entry.origin))\n"
      for note in TokenSourceText.notes(entry.compiled) { out += " * \(note)\n" }
      out += " */\n"
      switch entry.compiled.token.meaning {
      case .duration(let seconds):
        out += """
          export const \(name): { css: string; seconds: number; milliseconds: number } = {
            css: \(css),
            seconds: \(n(seconds)),
            milliseconds: \(milliseconds(seconds)),
          };

          """
      case .cubicBezier(let b):
        out += curve(name, css, b)
      case .transition(let duration, let delay, let b):
        out += """
          export const \(name): { css: string; motion: Transition } = {
            css: \(css),
            motion: { duration: \(n(duration)), delay: \(n(delay)), ease: \(array(b)) },
          };

          """
      case .spring(let given, _): out += spring(name, css, given.curve, entry.compiled)
      case .physicalSpring(let curve): out += spring(name, css, curve, entry.compiled)
      case .bounce(let bounce):
        // SwiftUI's spring of that bounce: its damping ratio whatever the duration, and a
        // perceptual duration d is ω₀ = 2π/d, over a mass of 1.
        let ratio = TokenCSS.bounceCurve(bounce)?.dampingRatio ?? 1
        out += """
          /** The duration, seconds, is the one it is paired with (SwiftUI's perceptual duration). */
          export const \(name): {
            css: string | null;
            motion: (duration: number) => Transition;
            reactSpring: (duration: number) => SpringConfig;
          } = {
            css: \(css),
            motion: (duration: number): Transition => {
              const omega = (2 * Math.PI) / duration;
              return { type: "spring", stiffness: omega * omega, damping: 2 * \(n(ratio)) * omega, mass: 1 };
            },
            reactSpring: (duration: number): SpringConfig => {
              const omega = (2 * Math.PI) / duration;
              return { tension: omega * omega, friction: 2 * \(n(ratio)) * omega, mass: 1 };
            },
          };

          """
      case .easing(let function):
        if let (x1, y1, x2, y2) = function.controlPoints {
          out += curve(name, css, CubicBezier(x1, y1, x2, y2))
        } else {
          out += points(name, css, entry.compiled)
        }
      case .pathEasing:
        out += points(name, css, entry.compiled)
      }
      out += "\n"
    }
    return out
  }

  private static func n(_ value: Double) -> String { numberText(value) }

  private static func array(_ b: CubicBezier) -> String {
    "[\(n(b.x1)), \(n(b.y1)), \(n(b.x2)), \(n(b.y2))]"
  }

  /// Milliseconds with the decimal point moved, as CSS has them.
  private static func milliseconds(_ seconds: Double) -> String {
    String(MillisecondsText.text(seconds).dropLast(2))
  }

  /// The CSS value as a string literal, or `null` where it has none.
  private static func cssText(_ compiled: TokenCompilation.Compiled) -> String {
    switch compiled.css {
    case .success(let css): return JSONWriter.quoted(css.text)
    case .failure: return "null"
    }
  }

  private static func curve(_ name: String, _ css: String, _ b: CubicBezier) -> String {
    """
    export const \(name): { css: string; ease: [number, number, number, number] } = {
      css: \(css),
      ease: \(array(b)),
    };

    """
  }

  /// Motion's and react-spring's values as `POST /v1/springs` converts them (each API's own
  /// velocity units, for a distance of 1 unless the spring gave one).
  private static func spring(
    _ name: String, _ css: String, _ c: SpringCurve, _ compiled: TokenCompilation.Compiled
  ) -> String {
    let settling = c.settlingDuration.map { n($0) } ?? "null"
    func options(_ api: SpringAPI) -> String {
      guard let form = TokenSourceText.springForm(compiled, api) else { return "{}" }
      return "{ "
        + (api == .motion ? "type: \"spring\", " : "")
        + form.spring.named.map { "\($0.0.rawValue): \(n($0.1))" }.joined(separator: ", ") + " }"
    }
    let warnings = [SpringAPI.motion, .reactSpring].flatMap {
      TokenSourceText.springForm(compiled, $0)?.notes ?? []
    }
    return warnings.map { "// \($0)\n" }.joined() + """
      export const \(name): {
        css: string | null;
        settlingSeconds: number | null;
        motion: Transition;
        reactSpring: SpringConfig;
      } = {
        css: \(css),
        settlingSeconds: \(settling),
        motion: \(options(.motion)),
        reactSpring: \(options(.reactSpring)),
      };

      """
  }

  private static func points(_ name: String, _ css: String, _ compiled: TokenCompilation.Compiled)
    -> String
  {
    let points = TokenSourceText.points(compiled)
    return """
      export const \(name)Points: ReadonlyArray<readonly [number, number]> = [
      \(points.map { "  [\(n($0.x)), \(n($0.y))]," }.joined(separator: "\n"))
      ];
      export const \(name): { css: string; ease: (x: number) => number } = {
        css: \(css),
        ease: (x: number): number => piecewiseLinear(\(name)Points, x),
      };

      """
  }
}

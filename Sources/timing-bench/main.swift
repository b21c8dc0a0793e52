import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

// `swift run -c release timing-bench`: nanoseconds per timing-function evaluation for each kind
// of curve, against the browsers' solver as the baseline, and how far that baseline's y drifts
// near vertical tangents. Each figure is the median of 7 runs over 100 000 inputs.

@inline(never) func blackHole(_ x: Double) {
  if x == -12345.6789 { print(x) }
}

func nanosecondsPerCall(_ inputs: [Double], _ body: (Double) -> Double) -> Double {
  var samples: [Double] = []
  for _ in 0..<7 {
    var sum = 0.0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for x in inputs { sum += body(x) }
    }
    blackHole(sum)
    let (seconds, attoseconds) = elapsed.components
    samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(inputs.count))
  }
  return samples.sorted()[samples.count / 2]
}

// Inputs spread over (0, 1) in a scrambled order, so branch prediction sees no pattern.
var generator = SystemRandomNumberGenerator()
let count = 100_000
let unitInputs = (0..<count).map { _ in Double.random(in: 0.000_001..<0.999_999, using: &generator)
}
let secondInputs = unitInputs.map { $0 * 1.5 }

func parse(_ text: String) -> TimingFunction { try! TimingFunction(parsing: text) }

func pad(_ s: String, _ width: Int) -> String {
  s + String(repeating: " ", count: max(1, width - s.count))
}
func fixed(_ x: Double, _ digits: Int) -> String {
  let scale = Double([1, 10, 100, 1000, 10000][digits])
  let rounded = (x * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}

// `timing-bench scene-handle [runs]`: the standard scene through TimingService.handle with the
// server's heap setup (so before the re-exec below), median and best of the runs; scripts/load.sh
// alternates it with the same request over HTTP.
if CommandLine.arguments.dropFirst().first == "scene-handle" {
  SceneHandleBenchmark.run(runs: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5)
  exit(0)
}

// glibc returns large freed blocks to the kernel at once, so every timeline's columns would be
// page-faulted in afresh; a long-running server keeps them (the Dockerfile sets the same
// tunables). Re-run this process once with them set, so the figures are those of a warm heap.
if getenv("GLIBC_TUNABLES") == nil {
  setenv(
    "GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=536870912",
    1)
  execv("/proc/self/exe", CommandLine.unsafeArgv)
}

// `timing-bench profile-sampling` only samples the standard timeline scene, repeatedly, for a
// profiler (perf record) to look at.
if CommandLine.arguments.dropFirst().first == "profile-sampling" {
  TimelineBenchmark.profileSampling()
  exit(0)
}
// `timing-bench sampling [runs]` only times the standard scene's sampling (one core): best and
// median of the runs, for comparing two builds run in turn without the rest of `timeline`.
if CommandLine.arguments.dropFirst().first == "sampling" {
  TimelineBenchmark.sampling(
    runs: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 15)
  exit(0)
}
// `timing-bench paced [name]` runs only the paced keyframe figures, or those whose name
// contains the second argument (also for perf record).
if CommandLine.arguments.dropFirst().first == "paced" {
  PacedBenchmark.run(filter: CommandLine.arguments.dropFirst(2).first)
  exit(0)
}

// `timing-bench scene` writes the standard timeline scene's request JSON to stdout, and
// `timing-bench timeline` measures only that scene in process: scripts/load.sh sends the same
// request over HTTP and compares the two rates (docs/performance.md, "HTTP").
if CommandLine.arguments.dropFirst().first == "scene" {
  print(TimelineBenchmark.requestJSON())
  exit(0)
}
if CommandLine.arguments.dropFirst().first == "timeline" {
  TimelineBenchmark.run()
  exit(0)
}

// `timing-bench gzip`: the standard timeline answer compressed at each zlib level, as streamed
// and whole, and the service with and without gzip (docs/performance.md, "Compression").
if CommandLine.arguments.dropFirst().first == "gzip" {
  GzipBenchmark.run()
  exit(0)
}

// `timing-bench export`: the standard scene exported as Web Animations keyframes, with the
// keyframe count and time (docs/performance.md, "Export").
if CommandLine.arguments.dropFirst().first == "export" {
  ExportBenchmark.run()
  exit(0)
}

// `timing-bench handle`: the load test's small GET through TimingService.handle in process
// (docs/performance.md, "HTTP").
if CommandLine.arguments.dropFirst().first == "handle" {
  HandleBenchmark.run()
  exit(0)
}

// `timing-bench batch`: POST /v1/batch's lines a second against single requests, in process,
// and its peak memory (docs/performance.md, "Batch").
if CommandLine.arguments.dropFirst().first == "batch" {
  BatchBenchmark.run()
  exit(0)
}

// `timing-bench worst-case [name…]`: the slowest requests within the body cap, with their CPU
// time and answer (docs/performance.md, "Work budget").
if CommandLine.arguments.dropFirst().first == "worst-case" {
  WorstCase.run(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}

print("timing-bench — ns per evaluation (median of 7 runs × \(count) inputs)\n")
print(pad("curve", 44) + "ns/eval")

let cases: [(String, TimingFunction, [Double])] = [
  ("easeInEaseOut (named, clamped)", .named(.easeInEaseOut), unitInputs),
  ("default (named, clamped)", .named(.default), unitInputs),
  ("cubic-bezier(0.25, 0.1, 0.25, 1) (CSS)", parse("cubic-bezier(0.25, 0.1, 0.25, 1)"), unitInputs),
  ("cubic-bezier(1, 0, 0, 1) (vertical tangent)", parse("cubic-bezier(1, 0, 0, 1)"), unitInputs),
  ("cubic-bezier(0, 1.5, 1, 1.5) (overshoot)", parse("cubic-bezier(0, 1.5, 1, 1.5)"), unitInputs),
  ("steps(4, jump-both)", parse("steps(4, jump-both)"), unitInputs),
  (
    "linear() with 10 stops", parse("linear(0, 0.1, 0.3, 0.2, 0.5, 0.7, 0.6, 0.9, 0.95, 1)"),
    unitInputs
  ),
  ("spring(1, 100, 10, 0) (x in seconds)", parse("spring(1, 100, 10, 0)"), secondInputs),
]
var results: [String: Double] = [:]
for (name, function, inputs) in cases {
  let ns = nanosecondsPerCall(inputs) { function.evaluate($0) }
  results[name] = ns
  print(pad(name, 44) + fixed(ns, 1))
}

print("\nbaseline: browser-style Newton + bisection, x tolerance 1e-7")
let curves: [(String, (Double, Double, Double, Double))] = [
  ("easeInEaseOut", (0.42, 0, 0.58, 1)), ("default", (0.25, 0.1, 0.25, 1)),
  ("cubic-bezier(1, 0, 0, 1)", (1, 0, 0, 1)), ("cubic-bezier(0, 1.5, 1, 1.5)", (0, 1.5, 1, 1.5)),
]
print(pad("curve", 32) + pad("ours ns", 10) + pad("baseline ns", 13) + "ratio")
var worstRatio = 0.0
for (name, p) in curves {
  let ours = CubicBezier(p.0, p.1, p.2, p.3)
  let browser = BrowserStyleBezier(p.0, p.1, p.2, p.3)
  let oursNS = nanosecondsPerCall(unitInputs) { ours.solve($0) }
  let baseNS = nanosecondsPerCall(unitInputs) { browser.solve($0) }
  worstRatio = max(worstRatio, oursNS / baseNS)
  print(
    pad(name, 32) + pad(fixed(oursNS, 1), 10) + pad(fixed(baseNS, 1), 13)
      + fixed(oursNS / baseNS, 2) + "×")
}
print("worst ratio: \(fixed(worstRatio, 2))×")

// Accuracy in y at the stress points, against 60-digit values from scripts/reference-values.py.
let stress: [((Double, Double, Double, Double), Double, Double)] = [
  ((1, 0, 0, 1), 0.500000000001, 0.50009449338144646739),
  ((1, 0, 0, 1), 0.500000001, 0.50094494027851291873),
  ((1, 0, 0, 1), 0.4999999, 0.4956140233926386613),
  ((1, 0, 0, 1), 0.50001, 0.52035313212443093858),
  ((0, 1.5, 1, 1.5), 1e-09, 0.000082157383621210490856),
  ((0, 1.5, 1, 1.5), 1e-06, 0.0025970760669416277011),
  ((0, 1.5, 1, 1.5), 0.999999, 1.0008656917655779502),
  ((0, 1.5, 1, 1.5), 0.999999999, 1.0000273857941450321),
]
print("\n|Δy| at near-vertical tangents (reference: mpmath, 60 digits)")
print(pad("curve at x", 40) + pad("ours", 12) + "baseline")
var oursWorst = 0.0
var baselineWorst = 0.0
for (p, x, expected) in stress {
  let ours = abs(CubicBezier(p.0, p.1, p.2, p.3).solve(x) - expected)
  let base = abs(BrowserStyleBezier(p.0, p.1, p.2, p.3).solve(x) - expected)
  oursWorst = max(oursWorst, ours)
  baselineWorst = max(baselineWorst, base)
  let label = "(\(p.0), \(p.1), \(p.2), \(p.3)) at \(x)"
  print(pad(label, 40) + pad(String(format1e(ours)), 12) + format1e(base))
}
print("worst: ours \(format1e(oursWorst)), baseline \(format1e(baselineWorst))")

func format1e(_ v: Double) -> String {
  if v == 0 { return "0" }
  var exponent = 0
  var m = v
  while m >= 10 { m /= 10; exponent += 1 }
  while m < 1 { m *= 10; exponent -= 1 }
  return fixed(m, 1) + "e" + String(exponent)
}

TimelineBenchmark.run()
PacedBenchmark.run()

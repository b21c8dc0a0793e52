import HTTPTransport
import TimingEngine

/// A preset played on one view named `view`: its plan, sampled at the request's `fps` from 0
/// to the preset's end (and at the end itself), charged to the work budget before anything is
/// sampled. Every representation of `GET /v1/presets/{type}` is made from it.
struct PresetTimeline {
  let start: CanvasPreset.State
  let steps: [CanvasPreset.State]
  let stepDuration: Double
  let plan: TimelinePlan
  let outputs: OutputPlan
  let times: [Double]
  let work: WorkBudget

  init(
    _ request: PresetRequest, configuration: APIConfiguration,
    use: PreparedTimeline.Use = .samples
  ) throws(Problem) {
    let preset = request.preset
    (start, steps) = preset.definition(width: request.width, height: request.height)
    stepDuration = preset.stepDuration(request.duration, steps: steps.count)
    let end = request.delay + stepDuration * Double(steps.count)
    let fps = request.fps
    // Compared as a double before it becomes a count (≤ 2e4 s · 1e3 fps = 2e7 by the ranges
    // `PresetRequest` checks, but the comparison is what keeps Int(…) from ever seeing a huge
    // or NaN value).
    let frames = (end * fps + 1e-9).rounded(.down)
    guard frames < Double(configuration.maxPointsPerRequest) else {
      throw Problem.tooMuchWork(
        "\(numberText(frames + 1)) keyframes (\(numberText(end)) s at \(numberText(fps)) fps) exceed the limit of \(configuration.maxPointsPerRequest)",
        .parameter(
          PresetRequest.Parameter.fps, "at most \(configuration.maxPointsPerRequest) samples"))
    }
    let count =
      Int(truncating: frames, clampedTo: 0...configuration.maxPointsPerRequest, ifNaN: 0) + 1
    var scene = Scene()
    var layer = Layer(name: "view")
    layer.canvas = CanvasSettings(preset: preset, duration: request.duration, delay: request.delay)
    layer.source = ["view"]
    // In the middle of the screen, as Canvas's demo places its view: what a Lottie document
    // draws (the exports for the client's element set no place, and the keyframes are the
    // transform's and opacity's).
    layer.properties.append(
      ("position", AnimatableValue(.point, [request.width / 2, request.height / 2])))
    // A colour to see it by, in the Lottie document only (the exports for the client's element
    // leave the element's own).
    layer.properties.append(
      ("backgroundColor", AnimatableValue(.color, PresetTimeline.viewColor)))
    // The client's view, or 100 × 100: what a Lottie document draws (the exports for the
    // client's element leave its size alone).
    let view = request.view ?? Self.defaultView
    layer.properties.append(("bounds", AnimatableValue(.rect, [0, 0, view.width, view.height])))
    scene.layers = [layer]
    scene.screenWidth = request.width
    scene.screenHeight = request.height
    var budget = configuration.workBudget
    do throws(TimelinePlan.Failure) {
      plan = try TimelinePlan(scene: scene, budget: &budget)
    } catch {
      switch error {
      case .invalid(let error): throw Problem.invalidRequest([.parameter("type", error.message)])
      case .tooMuchWork(let exhausted):
        throw Problem.tooMuchWork(exhausted, field: .parameter("type", "expanding the preset"))
      }
    }
    var times = (0..<count).map { Double($0) / fps }
    if times.last! < end { times.append(end) }
    self.times = times
    // Both key paths exist on every layer, so naming them cannot fail.
    outputs = try! plan.outputs(keyPaths: ["transform", "opacity"])
    switch use {
    case .samples: break
    case .export:
      // The export's columns charge their own sampling and fit (`ExportedColumns`).
      work = budget
      return
    }
    do throws(WorkBudget.Exhausted) {
      try budget.charge(plan.samplingCost(times: times, outputs: outputs), .sampling)
      try budget.charge(plan.exportCost(times: times.count, outputs: outputs), .export)
    } catch {
      throw Problem.tooMuchWork(
        error, field: .parameter(PresetRequest.Parameter.fps, "\(times.count) keyframes"))
    }
    work = budget
  }

  /// The view's size when the request gives none.
  static let defaultView = (width: 100.0, height: 100.0)

  /// The view's colour in a Lottie document: #3366cc.
  static let viewColor = [0.2, 0.4, 0.8, 1]

  func sample() -> TimelineSamples { plan.sample(times: times, outputs: outputs) }
}

@testable import TimingEngine

/// Small helpers to write scenes in tests.
func basic(
  _ keyPath: String, from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil,
  type: ValueType = .scalar,
  valueType: ValueType? = nil, _ configure: (inout Animation) -> Void = { _ in }
) -> Animation {
  let path = PropertyKeyPath.resolve(keyPath, customType: type)!
  let t = valueType ?? path.valueType
  var a = Animation(
    kind: .basic(
      BasicValues(
        from: from.map { AnimatableValue(t, $0) }, to: to.map { AnimatableValue(t, $0) },
        by: by.map { AnimatableValue(t, $0) })))
  a.keyPath = path
  a.timing.duration = 1
  configure(&a)
  return a
}

func layer(
  _ name: String, _ animations: [Animation] = [], properties: [(String, AnimatableValue)] = [],
  sublayers: [Layer] = []
)
  -> Layer
{
  var l = Layer(name: name)
  l.animations = animations
  l.properties = properties.map { (key: $0.0, value: $0.1) }
  l.sublayers = sublayers
  return l
}

func plan(_ layers: [Layer]) -> TimelinePlan {
  var scene = Scene()
  scene.layers = layers
  return try! TimelinePlan(scene: scene)
}

/// The values of one output at the given times, one array of components per time.
func sampled(_ plan: TimelinePlan, _ layerName: String, _ keyPath: String, _ times: [Double])
  -> [[Double]]
{
  let outputs = try! plan.outputs(keyPaths: [keyPath])
  let samples = plan.sample(times: times, outputs: outputs)
  let column = samples.layers.first { $0.name == layerName }!.columns[0]
  let n = column.type.componentCount
  return (0..<times.count).map { Array(column.values[$0 * n..<($0 + 1) * n]) }
}

func scalars(_ plan: TimelinePlan, _ layerName: String, _ keyPath: String, _ times: [Double])
  -> [Double]
{
  sampled(plan, layerName, keyPath, times).map { $0[0] }
}

func approximately(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

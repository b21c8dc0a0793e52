/// One track's column being sampled: scene times, the layer's local times, and the output.
struct Column {
  let times: UnsafeBufferPointer<Double>
  let layerTimes: UnsafeBufferPointer<Double>
  let out: UnsafeMutablePointer<Double>
  let width: Int
  let type: ValueType
  let scratch: UnsafeMutablePointer<Double>

  @inline(__always) func apply<Source: ValueWriter>(_ step: TrackStep, _ source: Source) {
    let animation = step.animation
    let f = animation.timingFunction
    let value = scratch
    let extra = scratch + 16
    // Most animations are on their layer for the whole request: then skip the check per sample.
    let alwaysAttached = times.allSatisfy { animation.isAttached(at: $0) }
    // A whole, non-additive value is written straight into the column (it replaces what is
    // beneath); everything else goes through scratch space and Composition.
    var direct = !step.additive && step.valueFunction == nil
    if case .whole = step.part {} else { direct = false }
    for i in 0..<times.count {
      guard alwaysAttached || animation.isAttached(at: times[i]),
        let lt = animation.localTime(layerTime: layerTimes[i])
      else { continue }
      if direct {
        source.write(lt, f, time: times[i], into: out + i * width)
        continue
      }
      if let valueFunction = step.valueFunction {
        source.write(lt, f, time: times[i], into: extra)
        let m = valueFunction.transform(UnsafePointer(extra)).m
        for c in 0..<16 { value[c] = m[c] }
      } else {
        source.write(lt, f, time: times[i], into: value)
      }
      Composition.apply(step, value: value, onto: out + i * width, propertyType: type)
    }
  }
}

/// Where the incoming and outgoing content of a transition are (semantics.md §3.7), as fractions of
/// the layer's size: [progress, incoming x, incoming y, outgoing x, outgoing y].
enum TransitionGeometry {
  static func write(
    _ style: TransitionStyle, progress f: Double, into out: UnsafeMutablePointer<Double>
  ) {
    let p = style.startProgress + (style.endProgress - style.startProgress) * f
    out[0] = p
    // The direction the content travels: fromLeft moves rightwards (+x), fromTop downwards.
    let direction: SIMD2<Double>
    switch style.subtype {
    case .fromLeft: direction = SIMD2(1, 0)
    case .fromRight: direction = SIMD2(-1, 0)
    case .fromTop: direction = SIMD2(0, 1)
    case .fromBottom: direction = SIMD2(0, -1)
    }
    var incoming = SIMD2<Double>(0, 0)
    var outgoing = SIMD2<Double>(0, 0)
    switch style.type {
    case .fade: break
    case .moveIn: incoming = -direction * (1 - p)
    case .push:
      incoming = -direction * (1 - p)
      outgoing = direction * p
    case .reveal: outgoing = direction * p
    }
    out[1] = incoming.x
    out[2] = incoming.y
    out[3] = outgoing.x
    out[4] = outgoing.y
  }
}

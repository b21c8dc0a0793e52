import Foundation
import Testing

@testable import TimingAPI

/// `BrowserPathMeasure` against what a real browser shows (docs/lottie-export.md "Spatial
/// paths"): an SVG group with `offset-path: path('M … C …')`, `offset-distance` and
/// `offset-rotate: 0deg` inside `scale(1/k)`, its child in `scale(k)`, read by getCTM() in
/// headless Chromium 156 (Debian's) — four cubics at five distances, at 1 and 64 path units a
/// pixel — and the exact arc length's point (mpmath: the speed integrated by quad, the
/// parameter found by findroot, 15 digits).
@Suite struct BrowserPathMeasureTests {
  static let curves: [[(Double, Double)]] = [
    [(10, 20), (50, 0), (100, 100), (150, 20)],
    // Large, with a turn: 256 chords (8 halvings) leave Chromium 1.3e-2 px off its arc at 64.
    [(0, 0), (900, -300), (-400, 700), (600, 600)],
    // Its first control point on its start (After Effects' coming to rest).
    [(100, 100), (100, 100), (110, 300), (500, 100)],
    // A 30 × 1 px hairpin.
    [(0, 0), (30, 0), (30, 1), (0, 1)],
  ]

  static let readings: [(Int, Double, Double, Double, Double, Double, Double)] = [
    // (curve, path units a px, distance px, Chromium 156 x, y, arc-length x, y)
    (
      0, 1, 16.084445930985577, 25.699962615966797, 17.571470260620117, 25.650122023942767,
      17.56487731345557
    ),
    (
      0, 64, 16.084445930985577, 25.65044403076172, 17.56492042541504, 25.650122023942767,
      17.56487731345557
    ),
    (
      0, 1, 40.211114827463945, 48.09722900390625, 26.116016387939453, 48.069943273009464,
      26.1009729570927
    ),
    (
      0, 64, 40.211114827463945, 48.07064437866211, 26.101356506347656, 48.069943273009464,
      26.1009729570927
    ),
    (
      0, 1, 80.42222965492789, 83.18092346191406, 45.88512420654297, 83.07867375518421,
      45.83943954545952
    ),
    (
      0, 64, 80.42222965492789, 83.08016204833984, 45.840110778808594, 83.07867375518421,
      45.83943954545952
    ),
    (
      0, 1, 120.63334448239183, 122.05059051513672, 47.942054748535156, 121.91102110769563,
      48.00702737751197
    ),
    (
      0, 64, 120.63334448239183, 121.91311645507812, 48.00605773925781, 121.91102110769563,
      48.00702737751197
    ),
    (
      0, 1, 144.7600133788702, 140.68685913085938, 32.89401626586914, 140.58003260196946,
      33.019493783086546
    ),
    (
      0, 64, 144.7600133788702, 140.58157348632812, 33.01768112182617, 140.58003260196946,
      33.019493783086546
    ),
    (
      1, 1, 132.9404480296548, 127.84809875488281, -37.7496452331543, 127.46022058838271,
      -37.65413588790727
    ),
    (
      1, 64, 132.9404480296548, 127.47274017333984, -37.65721893310547, 127.46022058838271,
      -37.65413588790727
    ),
    (
      1, 1, 332.351120074137, 320.8075256347656, -36.45133590698242, 320.7254985051556,
      -36.52888295535479
    ),
    (
      1, 64, 332.351120074137, 320.73150634765625, -36.52320098876953, 320.7254985051556,
      -36.52888295535479
    ),
    (
      1, 1, 664.702240148274, 242.01016235351562, 273.3705749511719, 242.08967147959962,
      273.1742588142888
    ),
    (
      1, 64, 664.702240148274, 242.08599853515625, 273.18353271484375, 242.08967147959962,
      273.1742588142888
    ),
    (
      1, 1, 997.0533602224109, 273.17779541015625, 570.7310791015625, 273.1208423500003,
      570.7002703302284
    ),
    (
      1, 64, 997.0533602224109, 273.1295166015625, 570.705078125, 273.1208423500003,
      570.7002703302284
    ),
    (
      1, 1, 1196.4640322668931, 467.5089111328125, 607.0537719726562, 467.30604961223713,
      607.0529602258503
    ),
    (
      1, 64, 1196.4640322668931, 467.3046569824219, 607.052978515625, 467.30604961223713,
      607.0529602258503
    ),
    (
      2, 1, 46.09589517940617, 115.84979248046875, 142.74835205078125, 115.86664304236228,
      142.7729894630563
    ),
    (
      2, 64, 46.09589517940617, 115.86656188964844, 142.7728729248047, 115.86664304236228,
      142.7729894630563
    ),
    (
      2, 1, 115.23973794851541, 171.21316528320312, 181.8550262451172, 171.27016536763233,
      181.87257259821132
    ),
    (
      2, 64, 115.23973794851541, 171.26959228515625, 181.87240600585938, 171.27016536763233,
      181.87257259821132
    ),
    (
      2, 1, 230.47947589703082, 285.2064208984375, 182.1220245361328, 285.3724334071277,
      182.08883676758128
    ),
    (
      2, 64, 230.47947589703082, 285.3700866699219, 182.08929443359375, 285.3724334071277,
      182.08883676758128
    ),
    (
      2, 1, 345.7192138455462, 395.2353515625, 148.12098693847656, 395.319703596082,
      148.08738454554177
    ),
    (
      2, 64, 345.7192138455462, 395.31732177734375, 148.08834838867188, 395.319703596082,
      148.08738454554177
    ),
    (
      2, 1, 414.8630566146555, 458.5530090332031, 120.44528198242188, 458.66284302249176,
      120.3933492793652
    ),
    (
      2, 64, 414.8630566146555, 458.6592712402344, 120.39505004882812, 458.66284302249176,
      120.3933492793652
    ),
    (
      3, 1, 4.505673209386774, 4.854678630828857, 0.009445867501199245, 4.505663346424609,
      0.008086165939032802
    ),
    (
      3, 64, 4.505673209386774, 4.510875225067139, 0.008105630055069923, 4.505663346424609,
      0.008086165939032802
    ),
    (
      3, 1, 11.264183023466936, 11.490568161010742, 0.0609392374753952, 11.263969095816565,
      0.05822304251851297
    ),
    (
      3, 64, 11.264183023466936, 11.269203186035156, 0.05828487128019333, 11.263969095816565,
      0.05822304251851297
    ),
    (
      3, 1, 22.528366046933872, 22.499893188476562, 0.5016375780105591, 22.500000000000007,
      0.5000000000000017
    ),
    (
      3, 64, 22.528366046933872, 22.49994468688965, 0.5011940598487854, 22.500000000000007,
      0.5000000000000017
    ),
    (
      3, 1, 33.79254907040081, 11.462831497192383, 0.9393976330757141, 11.263969041893182,
      0.9417769581181648
    ),
    (
      3, 64, 33.79254907040081, 11.26591682434082, 0.9417539238929749, 11.263969041893182,
      0.9417769581181648
    ),
    (
      3, 1, 40.55105888448097, 4.829596519470215, 0.9906556606292725, 4.505663619167863,
      0.9919138330430737
    ),
    (
      3, 64, 40.55105888448097, 4.507588863372803, 0.9919066429138184, 4.505663619167863,
      0.9919138330430737
    ),
  ]

  func point(curve: Int, scale: Double, distance: Double) -> (Double, Double) {
    let p = Self.curves[curve].map {
      BrowserPathMeasure.Point(Float($0.0 * scale), Float($0.1 * scale))
    }
    let measure = BrowserPathMeasure(start: p[0], pieces: [.cubic(p[1], p[2], to: p[3])])
    let q = measure.point(atDistance: Float(distance * scale))
    return (Double(q.x) / scale, Double(q.y) / scale)
  }

  /// What Chromium shows, within 2e-4 px (its matrices are floats), where the exact arc length
  /// is up to 0.4 px away at one unit a pixel.
  @Test func itMovesAsChromiumDoes() {
    var farthestFromArc = 0.0
    for (curve, scale, distance, x, y, arcX, arcY) in Self.readings {
      let (px, py) = point(curve: curve, scale: scale, distance: distance)
      let fromChromium = hypot(px - x, py - y)
      #expect(fromChromium <= 2e-4, "curve \(curve) at \(scale) units a px, \(distance) px")
      if scale == 1 { farthestFromArc = max(farthestFromArc, hypot(px - arcX, py - arcY)) }
    }
    #expect(farthestFromArc > 0.3)
  }

  /// At 64 units a pixel (the export's `offsetScale`) within 1.3e-2 px of the arc length.
  @Test func sixtyFourUnitsAPixelIsCloseToTheArc() {
    for (curve, scale, distance, _, _, arcX, arcY) in Self.readings where scale == 64 {
      let (px, py) = point(curve: curve, scale: scale, distance: distance)
      #expect(hypot(px - arcX, py - arcY) <= 1.3e-2, "curve \(curve) at \(distance) px")
    }
  }

  /// A path of 40 cubics (`curves[0]` forth, then back through (110, 0) and (60, 100)) 6 430
  /// px long: each piece measured in turn, the distance summed across them, as Chromium shows
  /// (path units a px, distance px, Chromium 156 x, y).
  static let zigzag: [(Double, Double, Double, Double)] = [
    (1, 600.0, 40.46846008300781, 49.01630783081055),
    (1, 1200.0, 81.44554901123047, 43.68611145019531),
    (1, 1800.0, 118.623291015625, 22.6495304107666),
    (1, 2400.0, 144.2872772216797, 28.374439239501953),
    (1, 3000.0, 109.79727172851562, 51.32923889160156),
    (1, 3600.0, 69.69288635253906, 38.8686637878418),
    (1, 4200.0, 31.969940185546875, 18.948396682739258),
    (1, 4800.0, 22.19164276123047, 36.106117248535156),
    (1, 5400.0, 60.219749450683594, 51.02674865722656),
    (64, 600.0, 41.00439453125, 49.21836853027344),
    (64, 1200.0, 82.60472106933594, 43.0963134765625),
    (64, 1800.0, 120.38008117675781, 21.839637756347656),
    (64, 2400.0, 142.7742919921875, 30.343017578125),
    (64, 3000.0, 106.64796447753906, 51.50419998168945),
    (64, 3600.0, 66.38621520996094, 36.93223571777344),
    (64, 4200.0, 27.66391944885254, 17.889057159423828),
    (64, 4800.0, 25.762603759765625, 39.6158447265625),
    (64, 5400.0, 65.82349395751953, 49.85613250732422),
  ]

  @Test func aLongPathOfManyPieces() {
    for (scale, distance, x, y) in Self.zigzag {
      let f = { (x: Double, y: Double) in
        BrowserPathMeasure.Point(Float(x * scale), Float(y * scale))
      }
      let forth = BrowserPathMeasure.Piece.cubic(f(50, 0), f(100, 100), to: f(150, 20))
      let back = BrowserPathMeasure.Piece.cubic(f(110, 0), f(60, 100), to: f(10, 20))
      let measure = BrowserPathMeasure(
        start: f(10, 20), pieces: (0..<40).map { $0 % 2 == 0 ? forth : back })
      let p = measure.point(atDistance: Float(distance * scale))
      #expect(
        hypot(Double(p.x) / scale - x, Double(p.y) / scale - y) <= 2e-4,
        "\(scale) units a px, \(distance) px")
    }
  }

  /// A line is its own chord; a distance past either end stays at the end (an open path).
  @Test func linesAndEnds() {
    let measure = BrowserPathMeasure(
      start: .init(0, 0), pieces: [.line(to: .init(30, 40)), .line(to: .init(30, 50))])
    #expect(measure.length == 60)
    #expect(measure.ends == [50, 60])
    #expect(measure.point(atDistance: 25) == .init(15, 20))
    #expect(measure.point(atDistance: 55) == .init(30, 45))
    #expect(measure.point(atDistance: -5) == .init(0, 0))
    #expect(measure.point(atDistance: 99) == .init(30, 50))
    let empty = BrowserPathMeasure(start: .init(3, 4), pieces: [])
    #expect(empty.point(atDistance: 1) == .init(3, 4))
  }
}

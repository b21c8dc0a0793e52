import Testing

@testable import TimingEngine

/// semantics.md §1's worked examples and the convertTime values others checked against Apple.
@Suite struct MediaTimingTests {
  func x(_ timing: MediaTiming, _ tp: Double, attached: Bool = true) -> Double? {
    timing.localTime(parentTime: tp, activeDuration: timing.activeDuration, attached: attached)?
      .fraction
  }

  func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
    var t = MediaTiming()
    t.duration = 1
    configure(&t)
    return t
  }

  @Test func autoreverseRepeatCountTwoForwards() {
    let t = timing {
      $0.autoreverses = true
      $0.repeatCount = 2
      $0.fillMode = .forwards
    }
    #expect(t.activeDuration == 4)
    for (tp, expected) in [(0.25, 0.25), (1.25, 0.75), (2.5, 0.5), (3.9, 0.1), (4, 0), (10, 0)] {
      #expect(abs(x(t, tp)! - expected) <= 1e-12, "tp \(tp)")
    }
  }

  @Test func fractionalRepeatFreezesMidIteration() {
    let t = timing {
      $0.repeatCount = 2.5
      $0.fillMode = .forwards
    }
    #expect(abs(x(t, 2.25)! - 0.25) <= 1e-12)
    #expect(abs(x(t, 2.5)! - 0.5) <= 1e-12)
    #expect(abs(x(t, 9)! - 0.5) <= 1e-12)
  }

  /// Apple's guide: duration 2, repeatCount 3.5 → 7 s; with forwards fill it freezes at 0.5.
  @Test func repeatThreeAndAHalfTimesTwoSeconds() {
    let t = timing {
      $0.duration = 2
      $0.repeatCount = 3.5
      $0.fillMode = .forwards
    }
    #expect(t.activeDuration == 7)
    #expect(x(t, 6.99)! > 0.49 && x(t, 6.99)! < 0.5)
    #expect(x(t, 7)! == 0.5)
  }

  @Test func timeOffsetWrapsAround() {
    let t = timing {
      $0.timeOffset = 0.5
      $0.fillMode = .forwards
    }
    for (tp, expected) in [(0.0, 0.5), (0.4, 0.9), (0.6, 0.1), (1, 0.5), (3, 0.5)] {
      #expect(abs(x(t, tp)! - expected) <= 1e-12, "tp \(tp)")
    }
  }

  @Test func speedTwo() {
    let t = timing { $0.speed = 2 }
    #expect(x(t, 0.25)! == 0.5)
    #expect(x(t, 0.5) == nil)  // ended at parent time 0.5, no fill
  }

  @Test func speedZeroStaysAtTimeOffset() {
    let t = timing {
      $0.speed = 0
      $0.timeOffset = 0.3
    }
    for tp in [-5.0, 0, 100] { #expect(abs(x(t, tp)! - 0.3) <= 1e-12) }
  }

  @Test func negativeSpeedPlaysBackwards() {
    let t = timing {
      $0.beginTime = 2
      $0.speed = -1
    }
    #expect(x(t, 2.5) == nil)
    #expect(abs(x(t, 1.75)! - 0.25) <= 1e-12)
    #expect(x(t, 0.9) == nil)  // active only for tp in (1, 2]
  }

  /// The after phase freezes on the last frame of a whole number of iterations.
  @Test func integralEndFreezesOnLastFrame() {
    let t = timing {
      $0.repeatCount = 3
      $0.fillMode = .both
    }
    #expect(x(t, 3) == 1)
    #expect(x(t, -1) == 0)
  }

  // MARK: convertTime

  static let root = LayerClock.Level(layer: 0, beginTime: 0, speed: 1, timeOffset: 0)
  static let mid = LayerClock.Level(layer: 1, beginTime: 2, speed: 3, timeOffset: 0.25)
  static let leaf = LayerClock.Level(layer: 2, beginTime: 1, speed: 2, timeOffset: 0.5)

  @Test func convertTimeThroughTheTree() throws {
    let rootClock = LayerClock(levels: [Self.root])
    let midClock = LayerClock(levels: [Self.root, Self.mid])
    let leafClock = LayerClock(levels: [Self.root, Self.mid, Self.leaf])
    #expect(abs(try LayerClock.convert(10, from: midClock, to: leafClock) - 18.5) <= 1e-12)
    #expect(abs(try LayerClock.convert(10, from: rootClock, to: leafClock) - 47) <= 1e-12)
    #expect(abs(try LayerClock.convert(10, from: leafClock, to: midClock) - 5.75) <= 1e-12)
    #expect(abs(try LayerClock.convert(10, from: leafClock, to: rootClock) - 23.0 / 6) <= 1e-12)
    #expect(leafClock.localTime(10) == 47)
  }

  /// Apple's convertTime documentation: timeOffset 1, speed 0.5, parent time 0.5 → 1.25.
  @Test func appleConvertTimeExample() throws {
    let layer = LayerClock(levels: [
      LayerClock.Level(layer: 0, beginTime: 0, speed: 0.5, timeOffset: 1)
    ])
    #expect(layer.localTime(0.5) == 1.25)
    #expect(try LayerClock.convert(0.5, from: LayerClock(levels: []), to: layer) == 1.25)
  }

  @Test func pausedLevelCannotBeInverted() {
    let paused = LayerClock(levels: [
      LayerClock.Level(layer: 0, beginTime: 0, speed: 0, timeOffset: 3)
    ])
    #expect(paused.localTime(100) == 3)
    #expect(throws: LayerClock.ConversionError.pausedLevel(index: 0)) {
      try LayerClock.convert(1, from: paused, to: LayerClock(levels: []))
    }
  }
}

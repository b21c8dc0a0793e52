import Testing

@testable import TimingEngine

@Suite struct TimingFunctionTextTests {
  @Test func namesAndAliases() throws {
    for named in NamedTimingFunction.allCases {
      #expect(try TimingFunction(parsing: named.rawValue) == .named(named))
      #expect(try TimingFunction(parsing: named.constantName) == .named(named))
      #expect(try TimingFunction(parsing: named.cssName) == .named(named))
      #expect(try TimingFunction(parsing: " \(named.cssName.uppercased()) ") == .named(named))
    }
  }

  /// parse → canonical text → parse gives the same function, and the text is stable.
  @Test(arguments: [
    ("cubic-bezier(0.25,0.1,0.25,1)", "cubic-bezier(0.25, 0.1, 0.25, 1)"),
    ("CUBIC-BEZIER( .5 , -2 , 0.5 , 3e0 )", "cubic-bezier(0.5, -2, 0.5, 3)"),
    ("steps(4,jump-end)", "steps(4)"),
    ("steps(4, end)", "steps(4)"),
    ("steps(3, start)", "steps(3, jump-start)"),
    ("steps(5, jump-none)", "steps(5, jump-none)"),
    ("steps(2, jump-both)", "steps(2, jump-both)"),
    ("step-start", "steps(1, jump-start)"),
    ("linear(0, 0.5 25%, 1)", "linear(0 0%, 0.5 25%, 1 100%)"),
    ("linear(0, 0.5 7% 13%, 1)", "linear(0 0%, 0.5 7%, 0.5 13%, 1 100%)"),
    ("linear(25% 0.5, 1)", "linear(0.5 25%, 1 100%)"),
    ("spring(1, 100, 10, 0)", "spring(1, 100, 10, 0)"),
    ("spring()", "spring(1, 100, 10, 0)"),
    ("spring(2, 300)", "spring(2, 300, 10, 0)"),
    ("ease-in", "easeIn"),
    ("kCAMediaTimingFunctionDefault", "default"),
  ])
  func roundTrip(_ input: String, _ canonical: String) throws {
    let f = try TimingFunction(parsing: input)
    #expect(f.canonicalText == canonical)
    #expect(try TimingFunction(parsing: canonical) == f)
  }

  @Test(arguments: [
    "cubic-bezier(1.1, 0, 0.5, 1)", "cubic-bezier(0.5, 0, -0.1, 1)", "cubic-bezier(0, 0, 1)",
    "cubic-bezier(nan, 0, 1, 1)", "cubic-bezier(0, inf, 1, 1)", "cubic-bezier(0x1, 0, 1, 1)",
    "cubic-bezier(0, 1e999, 1, 1)", "steps(0)", "steps(1, jump-none)", "steps(2.5)",
    "steps(2, middle)", "steps(-1)", "steps(99999999999999999999)", "linear(0)", "bounce",
    "spring(0, 100, 10, 0)", "spring(1, -1, 10, 0)", "spring(1, 2, 3, 4, 5)", "", "(", "foo(1)",
    "cubic-bezier(0,0,1,1", "cubic-bezier(,0,1,1)", "cubic-bezier(1.,0,1,1)",
  ])
  func rejects(_ text: String) {
    #expect(throws: TimingFunctionParseError.self) { try TimingFunction(parsing: text) }
  }

  @Test func controlPointErrorNamesTheRule() {
    do {
      _ = try TimingFunction(parsing: "cubic-bezier(1.5, 0, 0.5, 1)")
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("[0, 1]"))
    }
  }

  @Test func numberText() {
    #expect(TimingEngine.numberText(1) == "1")
    #expect(TimingEngine.numberText(-0.0) == "0")
    #expect(TimingEngine.numberText(0.1) == "0.1")
    #expect(TimingEngine.numberText(1e-7) == "1e-07")
    #expect(Double(TimingEngine.numberText(1.0 / 3))! == 1.0 / 3)
  }
}

import TimingEngine

/// Every format a timeline is exported in (docs/export.md), each a function of one prepared
/// input (`ExportedColumns`) and served through one door, `bytes`: a route prepares the columns,
/// charged once, and names the format. A new format is a case here; the compiler then points
/// at `bytes` and at the representation that serves it (`Representation.encoding`).
enum ExportFormat: Sendable, CaseIterable {
  /// Web Animations keyframes (`element.animate()`).
  case webAnimations
  /// A style sheet: `@keyframes` and the rules that play them.
  case styleSheet
  /// A Lottie document (docs/export.md "Lottie").
  case lottie

  /// Its name in messages.
  var name: String {
    switch self {
    case .webAnimations: "Web Animations"
    case .styleSheet: "CSS"
    case .lottie: "Lottie"
    }
  }

  /// The units fitting this format costs (docs/performance.md "Work budget"), charged with the
  /// columns' sampling before either starts: Web Animations and CSS fit the numbers of the
  /// properties that move and state each distinct spring (its curve, duration and ends) as a
  /// `linear()` fitted within the bounds;
  /// Lottie takes every number of every layer apart into its ten properties and fits each (its
  /// Bézier fits of springs are capped apart: `LottieExport.maxCurveFits`).
  func fitCost(movingNumbers: Int, allNumbers: Int, springs: Int) -> Int {
    switch self {
    case .webAnimations, .styleSheet:
      WorkBudget.adding(
        WorkBudget.multiplying(movingNumbers, WorkCost.fittedNumber),
        WorkBudget.multiplying(springs, WorkCost.springEasing))
    case .lottie: WorkBudget.multiplying(allNumbers, WorkCost.lottieNumber)
    }
  }

  enum Failure: Error, Sendable {
    /// Something changes on the grid, but none of it has a form in this format; the message
    /// names it.
    case nothingExportable(String)
    /// No sample time: a Lottie document's frames are its samples, so with none there is no
    /// frame to show (and no first value to hold).
    case noSampleTime
  }

  /// What the export is of: the scene's own layer boxes, or the client's element (a preset
  /// played on a view), whose size the composition takes when it is a Lottie document.
  struct Subject: Sendable {
    var element: ExportElement = .layerBox
    /// The composition's width and height; nil for the box that holds every top-level layer.
    var size: (width: Double, height: Double)?
  }

  /// The export's bytes: Web Animations JSON, the style sheet's text, or the Lottie document;
  /// the JSON forms end with a line break like every JSON answer.
  func bytes(
    _ input: ExportedColumns, bounds: ExportBounds, subject: Subject = Subject(),
    warnings: [SceneWarning]
  ) throws(Failure) -> [UInt8] {
    func keyframes(_ form: TimelineExport.Form) throws(Failure) -> [UInt8] {
      do throws(TimelineExport.Failure) {
        return try TimelineExport(input, bounds: bounds, form: form, element: subject.element)
          .bytes(form, warnings: warnings)
      } catch {
        switch error {
        case .nothingExportable(let message): throw .nothingExportable(message)
        }
      }
    }
    switch self {
    case .webAnimations: return try keyframes(.webAnimations)
    case .styleSheet: return try keyframes(.styleSheet)
    case .lottie:
      guard !input.times.isEmpty else { throw .noSampleTime }
      return LottieExport(input, bounds: bounds, size: subject.size).bytes(warnings: warnings)
    }
  }
}

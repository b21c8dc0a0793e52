/// A problem of a document read from its own root, put under the member that holds it: a
/// diff's sides are read as a Lottie document or a scene is (their pointers from their own
/// root), and their problems then name `/a/…` or `/b/…` in the body sent — in `errors`, and in
/// the detail an invalid request's first error makes.
extension Problem {
  func nested(under prefix: JSONPointer) -> Problem {
    var problem = self
    let head = prefix.description
    if let first = errors.first?.pointer, detail.hasPrefix(first + ": ") {
      problem.detail = head + detail
    }
    problem.errors = errors.map { error in
      var error = error
      if let pointer = error.pointer { error.pointer = head + pointer }
      return error
    }
    return problem
  }
}

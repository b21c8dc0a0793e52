import CLibFuzzer

#if canImport(Glibc)
  import Glibc
#endif

/// The input under test, for messages: printable ASCII as is, other bytes as \xNN, at most the
/// first 300 bytes (libFuzzer saves the whole input to the findings directory anyway).
public func describe(_ bytes: some Collection<UInt8>) -> String {
  var text = ""
  for byte in bytes.prefix(300) {
    if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
      text.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      let hex = String(byte, radix: 16)
      text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }
  }
  return bytes.count > 300 ? text + "…" : text
}

/// An invariant the target checks beyond "no crash". A violation is a crash on purpose, so that
/// libFuzzer saves the input as a finding like any other crash.
public func require(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition { fatalError("invariant violated: \(message())", file: file, line: line) }
}

/// The one test each fuzz executable runs; set once by `runFuzzer` before libFuzzer starts.
nonisolated(unsafe) private var currentTest: (UnsafeRawBufferPointer) -> Void = { _ in }

/// Runs libFuzzer with `test` as the target, passing it this process's arguments (libFuzzer's
/// flags and corpus directories), and exits with libFuzzer's status.
public func runFuzzer(_ test: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
  currentTest = test
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
}

/// libFuzzer's usual entry. `runFuzzer` passes its own callback, so this is here for the link:
/// SwiftPM defines an executable's `main` with `--defsym main=<module>_main`, which the linker
/// applies only after it has pulled libFuzzer's own `main` (FuzzerMain.o, which calls this
/// function) out of the archive to satisfy `_start`. Ours still wins; libFuzzer's is dead code
/// whose reference to this symbol must resolve.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  currentTest(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}

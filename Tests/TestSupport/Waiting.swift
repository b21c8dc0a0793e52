import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Polls `condition` every 10 ms until it holds or `seconds` have passed, and says whether it
/// held: for tests that wait on a server's state (bytes buffered for a slow reader, connections
/// still open) instead of sleeping a fixed time that is too long on a fast machine and too
/// short on a loaded one.
@discardableResult
public func waitUntil(within seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
  while true {
    if condition() { return true }
    guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
    usleep(10_000)
  }
}

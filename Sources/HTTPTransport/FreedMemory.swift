#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Giving freed memory back to the kernel. glibc keeps what a large answer freed: its mmap
/// threshold rises to the largest block freed (up to 32 MiB), after which such blocks come from
/// the heap and stay there — a process measured 180–470 MB resident after a few 7–27 MB
/// timelines. Fixing the threshold and trimming whenever heavy work goes idle keeps the resident
/// size near what is live. glibc's `mallopt` and `malloc_trim` are not in Swift's Glibc module,
/// so they are looked up at run time (absent elsewhere, which makes these no-ops).
public enum FreedMemory {
  private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
  private typealias MallocTrim = @convention(c) (Int) -> Int32

  private static let mallopt: Mallopt? = symbol("mallopt")
  private static let mallocTrim: MallocTrim? = symbol("malloc_trim")

  private static func symbol<F>(_ name: String) -> F? {
    guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(pointer, to: F.self)
  }

  /// Process-wide allocator policy, set once at start by the executable:
  /// - blocks of 4 MiB and more are mapped and unmapped on their own (a streamed timeline's
  ///   pieces are ≤ 1 MiB, so the hot path still reuses heap memory without page faults);
  /// - the top of a heap is given back only when 8 MiB of it are free: with glibc's default
  ///   (128 KiB) each 1 000-point evaluation freed and then faulted in again the pages of its
  ///   49 KB answer (5 % of its time in page faults); what stays is returned by `giveBack`;
  /// - at most 4 arenas: glibc otherwise makes up to 8 per core, each keeping its own free
  ///   memory, and the server has at most a few threads allocating at once.
  public static func configure() {
    let arenaMax: Int32 = -8
    let mmapThreshold: Int32 = -3
    let trimThreshold: Int32 = -1
    _ = mallopt?(mmapThreshold, 4 << 20)
    _ = mallopt?(trimThreshold, 8 << 20)
    _ = mallopt?(arenaMax, 4)
  }

  /// Returns free pages of every arena to the kernel (`malloc_trim(0)`); takes about a
  /// millisecond per 100 MB of heap, so it runs when heavy work has gone idle, never per request.
  public static func giveBack() {
    _ = mallocTrim?(0)
  }
}

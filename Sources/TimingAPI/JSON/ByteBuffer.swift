/// A growable byte buffer written through a raw pointer: the writers' hot paths append a few
/// bytes at a time, and `[UInt8].append` pays for uniqueness and capacity checks on each call.
public final class ByteBuffer {
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  @exclusivity(unchecked) @usableFromInline var count_ = 0
  public var count: Int { count_ }

  public init(capacity: Int = 1024) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `n` more bytes.
  @inlinable @inline(__always) public func reserve(_ n: Int) {
    if count_ + n > capacity { grow(count_ + n) }
  }

  @usableFromInline func grow(_ needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: base, count: count_)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  @inlinable @inline(__always) public func append(_ byte: UInt8) {
    reserve(1)
    base[count_] = byte
    count_ += 1
  }

  public func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress {
      UnsafeMutableRawPointer(base + count_).copyMemory(from: source, byteCount: bytes.count)
    }
    count_ += bytes.count
  }

  public func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }

  public func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `n` bytes at the end through `body`, which must fill all of them.
  @inlinable @inline(__always) public func write(
    _ n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void
  ) {
    reserve(n)
    body(base + count_)
    count_ += n
  }

  /// The contents as an array (one copy).
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count_)) }

  /// The contents as an array, leaving the buffer empty with its capacity kept: a streamed
  /// answer takes each piece out and writes the next into the same memory.
  public func take() -> [UInt8] {
    defer { count_ = 0 }
    return bytes
  }
}

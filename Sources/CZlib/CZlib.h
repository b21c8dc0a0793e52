// zlib, for gzip and deflate content codings (docs/api.md "Compression"). Part of the Swift
// toolchain's own Linux dependencies (zlib1g-dev on Debian), so it needs no package of ours.
#include <zlib.h>

// deflateInit2 is a macro that passes the header's version and z_stream size, which Swift
// cannot call; these wrappers make it a function. memLevel 8 is zlib's default: 128 KiB of
// hash chains beside the 128 KiB window (windowBits 15), 256 KiB per stream in all.
static inline int czlib_deflate_init(z_streamp stream, int level, int windowBits) {
  return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

// The same for inflateInit2, used by the tests' round trips.
static inline int czlib_inflate_init(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

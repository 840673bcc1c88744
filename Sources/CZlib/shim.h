#ifndef TABLEFLOW_CZLIB_SHIM_H
#define TABLEFLOW_CZLIB_SHIM_H
#include <zlib.h>

// zlib's init entry points are macros that Swift cannot import; these wrap them.
static inline int tableflow_deflateInit2(z_streamp strm, int level, int method, int windowBits,
                                         int memLevel, int strategy) {
  return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}

static inline int tableflow_inflateInit2(z_streamp strm, int windowBits) {
  return inflateInit2(strm, windowBits);
}
#endif

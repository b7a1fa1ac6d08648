// Internal to surfaces/c/: what every file of the C API shares (c_api.cpp
// defines fail and report; hunt_api.cpp uses them too), so that each C entry
// point reports errors the same way: only the fields inside the caller's
// puny_error struct_size are written, and no C++ exception crosses the
// boundary.
#pragma once

#include <cstddef>
#include <new>

#include "puny.h"
#include "puny/status.hpp"

namespace puny::capi {

// Sets *err (when not NULL) to `code` with no position; returns `code`.
puny_errc fail(puny_error* err, puny_errc code);
// Copies a C++ status into *err (the C API adds the terminator to `needed`).
puny_errc report(puny_error* err, const puny::status& s);

// Runs `body` (which returns a puny_errc), turning exceptions into codes.
template <class F>
puny_errc guarded(puny_error* err, F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(err, PUNY_ERR_OUT_OF_MEMORY);
  } catch (...) {
    return fail(err, PUNY_ERR_INTERNAL);
  }
}

template <class Unit>
inline std::size_t terminated_length(const Unit* p) {
  std::size_t n = 0;
  while (p[n] != 0) ++n;
  return n;
}

// Resolves PUNY_NUL_TERMINATED; false when the pointer is NULL but the
// length says there is data.
template <class Unit>
inline bool input_ok(const Unit* p, std::size_t& length) {
  if (p == nullptr) return length == 0;
  if (length == PUNY_NUL_TERMINATED) length = terminated_length(p);
  return true;
}

}  // namespace puny::capi

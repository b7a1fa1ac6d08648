// puny for JavaScript: the error record in place, for the bulk forms of
// the IDNA levels (surfaces/js/lib/api.js, itemError), which read a failed
// item's fields at fixed byte offsets instead of its JSON (errors.cpp),
// read once per kind of error.  (Not in the Punycode-only module: its
// entry point has no room for the reader, so its items read the JSON.)
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>

#include "module.hpp"

namespace {

// The layout the reader assumes (wasm32): code (u8) at 0, label at 8,
// code point (0xFFFFFFFF: none) at 12, detail (u8) at 16, the UTF-16
// offset at 24, the source (u8, puny::error_source) at 28.
static_assert(offsetof(last_error, status) == 0 && offsetof(puny::status, code) == 0 &&
                  offsetof(puny::status, label) == 8 && offsetof(puny::status, code_point) == 12 &&
                  offsetof(puny::status, detail) == 16 && offsetof(last_error, offset) == 24 &&
                  offsetof(last_error, source) == 28 && sizeof(puny::errc) == 1 &&
                  sizeof(puny::error_source) == 1 && sizeof(std::size_t) == 4,
              "the error record's layout, as surfaces/js/lib/api.js reads it");

}  // namespace

extern "C" {

// The last failed call's error record (g_error).
EMSCRIPTEN_KEEPALIVE std::uintptr_t puny_js_error_record() { return reinterpret_cast<std::uintptr_t>(&g_error); }

}  // extern "C"

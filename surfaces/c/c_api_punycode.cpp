// puny: the C API's Punycode functions (include/puny.h, puny_encode,
// puny_decode and their UTF-32 and annotated forms) over puny/punycode.hpp
// and puny/bootstring.hpp.  Shared helpers: c_api_internal.hpp.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "c_api_internal.hpp"
#include "puny.h"
#include "puny/bootstring.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"

namespace {

using puny::errc;
using puny::status;
using puny::capi::copy_out;
using puny::capi::fail;
using puny::capi::finish;
using puny::capi::from_source;
using puny::capi::guarded;
using puny::capi::input_ok;
using puny::capi::output_ok;
using puny::capi::report;
using puny::capi::room;

std::u32string code_points_of(const std::uint32_t* p, std::size_t n) {
  std::u32string s(n, U'\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char32_t>(p[i]);
  return s;
}

}  // namespace

extern "C" {

// ---- Punycode ----

// puny_encode and puny_decode: UTF-8 (or ASCII) in, a caller buffer out.
extern "C++" template <class Convert>
puny_errc punycode_utf8(const char* in, size_t length, char* out, size_t capacity,
                        size_t* written, puny_error* err, Convert convert) {
  return guarded(err, [&] {
    if (!input_ok(in, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    char none = 0;
    char* target = out != nullptr ? out : &none;
    const auto r = convert(std::string_view(in ? in : "", length), target, room(capacity));
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_encode(const char* utf8, size_t length, char* out, size_t capacity,
                      size_t* written, puny_error* err) {
  return punycode_utf8(utf8, length, out, capacity, written, err,
                       [](std::string_view in, char* o, std::size_t cap) {
                         return puny::punycode::encode_utf8(in, o, cap);
                       });
}

puny_errc puny_decode(const char* ascii, size_t length, char* out, size_t capacity,
                      size_t* written, puny_error* err) {
  return punycode_utf8(ascii, length, out, capacity, written, err,
                       [](std::string_view in, char* o, std::size_t cap) {
                         return puny::punycode::decode_to_utf8(in, o, cap);
                       });
}

// The UTF-32 forms copy between uint32_t and char32_t (distinct types that
// may not alias each other).
puny_errc puny_encode_utf32(const uint32_t* code_points, size_t length, char* out,
                            size_t capacity, size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(code_points, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const std::u32string input = code_points_of(code_points, length);
    char none = 0;
    const auto r =
        puny::punycode::encode(input, out != nullptr ? out : &none, room(capacity));
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_decode_utf32(const char* ascii, size_t length, uint32_t* out, size_t capacity,
                            size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(ascii, length) || !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto r = puny::punycode::decode(std::string_view(ascii ? ascii : "", length));
    if (!r.ok()) return from_source(err, report(err, r.status), PUNY_SOURCE_PUNYCODE);
    return from_source(err, copy_out(r.value, out, capacity, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_encode_utf32_annotated(const uint32_t* code_points, const unsigned char* uppercase,
                                      size_t length, char* out, size_t capacity,
                                      size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(code_points, length) || (uppercase == nullptr && length != 0) ||
        !output_ok(out, capacity))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const std::u32string input = code_points_of(code_points, length);
    std::unique_ptr<bool[]> flags(new bool[length + 1]);
    for (std::size_t i = 0; i < length; ++i) flags[i] = uppercase[i] != 0;
    char none = 0;
    const auto r = puny::bootstring::encode(input, puny::punycode::profile,
                                            out != nullptr ? out : &none, room(capacity),
                                            flags.get());
    return from_source(err, finish(out, capacity, r.size, r.status, written, err), PUNY_SOURCE_PUNYCODE);
  });
}

puny_errc puny_decode_utf32_annotated(const char* ascii, size_t length, uint32_t* out,
                                      unsigned char* uppercase, size_t capacity,
                                      size_t* written, puny_error* err) {
  return guarded(err, [&] {
    if (!input_ok(ascii, length) || !output_ok(out, capacity) ||
        (uppercase == nullptr && capacity != 0))
      return fail(err, PUNY_ERR_INVALID_ARGUMENT);
    const auto r = puny::punycode::decode_annotated(std::string_view(ascii ? ascii : "", length));
    if (!r.ok()) return from_source(err, report(err, r.status), PUNY_SOURCE_PUNYCODE);
    const puny_errc code =
        from_source(err, copy_out(r.value.text, out, capacity, r.status, written, err), PUNY_SOURCE_PUNYCODE);
    if (code == PUNY_OK)
      for (std::size_t i = 0; i < r.value.uppercase.size(); ++i)
        uppercase[i] = r.value.uppercase[i] ? 1 : 0;
    return code;
  });
}

}  // extern "C"

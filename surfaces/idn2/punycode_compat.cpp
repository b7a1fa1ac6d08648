// libidn2's raw Punycode entry points, exported only as the old versioned
// symbols _idn2_punycode_encode@IDN2_0.0.0 and _idn2_punycode_decode@IDN2_0.0.0
// (not the default version: nothing new links against them, programs built
// against libidn2 2.0-2.3 still resolve them).  RFC 3492 through puny's core.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#define IDN2_BUILDING 1
#include "idn2.h"

#include "puny/punycode.hpp"
#include "puny/status.hpp"

namespace {

int code_of(puny::errc e) noexcept {
  switch (e) {
    case puny::errc::ok: return IDN2_OK;
    case puny::errc::overflow: return IDN2_PUNYCODE_OVERFLOW;
    case puny::errc::buffer_too_small: return IDN2_PUNYCODE_BIG_OUTPUT;
    default: return IDN2_PUNYCODE_BAD_INPUT;
  }
}

}  // namespace

extern "C" {

// *output_length: the capacity of `output` in, the number written out (no NUL).
__attribute__((visibility("default"))) int puny_idn2_punycode_encode(
    std::size_t input_length, const std::uint32_t input[], std::size_t* output_length,
    char output[]) {
  if (!output_length || (!input && input_length) || (!output && *output_length)) return IDN2_PUNYCODE_BAD_INPUT;
  std::u32string_view in(reinterpret_cast<const char32_t*>(input), input_length);
  const auto r = puny::punycode::encode(in, output, *output_length);
  if (!r.status.ok()) return code_of(r.status.code);
  *output_length = r.size;
  return IDN2_OK;
}

__attribute__((visibility("default"))) int puny_idn2_punycode_decode(
    std::size_t input_length, const char input[], std::size_t* output_length,
    std::uint32_t output[]) {
  if (!output_length || (!input && input_length) || (!output && *output_length)) return IDN2_PUNYCODE_BAD_INPUT;
  const auto r = puny::punycode::decode(std::string_view(input ? input : "", input_length),
                                        reinterpret_cast<char32_t*>(output), *output_length);
  if (!r.status.ok()) return code_of(r.status.code);
  *output_length = r.size;
  return IDN2_OK;
}

}  // extern "C"

// The versioned names (libidn2.map declares IDN2_0.0.0).
__asm__(".symver puny_idn2_punycode_encode, _idn2_punycode_encode@IDN2_0.0.0");
__asm__(".symver puny_idn2_punycode_decode, _idn2_punycode_decode@IDN2_0.0.0");

// puny: Punycode (RFC 3492), the Bootstring profile used by IDNA.
//
// These functions convert one label's worth of text; they do not add or
// strip the "xn--" ACE prefix (that is IDNA's business, see idna.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"

namespace puny::punycode {

// RFC 3492 section 5: base 36, tmin 1, tmax 26, skew 38, damp 700,
// initial_bias 72, initial_n 0x80, delimiter '-', digits a-z then 0-9.
inline constexpr bootstring::parameters profile = bootstring::make_parameters(
    36, 1, 26, 38, 700, 72, 0x80, '-', "abcdefghijklmnopqrstuvwxyz0123456789");
static_assert(bootstring::validate(profile) == bootstring::parameter_error::ok,
              "the RFC 3492 section 5 parameters satisfy section 4");

// Longest input whose encoding is guaranteed not to overflow: with 64-bit
// arithmetic every delta is below (0x10FFFF + 1) * (length + 1) + length, so
// any string shorter than 2^42 code points encodes (more than fits in memory).
inline constexpr std::uint64_t max_guaranteed_encode_length = std::uint64_t{1} << 42;

// ---- UTF-32 <-> ASCII ----
result<std::string> encode(std::u32string_view input);
result<std::u32string> decode(std::string_view input);

// ---- UTF-8 <-> ASCII ----  (offsets in errors are byte offsets)
result<std::string> encode_utf8(std::string_view utf8_input);
result<std::string> decode_to_utf8(std::string_view input);

// ---- Mixed-case annotation (RFC 3492 appendix A) ----
// `uppercase` holds one flag per code point of `input`.
result<std::string> encode(std::u32string_view input, const std::vector<bool>& uppercase);
// Decodes and reports each code point's case flag.
struct annotated {
  std::u32string text;
  std::vector<bool> uppercase;
};
result<annotated> decode_annotated(std::string_view input);

// ---- Caller-buffer forms: never write past `capacity`; when it is too small
// they return errc::buffer_too_small with the size needed (snprintf style).
// Allocation-free up to bootstring::inplace_limit code points. ----
bootstring::buffer_result encode(std::u32string_view input, char* out, std::size_t capacity);
bootstring::buffer_result decode(std::string_view input, char32_t* out, std::size_t capacity);
bootstring::buffer_result encode_utf8(std::string_view utf8_input, char* out,
                                      std::size_t capacity);
bootstring::buffer_result decode_to_utf8(std::string_view input, char* out,
                                         std::size_t capacity);

}  // namespace puny::punycode

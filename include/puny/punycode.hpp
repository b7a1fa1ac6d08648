// puny: Punycode (RFC 3492), the Bootstring profile used by IDNA.
//
// These functions convert one label's worth of text; they do not add or
// strip the "xn--" ACE prefix (that is IDNA's business, see idna.hpp).
#pragma once

#include "puny/config.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::punycode {

// RFC 3492 section 5: base 36, tmin 1, tmax 26, skew 38, damp 700,
// initial_bias 72, initial_n 0x80, delimiter '-', digits a-z then 0-9.
inline constexpr bootstring::parameters profile = bootstring::make_parameters(
    36, 1, 26, 38, 700, 72, 0x80, '-', "abcdefghijklmnopqrstuvwxyz0123456789");
static_assert(bootstring::validate(profile) == bootstring::parameter_error::ok,
              "the RFC 3492 section 5 parameters satisfy section 4");

// The longest input a step-by-step trace covers (`puny explain encode|decode`,
// Python puny.explain(operation='encode'|'decode'), JS explain): code points
// when encoding, bytes when decoding.  Longer input gets errc::input_too_long
// at this offset and no steps.  A limit, not a faster trace: the decoder's
// trace shows the string after every insertion, so its size is the square of
// the input's (RFC 3492 section 6.2), and section 6.3's encoder scans the
// input once per distinct code point.  A DNS label has at most 63 octets
// (RFC 1035 section 2.3.4); 1024 keeps the worst trace near 4 MB (issue 44;
// docs/security.md).
inline constexpr std::size_t max_traced_length = 1024;

// Length: encode and decode accept inputs of up to 2^32 - 2 code points
// (bytes for decoding) and return errc::input_too_long beyond.  Within that
// limit no encoding can overflow: the 64-bit deltas stay below
// (0x10FFFF + 1) * (length + 1) < 2^53.  (The former constant
// max_guaranteed_encode_length = 2^42 named neither limit and was removed.)

// ---- UTF-32 <-> ASCII ----
[[nodiscard]]
result<std::string> encode(std::u32string_view input);
[[nodiscard]]
result<std::u32string> decode(std::string_view input);

// ---- UTF-8 <-> ASCII ----  (offsets in errors are byte offsets)
[[nodiscard]]
result<std::string> encode_utf8(std::string_view utf8_input);
[[nodiscard]]
result<std::string> decode_to_utf8(std::string_view input);

// ---- Mixed-case annotation (RFC 3492 appendix A) ----
// `uppercase` holds one flag per code point of `input`.
[[nodiscard]]
result<std::string> encode(std::u32string_view input, const std::vector<bool>& uppercase);
// Decodes and reports each code point's case flag.
struct annotated {
  std::u32string text;
  std::vector<bool> uppercase;
};
[[nodiscard]]
result<annotated> decode_annotated(std::string_view input);

// ---- Caller-buffer forms: never write past `capacity`; when it is too small
// they return errc::buffer_too_small with the size needed (snprintf style).
// Allocation-free up to bootstring::inplace_limit code points.  The UTF-8
// forms read the whole input before they write, so `out` may overlap it. ----
[[nodiscard]]
bootstring::buffer_result encode(std::u32string_view input, char* out, std::size_t capacity);
[[nodiscard]]
bootstring::buffer_result decode(std::string_view input, char32_t* out, std::size_t capacity);
[[nodiscard]]
bootstring::buffer_result encode_utf8(std::string_view utf8_input, char* out,
                                      std::size_t capacity);
[[nodiscard]]
bootstring::buffer_result decode_to_utf8(std::string_view input, char* out,
                                         std::size_t capacity);

}  // namespace puny::punycode
PUNY_PUBLIC_END

// The URL Standard's IDNA algorithms (https://url.spec.whatwg.org/#idna, the
// 2026 wording: whatwg/url#914 and the commits of 2026-06-25), selected by
// options::url_domain_to_ascii (the url preset, beStrict=false).
//
// "domain parser" (formerly "domain to ASCII"), and where each step is:
//   1-2. strictResult = ToASCII with CheckHyphens, UseSTD3ASCIIRules and
//        VerifyDnsLength on; its failure is a validation error that does
//        not return: url_validation_errors (url.cpp), run by
//        to_ascii_detailed and explain_to_ascii only, since it never
//        changes the result;
//   3.   beStrict=true: the url_strict preset, plain UTS #46 ToASCII;
//   5.   an ASCII input is ASCII-lowercased and is the result whatever
//        ToASCII says (whatwg/url#914): run_to_ascii (pipeline.cpp) and the
//        fast path's url_ascii / url_failed routes;
//   6.   otherwise ToASCII with beStrict=false flags (the url preset's);
//   7-8. an empty result or a forbidden domain code point fails:
//        first_url_error below (ASCII input), url_checks_after_emit
//        (pipeline.cpp) otherwise.
// "domain to Unicode": ToUnicode with the url preset's flags; when an error
// was recorded the input is returned unchanged (append_input_unchanged,
// used by every to_unicode form in uts46.cpp).
//
// Contract of first_url_error: given the ASCII result (or, equivalently,
// the ASCII input, which lowercasing does not change in these respects),
// returns the first failure: empty_label at 0, or
// forbidden_domain_code_point at the offending position with its label
// index and code point; ok otherwise.
#pragma once

#include <cstddef>
#include <type_traits>

#include "puny/status.hpp"

namespace puny::idna::detail {

// Forbidden host code points, C0 controls, U+0025 and U+007F.
constexpr bool is_forbidden_domain_code_point(char32_t c) noexcept {
  switch (c) {
    case 0x00: case 0x09: case 0x0A: case 0x0D: case ' ': case '#': case '/': case ':':
    case '<': case '>': case '?': case '@': case '[': case '\\': case ']': case '^':
    case '|': case '%': case 0x7F:
      return true;
    default:
      return c <= 0x1F;
  }
}

// is_forbidden_domain_code_point as a table over ASCII: the Map step and
// check_forbidden_in_labels screen code points with one load each (since
// host-name safety became the default, every name that leaves the fast
// path is screened).
struct forbidden_ascii_table {
  unsigned char forbidden[128] = {};
  constexpr forbidden_ascii_table() {
    for (unsigned c = 0; c < 128; ++c) forbidden[c] = is_forbidden_domain_code_point(c) ? 1 : 0;
  }
};
inline constexpr forbidden_ascii_table forbidden_ascii{};

template <class CharT>
status first_url_error(const CharT* s, std::size_t n) noexcept {
  status e;
  if (n == 0) {
    e.code = errc::empty_label;
    return e;
  }
  std::size_t label = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<char32_t>(static_cast<std::make_unsigned_t<CharT>>(s[i]));
    if (c == '.') ++label;
    if (is_forbidden_domain_code_point(c)) {
      e.code = errc::forbidden_domain_code_point;
      e.offset = i;
      e.label = label;
      e.code_point = c;
      return e;
    }
  }
  return e;
}

}  // namespace puny::idna::detail

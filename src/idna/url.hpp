// The URL Standard's "domain to ASCII" (https://url.spec.whatwg.org/#concept-domain-to-ascii)
// with beStrict=false: the url preset (options::url_domain_to_ascii).
//
// What it adds to UTS #46 ToASCII (section 3.5 of the URL Standard):
//  * an input that is all ASCII is ASCII-lowercased and returned without
//    UTS #46 processing (whatwg/url#914), so bogus xn-- labels pass;
//  * the result fails when it is empty or holds a forbidden domain code
//    point.
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

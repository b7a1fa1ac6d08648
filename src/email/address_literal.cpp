// RFC 5321 section 4.1.3 address literals, checked by their ABNF (no
// resolver, no inet_pton: the grammar is smaller than either and the same
// on every platform).
#include "internal.hpp"

#include <cstddef>

namespace puny::detail::email {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_hex(char c) noexcept {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// IPv4-address-literal = Snum 3("." Snum); Snum = 1*3DIGIT, value 0-255.
bool is_ipv4(std::string_view s) noexcept {
  std::size_t i = 0;
  for (int part = 0; part < 4; ++part) {
    if (part > 0) {
      if (i >= s.size() || s[i] != '.') return false;
      ++i;
    }
    std::size_t digits = 0;
    unsigned value = 0;
    while (i < s.size() && is_digit(s[i]) && digits < 3) {
      value = value * 10 + static_cast<unsigned>(s[i] - '0');
      ++i;
      ++digits;
    }
    if (digits == 0 || value > 255) return false;
  }
  return i == s.size();
}

// Counts the IPv6-hex groups of `s` separated by ':' (s may be empty: 0
// groups).  False when a group is not 1*4HEXDIG.
bool count_groups(std::string_view s, std::size_t& groups) noexcept {
  groups = 0;
  if (s.empty()) return true;
  std::size_t start = 0;
  while (true) {
    const std::size_t colon = s.find(':', start);
    const std::string_view g =
        s.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
    if (g.empty() || g.size() > 4) return false;
    for (char c : g)
      if (!is_hex(c)) return false;
    ++groups;
    if (colon == std::string_view::npos) return true;
    start = colon + 1;
  }
}

// IPv6-addr = IPv6-full / IPv6-comp / IPv6v4-full / IPv6v4-comp.
//   full: 8 groups; comp: at most 6 groups besides "::" (which stands for
//   at least two zero groups); the v4 forms: 6 groups, or at most 4 besides
//   "::", then an IPv4 address.
bool is_ipv6(std::string_view s) noexcept {
  std::size_t limit_full = 8, limit_comp = 6;
  // An IPv4 tail follows the last ':' when it holds a '.'.
  const std::size_t last_colon = s.rfind(':');
  if (last_colon == std::string_view::npos) return false;
  if (s.find('.', last_colon) != std::string_view::npos) {
    if (!is_ipv4(s.substr(last_colon + 1))) return false;
    // Keep the ':' before the IPv4 part only when it is the second of "::".
    const bool after_double = last_colon > 0 && s[last_colon - 1] == ':';
    s = s.substr(0, after_double ? last_colon + 1 : last_colon);
    limit_full = 6;
    limit_comp = 4;
  }
  const std::size_t dbl = s.find("::");
  std::size_t groups = 0;
  if (dbl == std::string_view::npos) return count_groups(s, groups) && groups == limit_full;
  if (s.find("::", dbl + 1) != std::string_view::npos) return false;  // one "::" at most
  std::size_t before = 0, after = 0;
  if (!count_groups(s.substr(0, dbl), before) || !count_groups(s.substr(dbl + 2), after))
    return false;
  return before + after <= limit_comp;
}

}  // namespace

bool is_address_literal(std::string_view text) noexcept {
  // The tag is case-insensitive like every ABNF string (RFC 5234 section 2.3).
  if (text.size() >= 5 && (text[0] == 'I' || text[0] == 'i') &&
      (text[1] == 'P' || text[1] == 'p') && (text[2] == 'v' || text[2] == 'V') &&
      text[3] == '6' && text[4] == ':')
    return is_ipv6(text.substr(5));
  return is_ipv4(text);
}

}  // namespace puny::detail::email

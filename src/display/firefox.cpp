// The `firefox-moderate` and `firefox-high` profiles' label check: Firefox's
// nsIDNService::isLabelSafe (netwerk/dns/nsIDNService.cpp) as it was while
// network.IDN.restriction_profile chose between UTS #39 moderately and
// highly restrictive (its script rules; not the rules taken from Chromium
// in its last releases with the pref), with its default
// network.IDN.blocklist_chars and the identifier data of the ICU Firefox
// bundles.  Kept for callers that name them; today's Firefox is the
// `firefox` profile (firefox_current.cpp).  docs/display.md has the steps.
#include <cstddef>
#include <string_view>

#include "display/internal.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {
namespace {

namespace uts39 = puny::uts39;
using puny::display::reason;

// A nonspacing mark whose Script_Extensions do not include the script of
// the character it sits on (nsIDNService: a combining mark must belong to
// the script of its base).
std::size_t foreign_mark_at(std::u32string_view t) {
  uts39::script_id base = uts39::scripts::common;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char32_t c = t[i];
    const uts39::script_set scx = uts39::script_extensions(c);
    if (uts39::script_of(c) != uts39::scripts::inherited) {
      base = uts39::script_of(c);
      continue;
    }
    if (scx.is_all() || base == uts39::scripts::common || base == uts39::scripts::inherited) continue;
    if (!scx.contains(base)) return i;
  }
  return std::u32string_view::npos;
}

// nsIDNService::isLabelSafe: U+0300-U+0314 or U+031A on a dotless i
// (U+0131) looks like the same accent on an ordinary i, so the label stays
// Punycode.  The base is the last character that is not a mark, so other
// marks in between do not hide it.  (Firefox tracks nonspacing marks, Mn;
// the marks it names are all Mn, and a spacing or enclosing mark on a
// dotless i is not valid in a domain name's Latin text anyway.)
std::size_t dotless_i_mark_at(std::u32string_view t) {
  char32_t base = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char32_t c = t[i];
    if (!ucd::is_mark(c)) {
      base = c;
      continue;
    }
    if (base == 0x0131 && ((c >= 0x0300 && c <= 0x0314) || c == 0x031A)) return i;
  }
  return std::u32string_view::npos;
}

}  // namespace

// network.IDN.blocklist_chars, Firefox's default value (modules/libpref
// StaticPrefList / all.js): characters never shown in a label whatever the
// script rules say.  Most are not valid IDNA anyway; they are checked
// because the U-label may come from an A-label.
bool firefox_blocklisted(char32_t c) noexcept {
  constexpr char32_t singles[] = {
      0x0020, 0x00A0, 0x00BC, 0x00BD, 0x00BE, 0x01C3, 0x02D0, 0x0337, 0x0338, 0x0589, 0x058A,
      0x05C3, 0x05F4, 0x0609, 0x060A, 0x066A, 0x06D4, 0x0701, 0x0702, 0x0703, 0x0704, 0x115F,
      0x1160, 0x1735, 0x2024, 0x2027, 0x2028, 0x2029, 0x202F, 0x2039, 0x203A, 0x2041, 0x2044,
      0x2052, 0x205F, 0x2215, 0x23AE, 0x29F6, 0x29F8, 0x2AFB, 0x2AFD, 0x3000, 0x3002, 0x3014,
      0x3015, 0x3033, 0x30A0, 0x3164, 0x321D, 0x321E, 0x33AE, 0x33AF, 0x33C6, 0x33DF, 0xA789,
      0xFE14, 0xFE15, 0xFE3F, 0xFE5D, 0xFE5E, 0xFEFF, 0xFF0E, 0xFF0F, 0xFF61, 0xFFA0, 0x1D242,
      0x1D243, 0x1D244};
  for (const char32_t s : singles)
    if (c == s) return true;
  return (c >= 0x2000 && c <= 0x200B) || (c >= 0x2153 && c <= 0x215F) ||
         (c >= 0x2FF0 && c <= 0x2FFB) || (c >= 0xFFF9 && c <= 0xFFFD);
}

void check_firefox(const label_input& in, bool high, std::vector<raw_finding>& out) {
  const std::u32string_view t = in.text;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (firefox_blocklisted(t[i])) {
      add_finding(out, reason::blocklisted_character, t, i, "firefox/1-blocklist");
      break;
    }
  }
  // nsIDNService: GetIdentifierType is ICU's Identifier_Status, of the ICU
  // Firefox bundles, not of this build's Unicode data.
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (in_browser_icu_set(t[i])) continue;
    add_finding(out, reason::restricted_character, t, i, "firefox/2-identifier-status");
    break;
  }
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != std::u32string_view::npos)
    add_finding(out, reason::mixed_numbers, t, mixed, "firefox/3-numbering-systems");
  const std::size_t repeated = repeated_mark_at(t);
  if (repeated != std::u32string_view::npos)
    add_finding(out, reason::invisible_character, t, repeated, "firefox/4-repeated-marks");
  const std::size_t foreign = foreign_mark_at(t);
  if (foreign != std::u32string_view::npos)
    add_finding(out, reason::combining_mark, t, foreign, "firefox/4-combining-mark-script");
  const std::size_t dotless = dotless_i_mark_at(t);
  if (dotless != std::u32string_view::npos)
    add_finding(out, reason::dangerous_pattern, t, dotless, "firefox/4-dotless-i-mark");
  const uts39::restriction_level most =
      high ? uts39::restriction_level::highly_restrictive : uts39::restriction_level::moderately_restrictive;
  if (uts39::script_restriction_level(t) > most)
    add_finding(out, reason::restriction_level, t, first_script_break(t),
                high ? std::string_view("firefox/5-highly-restrictive") : std::string_view("firefox/5-moderately-restrictive"));
}

}  // namespace puny::detail::display

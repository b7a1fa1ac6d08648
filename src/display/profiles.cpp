// The `firefox-*`, `uts39-*` profiles' label checks, and the tables of
// profiles and reasons every surface prints.
#include <cstddef>
#include <string_view>

#include "display/internal.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {
namespace {

namespace uts39 = puny::uts39;
using puny::display::reason;

void add(std::vector<raw_finding>& out, reason why, std::u32string_view text, std::size_t pos,
         std::string_view step) {
  raw_finding f;
  f.why = why;
  f.has_code_point = pos < text.size();
  f.position = f.has_code_point ? pos : 0;
  f.code_point = f.has_code_point ? text[pos] : 0;
  f.step = step;
  out.push_back(f);
}

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

std::size_t find_restricted(std::u32string_view t) {
  for (std::size_t i = 0; i < t.size(); ++i)
    if (uts39::identifier_status_of(t[i]) != uts39::identifier_status::allowed) return i;
  return std::u32string_view::npos;
}

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

void check_firefox(const label_input& in, bool high, std::vector<raw_finding>& out) {
  const std::u32string_view t = in.text;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (firefox_blocklisted(t[i])) {
      add(out, reason::blocklisted_character, t, i, "firefox/1-blocklist");
      break;
    }
  }
  const std::size_t restricted = find_restricted(t);
  if (restricted != std::u32string_view::npos)
    add(out, reason::restricted_character, t, restricted, "firefox/2-identifier-status");
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != std::u32string_view::npos)
    add(out, reason::mixed_numbers, t, mixed, "firefox/3-numbering-systems");
  const std::size_t repeated = repeated_mark_at(t);
  if (repeated != std::u32string_view::npos)
    add(out, reason::invisible_character, t, repeated, "firefox/4-repeated-marks");
  const std::size_t foreign = foreign_mark_at(t);
  if (foreign != std::u32string_view::npos)
    add(out, reason::combining_mark, t, foreign, "firefox/4-combining-mark-script");
  const std::size_t dotless = dotless_i_mark_at(t);
  if (dotless != std::u32string_view::npos)
    add(out, reason::combining_mark, t, dotless, "firefox/4-dotless-i-mark");
  const uts39::restriction_level most =
      high ? uts39::restriction_level::highly_restrictive : uts39::restriction_level::moderately_restrictive;
  if (uts39::script_restriction_level(t) > most)
    add(out, reason::restriction_level, t, first_script_break(t),
        high ? std::string_view("firefox/5-highly-restrictive") : std::string_view("firefox/5-moderately-restrictive"));
}

void check_uts39(const label_input& in, uts39::restriction_level most, std::vector<raw_finding>& out) {
  const std::u32string_view t = in.text;
  const bool high = most == uts39::restriction_level::highly_restrictive;
  const std::size_t restricted = find_restricted(t);
  if (restricted != std::u32string_view::npos)
    add(out, reason::restricted_character, t, restricted, "uts39/3.1-general-security-profile");
  if (uts39::script_restriction_level(t) > most)
    add(out, reason::restriction_level, t, first_script_break(t),
        high ? std::string_view("uts39/5.2-highly-restrictive") : std::string_view("uts39/5.2-moderately-restrictive"));
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != std::u32string_view::npos)
    add(out, reason::mixed_numbers, t, mixed, "uts39/5.3-mixed-numbers");
  const std::size_t repeated = repeated_mark_at(t);
  if (repeated != std::u32string_view::npos)
    add(out, reason::invisible_character, t, repeated, "uts39/5.4-invisible");
}

}  // namespace puny::detail::display

namespace puny::display {
namespace {

constexpr profile_info profile_table[] = {
    {profile::chromium, "chromium",
     "Chromium's IDN spoof checker: ICU highly restrictive with its allowed set, deviation and "
     "TLD-specific characters, whole-script and digit lookalikes, dangerous patterns, top domains",
     "chromium/chromium components/url_formatter/spoof_checks/idn_spoof_checker.cc at 58a4b28c5469"},
    {profile::firefox_moderate, "firefox-moderate",
     "Firefox's default (network.IDN.restriction_profile = moderate): UTS #39 moderately "
     "restrictive, Allowed characters, blocklist, numbering systems, combining marks",
     "Firefox netwerk/dns/nsIDNService.cpp and UTS #39 section 5.2 level 4"},
    {profile::firefox_high, "firefox-high",
     "Firefox with network.IDN.restriction_profile = high: as firefox-moderate with UTS #39 highly "
     "restrictive",
     "Firefox netwerk/dns/nsIDNService.cpp and UTS #39 section 5.2 level 3"},
    {profile::uts39_highly_restrictive, "uts39-highly-restrictive",
     "UTS #39 General Security Profile, highly restrictive (5.2), no mixed numbers or invisible marks",
     "UTS #39 sections 3.1, 5.2 (level 3), 5.3, 5.4"},
    {profile::uts39_moderately_restrictive, "uts39-moderately-restrictive",
     "UTS #39 General Security Profile, moderately restrictive (5.2), no mixed numbers or invisible "
     "marks",
     "UTS #39 sections 3.1, 5.2 (level 4), 5.3, 5.4"},
    {profile::ascii_only, "ascii-only", "never show Unicode: every non-ASCII label stays an A-label",
     "UTS #39 section 5.2 level 1"},
};

struct reason_info {
  reason why;
  std::string_view name;
  std::string_view message;
};

constexpr reason_info reason_table[] = {
    {reason::not_ascii, "not_ascii", "the profile shows only ASCII labels"},
    {reason::restricted_character, "restricted_character",
     "a character is outside the profile's allowed set"},
    {reason::restricted_type, "restricted_type", "a character's identifier type is not allowed"},
    {reason::restriction_level, "restriction_level",
     "the label mixes scripts beyond the profile's restriction level"},
    {reason::mixed_numbers, "mixed_numbers", "the label has digits of more than one numbering system"},
    {reason::invisible_character, "invisible_character",
     "the same nonspacing mark repeats on one character and may be invisible"},
    {reason::blocklisted_character, "blocklisted_character",
     "a character is on the profile's blocklist"},
    {reason::deviation_character, "deviation_character",
     "the label holds a deviation character (U+00DF, U+03C2, U+200C, U+200D)"},
    {reason::tld_specific_character, "tld_specific_character",
     "a character is shown only under a particular top-level domain"},
    {reason::unsafe_middle_dot, "unsafe_middle_dot",
     "a middle dot outside l\xC2\xB7l under .cat"},
    {reason::dangerous_pattern, "dangerous_pattern",
     "a character sequence the profile forbids (kana, CJK or combining marks in a misleading place)"},
    {reason::whole_script_confusable, "whole_script_confusable",
     "every letter of one script looks like a Latin letter, under a top-level domain of another script"},
    {reason::digit_lookalike, "digit_lookalike",
     "the label is made of digits and characters that look like digits"},
    {reason::combining_mark, "combining_mark",
     "a combining mark sits on a character of another script"},
    {reason::top_domain_lookalike, "top_domain_lookalike",
     "the name looks like a protected domain"},
    {reason::latin_mixed_with_other, "latin_mixed_with_other",
     "a non-ASCII Latin letter is mixed with a script other than Greek or Cyrillic"},
};

}  // namespace

profile_list profiles() noexcept {
  return profile_list{profile_table, sizeof profile_table / sizeof profile_table[0]};
}

const profile_info* find_profile(std::string_view name) noexcept {
  for (const profile_info& p : profile_table)
    if (p.name == name) return &p;
  return nullptr;
}

const profile_info* find_profile_ignoring_case(std::string_view name) noexcept {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (const profile_info& p : profile_table) {
    // The names are lowercase ASCII, so lowering the input alone suffices.
    bool same = p.name.size() == name.size();
    for (std::size_t i = 0; same && i < name.size(); ++i) same = lower(name[i]) == p.name[i];
    if (same) return &p;
  }
  return nullptr;
}

const profile_info& info(profile p) noexcept {
  for (const profile_info& i : profile_table)
    if (i.id == p) return i;
  return profile_table[0];
}

std::string_view to_string(reason r) noexcept {
  for (const reason_info& i : reason_table)
    if (i.why == r) return i.name;
  return "";
}

std::string_view message(reason r) noexcept {
  for (const reason_info& i : reason_table)
    if (i.why == r) return i.message;
  return "";
}

}  // namespace puny::display

// The tables of display profiles and reasons every surface prints
// (puny/display.hpp: profiles(), find_profile(), to_string(reason), ...).
#include <cstddef>
#include <string_view>

#include "display/chromium_allowed_version.inc"
#include "puny/display.hpp"
#include "puny/unicode.hpp"

namespace puny::display {
namespace {

constexpr profile_info profile_table[] = {
    {profile::chromium, "chromium",
     "Chromium's IDN spoof checker: ICU highly restrictive with its allowed set, deviation and "
     "TLD-specific characters, whole-script and digit lookalikes, dangerous patterns, top domains",
     "chromium/chromium components/url_formatter/spoof_checks/idn_spoof_checker.cc at 58a4b28c5469 "
     "with the 2026 tree's changes (the tree that ships ICU 78.2)",
     "ICU " PUNY_CHROMIUM_ICU_VERSION " recommended + inclusion sets (Identifier_Type of Unicode "
     PUNY_CHROMIUM_ICU_UNICODE_VERSION "), minus Chromium's removals"},
    {profile::firefox_moderate, "firefox-moderate",
     "Firefox while network.IDN.restriction_profile existed, its default (moderate): UTS #39 "
     "moderately restrictive, Allowed characters, blocklist, numbering systems, combining marks; "
     "today's Firefox is the firefox profile",
     "Firefox netwerk/dns/nsIDNService.cpp and UTS #39 section 5.2 level 4",
     "Identifier_Status of Unicode " PUNY_CHROMIUM_ICU_UNICODE_VERSION
     " (ICU 78's data: nsIDNService asks the ICU Firefox bundles)"},
    {profile::firefox_high, "firefox-high",
     "Firefox while network.IDN.restriction_profile existed, set to high: as firefox-moderate with "
     "UTS #39 highly restrictive; today's Firefox is the firefox profile",
     "Firefox netwerk/dns/nsIDNService.cpp and UTS #39 section 5.2 level 3",
     "Identifier_Status of Unicode " PUNY_CHROMIUM_ICU_UNICODE_VERSION
     " (ICU 78's data: nsIDNService asks the ICU Firefox bundles)"},
    {profile::uts39_highly_restrictive, "uts39-highly-restrictive",
     "UTS #39 General Security Profile, highly restrictive (5.2), no mixed numbers or invisible marks",
     "UTS #39 sections 3.1, 5.2 (level 3), 5.3, 5.4",
     "Identifier_Status of this build's Unicode " PUNY_UNICODE_VERSION_STRING},
    {profile::uts39_moderately_restrictive, "uts39-moderately-restrictive",
     "UTS #39 General Security Profile, moderately restrictive (5.2), no mixed numbers or invisible "
     "marks",
     "UTS #39 sections 3.1, 5.2 (level 4), 5.3, 5.4",
     "Identifier_Status of this build's Unicode " PUNY_UNICODE_VERSION_STRING},
    {profile::ascii_only, "ascii-only", "never show Unicode: every non-ASCII label stays an A-label",
     "UTS #39 section 5.2 level 1", "ASCII only"},
    {profile::firefox, "firefox",
     "Firefox today: one script rule (Latin with Han+Kana, Han+Bopomofo or Han+Hangul), Allowed "
     "characters, blocklist, Chromium's kana, CJK, diacritic and TLD rules, digit, Cyrillic and Thai "
     "lookalikes, numbering systems, combining marks",
     "Firefox netwerk/dns/nsIDNService.cpp IsLabelSafe after network.IDN.restriction_profile was "
     "removed (read at overholt/firefox 1667ec582b66)",
     "Identifier_Status of Unicode " PUNY_CHROMIUM_ICU_UNICODE_VERSION
     " (ICU 78's data: nsIDNService asks the ICU Firefox bundles)"},
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

// The `chromium` profile's label check: Chromium's IDN spoof checker, label
// by label, as
// components/url_formatter/spoof_checks/idn_spoof_checker.cc does it at
// chromium/chromium commit 58a4b28c5469 (IDNSpoofChecker::
// SafeToDisplayAsUnicode and SetAllowedUnicodeSet), with the changes of the
// 2026 tree that ships ICU 78.2 (read in ARAS-Workspace/phantom-browser-core
// e3540440b634, whose test table says the same): Cyrillic te among the
// Latin lookalikes, three more allowed words, the katakana middle dot only
// between Japanese characters and never last, seven more CJK characters that
// imitate Latin ones.  ICU's uspoof is replaced by puny::uts39.  The order
// of the steps and their early returns are Chromium's; docs/display.md has
// the table.  Where Chromium has platform-specific data (the Thai
// lookalikes), the set used on platforms other than Linux is taken.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include <utility>
#include <vector>

#include "display/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/bmp_pages.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {
namespace {

namespace uts39 = puny::uts39;
namespace scripts = puny::uts39::scripts;
using puny::display::reason;

bool in(char32_t c, std::u32string_view set) noexcept { return set.find(c) != std::u32string_view::npos; }
bool in_range(char32_t c, char32_t lo, char32_t hi) noexcept { return c >= lo && c <= hi; }

// SetAllowedUnicodeSet: ICU's recommended plus inclusion sets, minus
// Chromium's edits.
bool chromium_allowed(char32_t c) noexcept {
  const bool base = in_browser_icu_set(c);
  if (!base) return false;
  switch (c) {
    case 0x0338:  // combining long solidus overlay: a slash with a broken font
    case 0x058A:  // Armenian hyphen
    case 0x2010:  // hyphen, like U+002D
    case 0x2019:  // right single quotation mark, hard to notice
    case 0x2027:  // hyphenation point, like U+30FB
    case 0x30A0:  // katakana-hiragana double hyphen
    case 0x02BB:  // modifier letter turned comma
    case 0x02BC:  // modifier letter apostrophe
    case 0x02EC:  // modifier letter voicing
    case 0x0138:  // Latin kra
      return false;
    default:
      break;
  }
  // Rarely used Latin, Greek and Cyrillic blocks.
  return !(in_range(c, 0x01CD, 0x01DC) || in_range(c, 0x1C80, 0x1C8F) ||
           in_range(c, 0x1E00, 0x1E9B) || in_range(c, 0x1F00, 0x1FFF) ||
           in_range(c, 0xA640, 0xA69F) || in_range(c, 0xA720, 0xA7FF));
}

// Per script: the letters that look like Latin ones, and the TLDs under
// which a label made only of them is still shown (kWholeScriptConfusables).
struct whole_script_data {
  uts39::script_id script;
  std::u32string_view latin_lookalikes;
  std::vector<std::string_view> allowed_tlds;
};

uts39::script_id script_by_code(std::string_view code) {
  uts39::script_id id = scripts::unknown;
  (void)uts39::find_script(code, id);
  return id;
}

const std::vector<whole_script_data>& whole_script_table() {
  static const std::vector<whole_script_data> table = {
      {script_by_code("Armn"), U"\u0561\u0563\u0566\u0567\u056C\u0570\u0575\u0578\u057D\u0582\u0585\u0559", {"am"}},
      {scripts::cyrillic,
       U"\u0430\u044B\u0441\u0501\u0435\u050D\u04BB\u0456\u044E\u043A\u0458\u04CF\u043E\u0440\u0517\u051B"
       U"\u0455\u0442\u051D\u0445\u0443\u044A\u044C\u04BD\u043F\u0433\u0475\u0461",
       {"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}},
      {script_by_code("Ethi"), U"\u1200\u1220\u1230\u1235\u1260\u1290\u1270\u12A8\u12D0\u12D5\u12D8\u1320\u1350\uAB05", {"er", "et"}},
      {script_by_code("Geor"), U"\u10D8\u10DD\u10E7\u10EB\u10EE\u10FD\u10FF", {"ge"}},
      {scripts::greek, U"\u03B1\u03B9\u03BA\u03BD\u03C1\u03C5\u03C9\u03B7\u03BF\u03C4", {"gr"}},
      {script_by_code("Hebr"), U"\u05D3\u05D5\u05D7\u05D9\u05DF\u05E1\u05F0\u05F2\u05F3\uFB26", {"il"}},
      {script_by_code("Beng"), U"\u09E6\u09ED", {}},
      {script_by_code("Deva"), U"\u093D\u0966\u0971", {}},
      {script_by_code("Gujr"), U"\u0AA1\u0A9F\u0AE6\u0AE7", {}},
      {script_by_code("Guru"), U"\u0A66\u0A67", {}},
      {script_by_code("Knda"), U"\u0CBD\u0CE6\u0CE7", {}},
      {script_by_code("Mlym"), U"\u0D1F\u0D20\u0D27\u0D28\u0D31\u0D66", {}},
      {script_by_code("Orya"), U"\u0B20\u0B66\u0B6E", {}},
      {script_by_code("Taml"), U"\u0B9F\u0BAA\u0BE6", {}},
      {script_by_code("Telu"), U"\u0C66\u0C67", {}},
      {script_by_code("Mymr"), U"\u1001\u1002\u1004\u1011\u1015\u101D\u1040\u1042\u1054\u105C\u1090\u1091\u1095\u1096\u1097", {"mm"}},
      {script_by_code("Thai"), U"\u0E1A\u0E1E\u0E40\u0E41\u0E50", {"th"}},
  };
  return table;
}

// Characters that are or look like digits: a label of only these and
// ASCII digits is kept (IsDigitLookalike).
constexpr std::u32string_view digit_lookalikes =
    U"\u03B8\u0968\u09E8\u0A68\u0AE8\u0CE9\u0CED\u0577\u0437\u0499\u04E1\u0909\u0993\u0A24\u0A69"
    U"\u0AE9\u0C69\u1012\u10D5\u10DE\u0A5C\u10D9\u0A6B\u4E29\u3110\u0573\u09EA\u0A6A\u0B6B\u0AED\u0B68\u0C68";

bool is_digit_lookalike_label(std::u32string_view text) noexcept {
  bool lookalike = false;
  for (const char32_t c : text) {
    if (c >= U'0' && c <= U'9') continue;
    if (!in(c, digit_lookalikes)) return false;
    lookalike = true;
  }
  return lookalike;
}

// Common words that are whole-script confusables but imitate no Latin word
// (kAllowedWholeScriptConfusableWords).
bool is_allowed_word(std::u32string_view t) noexcept {
  constexpr std::u32string_view words[] = {
      U"\u0441\u0435\u043A\u0441",                          // sex
      U"\u043A\u0430\u043A",                                // how
      U"\u043A\u043E\u0441\u0430",                          // braid
      U"\u043A\u0443\u0440\u0441",                          // course
      U"\u043F\u0430\u0440\u043A",                          // park
      U"\u0442\u0430\u043A\u0438\u0439",                    // such
      U"\u0443\u043A\u0440\u043E\u043F",                    // dill
      U"\u0441\u0430\u0445\u0430\u0440\u043E\u043A",        // sugar lump
      U"\u043F\u043E\u043A\u0440\u0430\u0441\u043A\u0430",  // painting
      U"\u0442\u0435\u0430\u0442\u0440",                    // theatre
      U"\u0430\u0441\u0442\u0440\u043E",                    // astro
      U"\u043F\u0445\u0443\u043A\u0435\u0442",              // Phuket
  };
  for (const std::u32string_view w : words)
    if (t == w) return true;
  return false;
}

bool is_japanese_scx(char32_t c) noexcept {
  return has_scx(c, scripts::katakana) || has_scx(c, scripts::hiragana) || has_scx(c, scripts::han);
}

// The dangerous patterns of SafeToDisplayAsUnicode (an ICU regular
// expression there), one condition each.  Returns the position of the
// character that completes a pattern, or npos.
std::size_t dangerous_pattern_at(std::u32string_view t) {
  constexpr std::u32string_view slash_like = U"\u30CE\u30F3\u30BD\u30BE\u4E36\u4E40\u4E41\u4E3F";
  constexpr std::u32string_view cjk_latin_like =
      U"\u4E00\u3127\u4E28\u4E5B\u4E03\u4E05\u5341\u3007\u3112\u311A\u311F\u3128\u3129\u3108\u31BA"
      U"\u31B3\u5DE5\u31B2\u8BA0\u4E01\u4E36\u4E85\u4E8C\u4EA0\u5196\u5B80\u5DDB";
  auto cjk_or_bopo = [](char32_t c) { return is_japanese_scx(c) || has_scx(c, scripts::bopomofo); };
  auto kana = [](char32_t c) { return has_scx(c, scripts::katakana); };
  auto hira = [](char32_t c) { return has_scx(c, scripts::hiragana); };
  auto is_combining_diacritic = [](char32_t c) { return c >= 0x0300 && c <= 0x0339; };
  const std::size_t n = t.size();
  // Whole-label patterns: a label otherwise all Katakana (Hiragana) with a
  // Hiragana (Katakana) he/be/pe inside, which look the same.
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const char32_t c = t[i];
    const bool hira_he = c >= 0x3078 && c <= 0x307A;
    const bool kata_he = c >= 0x30D8 && c <= 0x30DA;
    if (!hira_he && !kata_he) continue;
    bool rest_ok = true;
    for (std::size_t j = 0; j < n && rest_ok; ++j)
      if (j != i) rest_ok = hira_he ? kana(t[j]) : hira(t[j]);
    if (rest_ok) return i;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = t[i];
    const bool has_prev = i > 0;
    const char32_t prev = has_prev ? t[i - 1] : 0;
    // Katakana no, so, zo, n and four CJK ideographs look like slashes next
    // to a non-Japanese character.
    if (in(c, slash_like) && has_prev && !is_japanese_scx(prev)) return i;
    // Iteration marks only after Katakana.
    if ((c == 0x30FD || c == 0x30FE) && (!has_prev || !kana(prev))) return i;
    // Prolonged sound mark only after Kana.
    if (c == 0x30FC && (!has_prev || !(kana(prev) || hira(prev)))) return i;
    // Katakana middle dot beside anything but Hiragana, Katakana or Han, or
    // last in the label, where it reads as a separator.
    if (c == 0x30FB && ((has_prev && !is_japanese_scx(prev)) || i + 1 == n || !is_japanese_scx(t[i + 1])))
      return i;
    // CJK characters that imitate Latin letters or punctuation, beside a
    // character of another script.
    if (in(c, cjk_latin_like) &&
        ((has_prev && !cjk_or_bopo(prev)) || (i + 1 < n && !cjk_or_bopo(t[i + 1]))))
      return i;
    if (is_combining_diacritic(c) && has_prev) {
      // A combining diacritic after a character that is not Latin, Greek
      // or Cyrillic, or after dotless i.
      if (!(has_scx(prev, scripts::latin) || has_scx(prev, scripts::greek) ||
            has_scx(prev, scripts::cyrillic)))
        return i;
      if (prev == 0x0131) return i;
    }
    // Combining kana voiced sound marks.
    if (c == 0x3099 || c == 0x309A) return i;
    // Dot above after i, j or l.
    if (c == 0x0307 && has_prev && (prev == U'i' || prev == U'j' || prev == U'l')) return i;
  }
  return std::u32string_view::npos;
}

std::size_t find_first(std::u32string_view text, bool (*pred)(char32_t)) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (pred(text[i])) return i;
  return std::u32string_view::npos;
}

// The quick path: a label that check_chromium would pass, recognized with
// one table read per code point.  Entry of a BMP code point: its
// Script_Extensions script when that is one script (low byte; 0xFF when ALL,
// as for Common and Inherited) and these bits.
constexpr std::uint16_t quick_any_script = 0xFF;
constexpr std::uint16_t quick_needs_check = 1u << 8;   // only check_chromium can tell
constexpr std::uint16_t quick_row_breaker = 1u << 9;   // a letter of a step-5 row's script that imitates no Latin one
constexpr std::uint16_t quick_mark = 1u << 10;         // a mark (the invisible check)
constexpr std::uint16_t quick_ends_in_mark = 1u << 11; // not a mark, but its NFD has one
constexpr std::uint16_t quick_digitish = 1u << 12;     // an ASCII digit or a digit lookalike
constexpr std::uint16_t quick_not_allowed = 1u << 13;  // outside the allowed set: step 1 fails the label

// Needs check: outside the allowed set; a digit that is not ASCII (mixed
// numbers); U+0300-U+0339 (step 5 sends such labels on to the pattern
// steps); a character steps 3-5 name (TLD-specific, middle dot, the kana
// exceptions); several scripts in Script_Extensions.  The
// dangerous patterns (step 7) are not named: a label reaches them only
// mixed or with a kana exception or U+0300-U+0339, all of which are flagged.
//
// Built in pages of 256 code points the first time a code point of the page
// is read (about 1,200 instructions a code point: 79 M instructions when the
// whole BMP was built at once), so a run over a few scripts builds only
// their pages.
struct quick_page {
  std::uint16_t of[256] = {};
};

void build_quick_page(char32_t first, quick_page& page) {
  constexpr std::u32string_view named =
      U"\u00FE\u00F0\u0259\u00B7\u3099\u309A"
      U"\u30FB\u30FC\u30FD\u30FE\u3078\u3079\u307A\u30D8\u30D9\u30DA";
  if (uts39::script_count() >= quick_any_script) {  // ids must fit the entry's byte
    for (std::uint16_t& e : page.of) e = quick_needs_check;
    return;
  }
  std::vector<const whole_script_data*> row(uts39::script_count() + 1, nullptr);
  for (const whole_script_data& w : whole_script_table()) row[w.script] = &w;
  std::u32string decomposed;
  for (unsigned i = 0; i < 256; ++i) {
    const char32_t c = first + i;
    std::uint16_t e = quick_any_script;
    const uts39::script_set scx = uts39::script_extensions(c);
    if (!scx.is_all()) e = scx.size() == 1 ? scx.next(0) : static_cast<std::uint16_t>(e | quick_needs_check);
    const char32_t zero_then_c[2] = {U'0', c};
    if (!chromium_allowed(c)) e |= quick_needs_check | quick_not_allowed;
    if (unicode::is_surrogate(c) || (c >= 0x0300 && c <= 0x0339) ||
        uts39::mixed_numbers_at(std::u32string_view(zero_then_c, 2)) != std::u32string_view::npos ||
        named.find(c) != std::u32string_view::npos)
      e |= quick_needs_check;
    if (const whole_script_data* w = row[uts39::script_of(c)]; w && !in(c, w->latin_lookalikes))
      e |= quick_row_breaker;
    if (ucd::is_mark(c)) {
      e |= quick_mark;
    } else {
      decomposed.clear();
      ucd::nfd_append(std::u32string_view(&c, 1), decomposed);
      if (decomposed.size() > 1 && ucd::is_mark(decomposed.back())) e |= quick_ends_in_mark;
    }
    if ((c >= U'0' && c <= U'9') || in(c, digit_lookalikes)) e |= quick_digitish;
    page.of[i] = e;
  }
}

const ucd::bmp_pages<quick_page>& quick_table() {
  static const ucd::bmp_pages<quick_page> table(build_quick_page);
  return table;
}

// The Han family's augmented sets (UTS #39 section 5.1) as bits: Jpan,
// Kore, Hanb.  A label mixing only these scripts has a non-empty resolved
// set while the bits it leaves are.
std::uint8_t han_family(std::uint16_t script) noexcept {
  constexpr std::uint8_t jpan = 1, kore = 2, hanb = 4;
  switch (script) {
    case scripts::han: return jpan | kore | hanb;
    case scripts::hiragana:
    case scripts::katakana: return jpan;
    case scripts::hangul: return kore;
    case scripts::bopomofo: return hanb;
    default: return 0;
  }
}

const std::vector<bool>& scripts_with_rows() {
  static const std::vector<bool> rows = [] {
    std::vector<bool> r(uts39::script_count() + 1, false);
    for (const whole_script_data& w : whole_script_table()) r[w.script] = true;
    return r;
  }();
  return rows;
}

}  // namespace

void check_chromium(const label_input& in_label, std::vector<raw_finding>& out) {
  const std::u32string_view t = in_label.text;
  const std::size_t before = out.size();
  // 1. ICU's checks with the allowed set and HIGHLY_RESTRICTIVE: characters
  //    (CHAR_LIMIT), restriction level, invisible marks, mixed numbers.
  const std::size_t not_allowed = find_first(t, [](char32_t c) { return !chromium_allowed(c); });
  if (not_allowed != std::u32string_view::npos)
    add_finding(out, reason::restricted_character, t, not_allowed, "chromium/1-icu-allowed-set");
  const uts39::restriction_level level = uts39::script_restriction_level(t);
  if (level > uts39::restriction_level::highly_restrictive)
    add_finding(out, reason::restriction_level, t, first_script_break(t), "chromium/1-icu-restriction-level");
  const std::size_t invisible = repeated_mark_at(t);
  if (invisible != std::u32string_view::npos)
    add_finding(out, reason::invisible_character, t, invisible, "chromium/1-icu-invisible");
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != std::u32string_view::npos)
    add_finding(out, reason::mixed_numbers, t, mixed, "chromium/1-icu-mixed-numbers");
  if (out.size() != before) return;

  // 2. Deviation characters: Chromium keeps a label with U+00DF, U+03C2,
  //    U+200C or U+200D as an A-label only in its IDNA transitional mode
  //    (!url::IsUsingIDNA2008NonTransitional()), where a user typing the
  //    Unicode would reach another name.  puny's ToUnicode is non-transitional,
  //    so the step is Chromium's non-transitional one: nothing to check (the
  //    two joiners are Restricted since Unicode 15 and fail step 1).

  // 3. TLD-specific letters: thorn and eth only under .is and .fo, schwa
  //    under .az.
  if (t.size() > 1 && in_label.tld != "is" && in_label.tld != "fo") {
    const std::size_t icelandic = find_first(t, [](char32_t c) { return c == 0x00FE || c == 0x00F0; });
    if (icelandic != std::u32string_view::npos)
      return add_finding(out, reason::tld_specific_character, t, icelandic, "chromium/3-tld-specific-characters");
  }
  if (t.size() > 1 && in_label.tld != "az") {
    const std::size_t schwa = find_first(t, [](char32_t c) { return c == 0x0259; });
    if (schwa != std::u32string_view::npos)
      return add_finding(out, reason::tld_specific_character, t, schwa, "chromium/3-tld-specific-characters");
  }

  // 4. Middle dot only between two l's under .cat (RFC 5892 appendix A.3,
  //    the Catalan ela geminada).
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != 0x00B7) continue;
    if (in_label.tld != "cat" || i == 0 || i + 1 == t.size() || t[i - 1] != U'l' || t[i + 1] != U'l')
      return add_finding(out, reason::unsafe_middle_dot, t, i, "chromium/4-middle-dot");
  }

  if (level == uts39::restriction_level::ascii_only) return;

  // 5. One script: shown unless every letter of some script is a Latin
  //    lookalike under a TLD that is not of that script, or the label is
  //    digits and digit lookalikes.  Labels with the kana exceptions or
  //    combining diacritics go on to the mixed-script steps.
  const bool kana_exception = find_first(t, [](char32_t c) {
    return (c >= 0x3078 && c <= 0x307A) || (c >= 0x30D8 && c <= 0x30DA) || (c >= 0x30FB && c <= 0x30FE);
  }) != std::u32string_view::npos;
  const bool combining = find_first(t, [](char32_t c) { return c >= 0x0300 && c <= 0x0339; }) !=
                         std::u32string_view::npos;
  if (level == uts39::restriction_level::single_script && !kana_exception && !combining) {
    // One script: only that script's row of the table can apply.
    uts39::script_id script = scripts::common;
    for (const char32_t c : t) {
      const uts39::script_id s = uts39::script_of(c);
      if (s != scripts::common && s != scripts::inherited) {
        script = s;
        break;
      }
    }
    for (const whole_script_data& w : whole_script_table()) {
      if (w.script != script) continue;
      std::size_t first = std::u32string_view::npos;
      bool all_lookalike = true;
      for (std::size_t i = 0; i < t.size() && all_lookalike; ++i) {
        if (uts39::script_of(t[i]) != w.script) continue;
        if (first == std::u32string_view::npos) first = i;
        all_lookalike = in(t[i], w.latin_lookalikes);
      }
      if (first == std::u32string_view::npos || !all_lookalike) break;
      bool tld_allows = std::find(w.allowed_tlds.begin(), w.allowed_tlds.end(), in_label.tld) !=
                        w.allowed_tlds.end();
      std::size_t pos = 0;
      char32_t c = 0;
      while (!tld_allows && pos < in_label.tld_unicode.size() &&
             unicode::next_utf8(in_label.tld_unicode, pos, c))
        tld_allows = uts39::script_of(c) == w.script;
      if (!tld_allows && !is_allowed_word(t))
        return add_finding(out, reason::whole_script_confusable, t, first, "chromium/5-whole-script-confusable");
      break;
    }
    if (is_digit_lookalike_label(t))
      return add_finding(out, reason::digit_lookalike, t, 0, "chromium/5-digit-lookalikes");
    return;
  }

  // 6. Mixed scripts (Latin with Han, kana or Hangul, as highly restrictive
  //    allows).
  if (is_digit_lookalike_label(t))
    return add_finding(out, reason::digit_lookalike, t, 0, "chromium/6-digit-lookalikes");
  const std::size_t latin = find_first(t, [](char32_t c) {
    return uts39::script_of(c) == scripts::latin && !((c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'));
  });
  if (latin != std::u32string_view::npos && !is_lgc_label(t))
    return add_finding(out, reason::latin_mixed_with_other, t, latin, "chromium/6-non-ascii-latin");
  const std::size_t dangerous = dangerous_pattern_at(t);
  if (dangerous != std::u32string_view::npos)
    add_finding(out, reason::dangerous_pattern, t, dangerous, "chromium/7-dangerous-patterns");
}

quick_verdict chromium_quick_verdict(std::string_view utf8_label) noexcept {
  // Passes when: no code point needs a check; the scripts resolve to a
  // non-empty set (one script, or only Han-family scripts with a common
  // augmented set), so step 1 finds the label single-script and step 5
  // ends it; no run of marks could repeat one (a mark after a mark or after
  // a character whose NFD ends in one goes to the full check); when the
  // script has a step-5 row, a letter of it imitating no Latin letter
  // (so the label is not a whole-script confusable); and a character that
  // is neither a digit nor a digit lookalike (step 5's digit rule).  Fails
  // at the first code point outside the allowed set (step 1 always reports
  // it).
  const ucd::bmp_pages<quick_page>& table = quick_table();
  std::uint16_t script = quick_any_script;
  std::uint8_t family = 0xFF;  // Jpan | Kore | Hanb still possible
  bool han_family_seen = false, breaker = false, not_digitish = false;
  std::uint16_t previous = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(utf8_label.data());
  const std::size_t n = utf8_label.size();
  for (std::size_t i = 0; i < n;) {
    // BMP code points only (one to three bytes); anything else, ill-formed
    // sequences included, goes to the full check.
    char32_t c = p[i];
    if (c < 0x80) {
      i += 1;
    } else if (c >= 0xC2 && c < 0xE0 && i + 1 < n && (p[i + 1] & 0xC0) == 0x80) {
      c = ((c & 0x1F) << 6) | (p[i + 1] & 0x3F);
      i += 2;
    } else if (c >= 0xE0 && c < 0xF0 && i + 2 < n && (p[i + 1] & 0xC0) == 0x80 && (p[i + 2] & 0xC0) == 0x80) {
      c = ((c & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F);
      if (c < 0x800) return quick_verdict::unknown;  // overlong; surrogates are flagged in the table
      i += 3;
    } else {
      return quick_verdict::unknown;
    }
    const std::uint16_t e = table.page(c).of[c & 255];
    if (e & quick_needs_check) return e & quick_not_allowed ? quick_verdict::fails : quick_verdict::unknown;
    if ((e & quick_mark) && (previous & (quick_mark | quick_ends_in_mark))) return quick_verdict::unknown;
    previous = e;
    breaker = breaker || (e & quick_row_breaker);
    not_digitish = not_digitish || !(e & quick_digitish);
    const std::uint16_t s = e & quick_any_script;
    if (s == quick_any_script) continue;
    if (const std::uint8_t f = han_family(s)) {
      family &= f;
      han_family_seen = true;
      if (family == 0) return quick_verdict::unknown;
    } else if (script == quick_any_script) {
      script = s;
    } else if (s != script) {
      return quick_verdict::unknown;
    }
  }
  if (han_family_seen && script != quick_any_script) return quick_verdict::unknown;
  if (script != quick_any_script && scripts_with_rows()[script] && !breaker) return quick_verdict::unknown;
  return not_digitish ? quick_verdict::passes : quick_verdict::unknown;
}

}  // namespace puny::detail::display

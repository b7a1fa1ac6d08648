// The `firefox` profile's label check: nsIDNService::IsLabelSafe as Firefox
// has it since network.IDN.restriction_profile was removed (one script
// rule, no moderate/high pair), read in netwerk/dns/nsIDNService.cpp of
// overholt/firefox at 1667ec582b66 (a copy of Firefox's tree; mozilla/
// gecko-dev 99f8e72dce61 has the same rules before the Thai check was
// added).  Firefox returns at the first failed rule; here every failed rule
// is reported, the verdict is the same.  Where Firefox has
// platform-specific data (the Thai lookalikes, the macOS font
// blocklist), the set used on platforms other than Linux and macOS is
// taken, as the chromium profile does.  docs/display.md has the steps.
#include <cstddef>
#include <string_view>

#include "display/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::display {
namespace {

namespace uts39 = puny::uts39;
namespace scripts = puny::uts39::scripts;
using puny::display::reason;
constexpr std::size_t npos = std::u32string_view::npos;

bool one_of(char32_t c, std::u32string_view set) noexcept { return set.find(c) != npos; }
bool ascii_digit(char32_t c) noexcept { return c >= U'0' && c <= U'9'; }

// General_Category Mn (or Me): a mark whose Joining_Type defaults to T.
// Firefox asks for Mn; no enclosing mark is in its allowed set.
bool nonspacing(char32_t c) noexcept { return ucd::is_mark(c) && ucd::joining(c) == ucd::joining_type::T; }

// Its tables (InitCJKSlashConfusables, InitCJKIdeographs,
// InitDigitConfusables, InitCyrillicLatinConfusables,
// InitThaiLatinConfusables without the Linux-only letters).
constexpr std::u32string_view cjk_slash_like = U"\u30CE\u30BD\u30BE\u30F3\u4E36\u4E40\u4E41\u4E3F";
constexpr std::u32string_view cjk_latin_like =
    U"\u4E00\u3127\u4E28\u4E5B\u4E03\u4E05\u5341\u3007\u3112\u311A\u311F\u3128\u3129\u3108\u31BA\u31B3"
    U"\u5DE5\u31B2\u8BA0\u4E01";
constexpr std::u32string_view digit_like =
    U"\u03B8\u0968\u09E8\u0A68\u0AE8\u0CE9\u0577\u0437\u0499\u04E1\u0909\u0993\u0A24\u0A69\u0AE9\u0C69"
    U"\u1012\u10D5\u10DE\u0A5C\u10D9\u0A6B\u4E29\u3110\u0573\u09EA\u0A6A\u0B6B\u0AED\u0B68\u0C68";
constexpr std::u32string_view cyrillic_latin_like =
    U"\u0430\u044B\u0441\u0501\u0435\u050D\u04BB\u0456\u044E\u043A\u0458\u04CF\u043C\u043E\u0440\u0517"
    U"\u051B\u0455\u051D\u0445\u0443\u044A\u044C\u04BD\u043F\u0433\u0475\u0461";
constexpr std::u32string_view thai_latin_like = U"\u0E1A\u0E1E\u0E1F\u0E23\u0E40\u0E41\u0E50";

// Its built-in blocklist, netwerk/dns/IDNCharacterBlocklist.inc (generated;
// read in Floorp-Projects/Floorp 1807f131e692, a copy of Firefox's tree):
// ranges of BMP characters never shown, whatever the other rules say
// (InitializeBlocklist; isOnlySafeChars skips characters above U+FFFF).
// It replaced the network.IDN.blocklist_chars default the retired pair
// keeps (firefox.cpp): U+0138, U+200E-U+2010, U+2019, U+202A-U+202E,
// U+2236 and U+2571 are new, U+A789 and U+1D242-U+1D244 gone.
struct char_range {
  char32_t first, last;
};
constexpr char_range blocklist[] = {
    {0x0020, 0x0020}, {0x00A0, 0x00A0}, {0x00BC, 0x00BE}, {0x0138, 0x0138}, {0x01C3, 0x01C3},
    {0x02D0, 0x02D0}, {0x0337, 0x0338}, {0x0589, 0x058A}, {0x05C3, 0x05C3}, {0x05F4, 0x05F4},
    {0x0609, 0x060A}, {0x066A, 0x066A}, {0x06D4, 0x06D4}, {0x0701, 0x0704}, {0x115F, 0x1160},
    {0x1735, 0x1735}, {0x2000, 0x200B}, {0x200E, 0x2010}, {0x2019, 0x2019}, {0x2024, 0x2024},
    {0x2027, 0x202F}, {0x2039, 0x203A}, {0x2041, 0x2041}, {0x2044, 0x2044}, {0x2052, 0x2052},
    {0x205F, 0x205F}, {0x2153, 0x215F}, {0x2215, 0x2215}, {0x2236, 0x2236}, {0x23AE, 0x23AE},
    {0x2571, 0x2571}, {0x29F6, 0x29F6}, {0x29F8, 0x29F8}, {0x2AFB, 0x2AFB}, {0x2AFD, 0x2AFD},
    {0x2FF0, 0x2FFB}, {0x3000, 0x3000}, {0x3002, 0x3002}, {0x3014, 0x3015}, {0x3033, 0x3033},
    {0x30A0, 0x30A0}, {0x3164, 0x3164}, {0x321D, 0x321E}, {0x33AE, 0x33AF}, {0x33C6, 0x33C6},
    {0x33DF, 0x33DF}, {0xFE14, 0xFE15}, {0xFE3F, 0xFE3F}, {0xFE5D, 0xFE5E}, {0xFEFF, 0xFEFF},
    {0xFF0E, 0xFF0F}, {0xFF61, 0xFF61}, {0xFFA0, 0xFFA0}, {0xFFF9, 0xFFFD}};

bool blocklisted(char32_t c) noexcept {
  for (const char_range& r : blocklist)
    if (c >= r.first && c <= r.last) return true;
  return false;
}

uts39::script_id thai_script() {
  static const uts39::script_id thai = [] {
    uts39::script_id id = scripts::unknown;
    (void)uts39::find_script("Thai", id);
    return id;
  }();
  return thai;
}

bool tld_is(const label_input& in, std::string_view t) { return in.tld_unicode == t; }

bool tld_has_script(const label_input& in, uts39::script_id s) {
  std::size_t pos = 0;
  char32_t c = 0;
  while (pos < in.tld_unicode.size() && unicode::next_utf8(in.tld_unicode, pos, c))
    if (uts39::script_of(c) == s) return true;
  return false;
}

// Its ScriptCombo table: the scripts a label may mix, Latin with one of
// Han+Kana, Han+Bopomofo, Han+Hangul, nothing else (the moderately
// restrictive profile it used to offer is gone).
enum combo : int { bopo, cyrl, grek, hang, hani, hira, kata, latn, othr, jpan, chna, kore, hnlt, fail, unset };

combo combo_of(uts39::script_id s) noexcept {
  switch (s) {
    case scripts::bopomofo: return bopo;
    case scripts::cyrillic: return cyrl;
    case scripts::greek: return grek;
    case scripts::hangul: return hang;
    case scripts::han: return hani;
    case scripts::hiragana: return hira;
    case scripts::katakana: return kata;
    case scripts::latin: return latn;
    default: return othr;
  }
}

combo next_combo(combo saved, combo now) noexcept {
  // Firefox stops at the first failed combination; here the label is read
  // on (for the other rules), so a failed state stays failed whatever comes
  // next (the table has no row for it: reading one would be out of bounds).
  if (saved == fail || saved == unset) return saved == fail ? fail : now;
  constexpr combo table[13][9] = {
      /* bopo */ {bopo, fail, fail, fail, chna, fail, fail, chna, fail},
      /* cyrl */ {fail, cyrl, fail, fail, fail, fail, fail, fail, fail},
      /* grek */ {fail, fail, grek, fail, fail, fail, fail, fail, fail},
      /* hang */ {fail, fail, fail, hang, kore, fail, fail, kore, fail},
      /* hani */ {chna, fail, fail, kore, hani, jpan, jpan, hnlt, fail},
      /* hira */ {fail, fail, fail, fail, jpan, hira, jpan, jpan, fail},
      /* kata */ {fail, fail, fail, fail, jpan, jpan, kata, jpan, fail},
      /* latn */ {chna, fail, fail, kore, hnlt, jpan, jpan, latn, othr},
      /* othr */ {fail, fail, fail, fail, fail, fail, fail, othr, fail},
      /* jpan */ {fail, fail, fail, fail, jpan, jpan, jpan, jpan, fail},
      /* chna */ {chna, fail, fail, fail, chna, fail, fail, chna, fail},
      /* kore */ {fail, fail, fail, kore, kore, fail, fail, kore, fail},
      /* hnlt */ {chna, fail, fail, kore, hnlt, jpan, jpan, hnlt, fail}};
  return table[saved][now];
}

// Its LookalikeStatusChecker: a label whose letters of `script` (at least
// one) are all in `lookalikes` is blocked, unless the TLD is of that script.
struct lookalike_status {
  enum state { safe, block, ignore } now = safe;
  std::size_t first = npos;
  void see(std::size_t i, bool lookalike) {
    if (now == ignore) return;
    now = lookalike ? block : ignore;
    if (now == block && first == npos) first = i;
  }
};

}  // namespace

void check_firefox_current(const label_input& in, std::vector<raw_finding>& out) {
  const std::u32string_view t = in.text;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (blocklisted(t[i])) {
      add_finding(out, reason::blocklisted_character, t, i, "firefox/1-blocklist");
      break;
    }
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!in_browser_icu_set(t[i])) {
      add_finding(out, reason::restricted_character, t, i, "firefox/2-identifier-status");
      break;
    }

  const bool cyrillic_tld = tld_is(in, "bg") || tld_is(in, "by") || tld_is(in, "kz") || tld_is(in, "pyc") ||
                            tld_is(in, "ru") || tld_is(in, "su") || tld_is(in, "ua") || tld_is(in, "uz") ||
                            tld_has_script(in, scripts::cyrillic);
  const bool thai_tld = tld_is(in, "th") || tld_has_script(in, thai_script());
  lookalike_status digits, cyrillic, thai;
  if (cyrillic_tld) cyrillic.now = lookalike_status::ignore;
  if (thai_tld) thai.now = lookalike_status::ignore;

  combo saved = unset;
  bool mixed_reported = false, pattern_reported = false, mark_reported = false;
  uts39::script_id last = scripts::unknown;  // Firefox's INVALID: no script seen yet
  char32_t previous = 0, base = 0;
  auto pattern = [&](std::size_t i, std::string_view step) {
    if (!pattern_reported) add_finding(out, reason::dangerous_pattern, t, i, step);
    pattern_reported = true;
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char32_t c = t[i];
    const uts39::script_id script = uts39::script_of(c);
    const bool has_script = script != scripts::common && script != scripts::inherited;
    if (has_script && script != last) {
      // The first script only sets the state (illegalScriptCombo returns
      // false); a later one moves it, and other-with-anything fails.
      const bool first = saved == unset;
      saved = first ? combo_of(script) : next_combo(saved, combo_of(script));
      if (!first && (saved == othr || saved == fail) && !mixed_reported) {
        add_finding(out, reason::restriction_level, t, i, "firefox/3-script-mixing");
        mixed_reported = true;
      }
    }
    const uts39::script_id next = i + 1 < t.size() ? uts39::script_of(t[i + 1]) : scripts::unknown;
    const bool last_kana = last == scripts::hiragana || last == scripts::katakana;
    if (c == 0x30FC && !last_kana) pattern(i, "firefox/4-prolonged-sound-mark");
    if (c >= 0x3078 && c <= 0x307A && (last == scripts::katakana || next == scripts::katakana))
      pattern(i, "firefox/4-hiragana-he-in-katakana");
    if (c >= 0x30D8 && c <= 0x30DA && (last == scripts::hiragana || next == scripts::hiragana))
      pattern(i, "firefox/4-katakana-he-in-hiragana");
    if ((c == 0x30FD || c == 0x30FE) && last != scripts::katakana) pattern(i, "firefox/4-iteration-mark");
    auto japanese = [](uts39::script_id s) {
      return s == scripts::han || s == scripts::hiragana || s == scripts::katakana;
    };
    if (one_of(c, cjk_slash_like) && t.size() > 1 && !japanese(last) && !japanese(next))
      pattern(i, "firefox/4-cjk-slash");
    if (c == 0x30FB && (last == scripts::latin || next == scripts::latin)) pattern(i, "firefox/4-katakana-middle-dot");
    if (c >= 0x0300 && c <= 0x0339 && last != scripts::latin && last != scripts::greek && last != scripts::cyrillic)
      pattern(i, "firefox/4-combining-diacritic");
    if (c == 0x0307 && (previous == U'i' || previous == U'j' || previous == U'l')) pattern(i, "firefox/4-dot-above");
    if (c == 0x00B7 && (in.tld != "cat" || previous != U'l' || i + 1 == t.size() || t[i + 1] != U'l'))
      add_finding(out, reason::unsafe_middle_dot, t, i, "firefox/4-middle-dot");
    if ((c == 0x00FE || c == 0x00F0) && in.tld != "is" && in.tld != "fo")
      add_finding(out, reason::tld_specific_character, t, i, "firefox/4-tld-specific-characters");
    if (c == 0x0259 && in.tld != "az") add_finding(out, reason::tld_specific_character, t, i, "firefox/4-tld-specific-characters");
    if (c == 0x02BB || c == 0x02BC) pattern(i, "firefox/4-quote-like");
    if (!ascii_digit(c)) digits.see(i, one_of(c, digit_like));
    if (script == scripts::cyrillic) cyrillic.see(i, one_of(c, cyrillic_latin_like));
    if (script == thai_script()) thai.see(i, one_of(c, thai_latin_like));
    if (one_of(c, cjk_latin_like)) {
      auto cjk = [](uts39::script_id s) {
        return s == scripts::bopomofo || s == scripts::hiragana || s == scripts::katakana || s == scripts::han;
      };
      if ((!cjk(last) && previous != 0 && !ascii_digit(previous)) ||
          (!cjk(next) && i + 1 < t.size() && !ascii_digit(t[i + 1])))
        pattern(i, "firefox/4-cjk-latin-lookalike");
    }
    if (nonspacing(c)) {
      if (previous == c && !mark_reported) {
        add_finding(out, reason::invisible_character, t, i, "firefox/5-repeated-mark");
        mark_reported = true;
      }
      const uts39::script_set scx = uts39::script_extensions(c);
      if (last != scripts::unknown && !scx.is_all() && !scx.contains(last))
        add_finding(out, reason::combining_mark, t, i, "firefox/5-combining-mark-script");
      if (base == 0x0131 && ((c >= 0x0300 && c <= 0x0314) || c == 0x031A))
        pattern(i, "firefox/5-dotless-i-mark");
    } else {
      base = c;
    }
    if (has_script) last = script;
    previous = c;
  }
  const std::size_t mixed = uts39::mixed_numbers_at(t);
  if (mixed != npos) add_finding(out, reason::mixed_numbers, t, mixed, "firefox/5-numbering-systems");
  if (digits.now == lookalike_status::block)
    add_finding(out, reason::digit_lookalike, t, digits.first, "firefox/6-digit-lookalikes");
  if (cyrillic.now == lookalike_status::block)
    add_finding(out, reason::whole_script_confusable, t, cyrillic.first, "firefox/6-cyrillic-lookalikes");
  if (thai.now == lookalike_status::block)
    add_finding(out, reason::whole_script_confusable, t, thai.first, "firefox/6-thai-lookalikes");
}

}  // namespace puny::detail::display

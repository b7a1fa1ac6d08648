// RFC 5892 appendix A.3-A.9: the CONTEXTO rules.  (A.1 and A.2, the CONTEXTJ
// rules for ZWNJ and ZWJ, are shared with UTS #46: src/idna/contextj.cpp.)
#include "idna2008/internal.hpp"

#include "unicode/ucd.hpp"

namespace puny::idna2008::detail {

namespace {

namespace ucd = puny::detail::ucd;
using script = ucd::idna_script;

constexpr char32_t middle_dot = 0x00B7;         // A.3
constexpr char32_t greek_keraia = 0x0375;       // A.4 GREEK LOWER NUMERAL SIGN
constexpr char32_t hebrew_geresh = 0x05F3;      // A.5
constexpr char32_t hebrew_gershayim = 0x05F4;   // A.6
constexpr char32_t katakana_middle_dot = 0x30FB;  // A.7

constexpr bool is_arabic_indic_digit(char32_t c) noexcept { return c >= 0x0660 && c <= 0x0669; }
constexpr bool is_extended_arabic_indic_digit(char32_t c) noexcept {
  return c >= 0x06F0 && c <= 0x06F9;
}

}  // namespace

std::uint8_t contexto_rule(char32_t c) noexcept {
  if (c == middle_dot) return 3;
  if (c == greek_keraia) return 4;
  if (c == hebrew_geresh) return 5;
  if (c == hebrew_gershayim) return 6;
  if (c == katakana_middle_dot) return 7;
  if (is_arabic_indic_digit(c)) return 8;
  if (is_extended_arabic_indic_digit(c)) return 9;
  return 0;
}

contexto_facts gather_contexto_facts(std::u32string_view label) noexcept {
  contexto_facts facts;
  for (const char32_t x : label) {
    if (is_arabic_indic_digit(x)) {
      facts.has_arabic_indic_digit = true;
    } else if (is_extended_arabic_indic_digit(x)) {
      facts.has_extended_arabic_indic_digit = true;
    } else if (!facts.has_kana_or_han && x >= 0x2E80) {  // no such script below U+2E80
      const script s = ucd::script(x);
      facts.has_kana_or_han = s == script::hiragana || s == script::katakana || s == script::han;
    }
  }
  return facts;
}

bool contexto_rule_holds(std::u32string_view label, std::size_t i,
                         const contexto_facts& facts) noexcept {
  const char32_t c = label[i];
  const bool has_before = i > 0;
  const bool has_after = i + 1 < label.size();
  switch (contexto_rule(c)) {
    case 3:  // If Before(cp) .eq. U+006C And After(cp) .eq. U+006C Then True
      return has_before && has_after && label[i - 1] == U'l' && label[i + 1] == U'l';
    case 4:  // If Script(After(cp)) .eq. Greek Then True
      return has_after && ucd::script(label[i + 1]) == script::greek;
    case 5:  // If Script(Before(cp)) .eq. Hebrew Then True
    case 6:
      return has_before && ucd::script(label[i - 1]) == script::hebrew;
    case 7:  // some code point of the label is Hiragana, Katakana or Han
      return facts.has_kana_or_han;
    case 8:  // no Extended Arabic-Indic digit in the label
      return !facts.has_extended_arabic_indic_digit;
    case 9:  // no Arabic-Indic digit in the label
      return !facts.has_arabic_indic_digit;
    default:
      return false;  // no rule: invalid
  }
}

bool contexto_rule_holds(std::u32string_view label, std::size_t i) noexcept {
  const std::uint8_t rule = contexto_rule(label[i]);
  // Rules A.3-A.6 look at neighbours only; gather the whole-label facts
  // just for A.7-A.9.
  return contexto_rule_holds(label, i, rule >= 7 ? gather_contexto_facts(label) : contexto_facts{});
}

}  // namespace puny::idna2008::detail

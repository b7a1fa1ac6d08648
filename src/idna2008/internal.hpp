// Internal pieces of the IDNA2008 profile (src/idna2008/).  Not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace puny::idna2008::detail {

// ---- RFC 5892 appendix A.3-A.9 (CONTEXTO), contexto.cpp ----

// The appendix A rule number (3..9) that governs CONTEXTO code point c, or 0
// when RFC 5892 defines no rule for it (then the code point is invalid:
// RFC 5891 sections 4.2.3.3 and 5.4).
std::uint8_t contexto_rule(char32_t c) noexcept;

// What rules A.7-A.9 ask of the whole label, gathered in one pass so that
// checking every CONTEXTO code point of a label costs O(label), not
// O(label^2) (the CVE-2026-45409 class: a label of N Arabic-Indic digits).
struct contexto_facts {
  bool has_kana_or_han = false;                  // A.7: Hiragana, Katakana or Han
  bool has_arabic_indic_digit = false;           // A.9: U+0660..U+0669
  bool has_extended_arabic_indic_digit = false;  // A.8: U+06F0..U+06F9
};
contexto_facts gather_contexto_facts(std::u32string_view label) noexcept;

// True when the rule for label[i] (a CONTEXTO code point with a rule) holds
// in `label`, whose facts are `facts`.  O(1).
bool contexto_rule_holds(std::u32string_view label, std::size_t i,
                         const contexto_facts& facts) noexcept;

// The same for one position alone: O(label) for rules A.7-A.9.
bool contexto_rule_holds(std::u32string_view label, std::size_t i) noexcept;

}  // namespace puny::idna2008::detail

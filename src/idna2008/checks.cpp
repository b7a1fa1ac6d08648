// The RFC 5891-5893 label checks one at a time (puny/idna2008.hpp, "The
// label checks one at a time"): the same functions registration() and
// lookup() run, behind the public API.
#include <algorithm>

#include "idna/internal.hpp"
#include "idna2008/internal.hpp"
#include "puny/idna2008.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna2008 {

namespace ucd = puny::detail::ucd;

bool is_nfc(std::u32string_view label) { return ucd::is_nfc(label); }

std::u32string nfc(std::u32string_view text) { return ucd::nfc(text); }

bool is_combining_mark(char32_t c) noexcept { return c <= 0x10FFFF && ucd::is_mark(c); }

bool contextj_holds(std::u32string_view label, std::size_t i) noexcept {
  if (i >= label.size() || (label[i] != 0x200C && label[i] != 0x200D)) return false;
  // The first joiner at or after i whose rule fails: i itself, or a later one.
  return idna::detail::next_contextj_failure(label, i) != i;
}

std::uint8_t contexto_rule(char32_t c) noexcept { return detail::contexto_rule(c); }

bool contexto_holds(std::u32string_view label, std::size_t i) noexcept {
  return i < label.size() && detail::contexto_rule(label[i]) != 0 &&
         detail::contexto_rule_holds(label, i);
}

bool is_rtl_label(std::u32string_view label) noexcept {
  return std::any_of(label.begin(), label.end(), [](char32_t c) { return idna::detail::is_rtl(c); });
}

unsigned bidi_rule_failures(std::u32string_view label) noexcept {
  return idna::detail::bidi_rule_failures(label);
}

}  // namespace puny::idna2008

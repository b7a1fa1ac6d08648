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
  return i < label.size() && idna::detail::contextj_rule_holds(label, i);
}

std::uint8_t contexto_rule(char32_t c) noexcept { return detail::contexto_rule(c); }

bool contexto_holds(std::u32string_view label, std::size_t i) noexcept {
  return i < label.size() && detail::contexto_rule(label[i]) != 0 &&
         detail::contexto_rule_holds(label, i);
}

std::size_t first_context_failure(std::u32string_view label, bool evaluate_contexto) noexcept {
  detail::contexto_facts facts;
  bool facts_gathered = false;
  for (std::size_t i = 0; i < label.size(); ++i) {
    switch (derived_property(label[i])) {
      case property::contextj:
        if (!idna::detail::contextj_rule_holds(label, i)) return i;
        break;
      case property::contexto: {
        const std::uint8_t rule = detail::contexto_rule(label[i]);
        if (rule == 0) return i;
        if (!evaluate_contexto) break;
        // The whole-label facts of A.7-A.9, once per label (not per code
        // point: that was quadratic).
        if (rule >= 7 && !facts_gathered) {
          facts = detail::gather_contexto_facts(label);
          facts_gathered = true;
        }
        if (!detail::contexto_rule_holds(label, i, facts)) return i;
        break;
      }
      default:
        break;
    }
  }
  return std::u32string_view::npos;
}

bool is_rtl_label(std::u32string_view label) noexcept {
  return std::any_of(label.begin(), label.end(), [](char32_t c) { return idna::detail::is_rtl(c); });
}

unsigned bidi_rule_failures(std::u32string_view label) noexcept {
  return idna::detail::bidi_rule_failures(label);
}

}  // namespace puny::idna2008

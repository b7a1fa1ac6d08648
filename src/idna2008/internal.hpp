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

// True when the rule for label[i] (a CONTEXTO code point with a rule) holds
// in `label`.
bool contexto_rule_holds(std::u32string_view label, std::size_t i) noexcept;

}  // namespace puny::idna2008::detail

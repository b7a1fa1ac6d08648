// Internal pieces of the UTS #46 implementation shared by src/idna/*.cpp.
// Not installed.
#pragma once

#include <cstddef>
#include <string_view>

namespace puny::idna::detail {

// ---- RFC 5893 section 2 (the Bidi rule), bidi.cpp ----

// True when c has Bidi_Class R, AL or AN: a label holding one is an "RTL
// label" and a domain name holding one is a "Bidi domain name" (RFC 5893
// section 1.4).
bool is_rtl(char32_t c) noexcept;

// Checks conditions 1-6 of RFC 5893 section 2 on a non-empty label.  Bit
// n-1 of the result is set when condition n fails.  When condition 1 fails
// the label has no direction and no further condition is evaluated.
unsigned bidi_rule_failures(std::u32string_view label) noexcept;

// ---- RFC 5892 appendix A.1 / A.2 (CONTEXTJ), contextj.cpp ----

// Index of the first U+200C or U+200D at or after `from` whose contextual
// rule fails, or std::u32string_view::npos.
std::size_t next_contextj_failure(std::u32string_view label, std::size_t from) noexcept;

}  // namespace puny::idna::detail

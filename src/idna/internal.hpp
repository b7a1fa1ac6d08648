// Internal pieces of the UTS #46 implementation shared by src/idna/*.cpp.
// Not installed.
#pragma once

#include <cstddef>
#include <string_view>

namespace puny::idna::detail {

// ---- Ill-formed input (UTS #46 section 4 step 1), map.cpp and url.cpp ----

// Where the ill-formed UTF-8 sequence that starts at `start` ends: its lead
// byte and the continuation bytes after it, at most three.  ToUnicode and
// ToASCII replace each such sequence with one U+FFFD, and the URL family's
// unchanged-input output must count them the same way, so both use this.
inline std::size_t end_of_ill_formed_utf8(std::string_view in, std::size_t start) noexcept {
  std::size_t pos = start + 1;
  for (int k = 0; k < 3 && pos < in.size() && (static_cast<unsigned char>(in[pos]) & 0xC0) == 0x80;
       ++k)
    ++pos;
  return pos;
}

// Whether in[i] and in[i + 1] are a high and a low surrogate (one code point).
inline bool surrogate_pair_at(std::u16string_view in, std::size_t i) noexcept {
  return in[i] >= 0xD800 && in[i] <= 0xDBFF && i + 1 < in.size() && in[i + 1] >= 0xDC00 &&
         in[i + 1] <= 0xDFFF;
}

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

// Whether the rule of label[i] holds (false when label[i] is not U+200C or
// U+200D).  Looks only at label[i]'s neighbourhood (the code point before it,
// and for ZWNJ the runs of Joining_Type T around it), never at the rest of
// the label, so checking every joiner of a label costs O(label) in all.
bool contextj_rule_holds(std::u32string_view label, std::size_t i) noexcept;

// Index of the first U+200C or U+200D at or after `from` whose contextual
// rule fails, or std::u32string_view::npos.
std::size_t next_contextj_failure(std::u32string_view label, std::size_t from) noexcept;

}  // namespace puny::idna::detail

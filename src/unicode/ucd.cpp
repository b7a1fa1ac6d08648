// Unicode property lookups for UTS #46 / RFC 5892 processing, backed by the
// generated tables in src/tables/<version>/ (tools/gen_tables/gen_tables.py).
// NFC and Canonical_Combining_Class live in nfc.cpp.
//
// The .inc files are found through the include path: CMake puts
// src/tables/${PUNY_UNICODE_VERSION} on it, so one build uses exactly one
// version's tables (checked below against puny::unicode::unicode_version).

#include "unicode/ucd.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puny/unicode.hpp"
#include "unicode/trie.hpp"

namespace puny::detail::ucd {
namespace {

#include "idna2008.inc"
#include "idna_mapping.inc"
#include "script.inc"
#include "unicode_version.inc"

static_assert(std::string_view(tables_unicode_version) == puny::unicode::unicode_version,
              "the tables on the include path are not the Unicode version this build selected");

}  // namespace

// The plain-code-point bitmap (see ucd.hpp).  Outside the anonymous
// namespace: idna_plain_kind reads it inline from other files, and the
// extern declaration in ucd.hpp gives the constexpr array external linkage.
#include "idna_plain.inc"

// Bidi_Class, Joining_Type, General_Category M (and, for nfc.cpp, NFC_QC
// and ccc) in one table of inline variables shared with nfc.cpp.
#include "char_properties.inc"

namespace {
// The packed properties of c (char_properties.inc says the layout).
inline std::uint32_t properties_of(char32_t c) noexcept {
  return char_property_values[char_properties_trie(c)];
}
}  // namespace

idna_entry idna_lookup(char32_t c) noexcept {
  if (c < 0x80) {
    // UTS #46 section 5: in ASCII only A-Z are mapped (to a-z); everything
    // else is valid (Unicode 16+ has no *_STD3 statuses; STD3 is the U1
    // check).  The generator verifies this before emitting the tables.
    if (c >= U'A' && c <= U'Z') return {idna_status::mapped, c + 0x20, {}};
    return {idna_status::valid, 0, {}};
  }
  // Entry layout: bits 0-2 status, bits 3-7 length, bits 8-31 pool offset,
  // or for length idna_single the distance to the one code point it maps to
  // (24-bit two's complement).
  const std::uint32_t e = idna_entries[idna_trie(c)];
  const auto status = static_cast<idna_status>(e & 7u);
  const std::uint32_t length = (e >> 3) & 31u;
  if (length == idna_single) {
    const std::uint32_t distance = ((e >> 8) ^ 0x800000u) - 0x800000u;  // sign-extended
    return {status, static_cast<char32_t>(c + distance), {}};
  }
  return {status, 0, std::u32string_view(idna_pool + (e >> 8), length)};
}

bidi_class bidi(char32_t c) noexcept { return static_cast<bidi_class>(properties_of(c) & 31u); }

bidi_summary summarize_bidi(std::u32string_view s) noexcept {
  const auto class_of = [](char32_t c) noexcept -> unsigned {
    // ASCII letters are L, digits EN; the rest reads the table.
    if (c < 0x80) {
      if ((c | 0x20) - 'a' < 26u) return static_cast<unsigned>(bidi_class::L);
      if (c - '0' < 10u) return static_cast<unsigned>(bidi_class::EN);
    }
    return properties_of(c) & 31u;
  };
  constexpr unsigned nsm = static_cast<unsigned>(bidi_class::NSM);
  const unsigned first = class_of(s[0]);
  unsigned seen = 1u << first;
  unsigned last = first;
  for (std::size_t i = 1; i < s.size(); ++i) {
    const unsigned k = class_of(s[i]);
    seen |= 1u << k;
    if (k != nsm) last = k;
  }
  return {seen, static_cast<bidi_class>(first), static_cast<bidi_class>(last)};
}

joining_type joining(char32_t c) noexcept {
  return static_cast<joining_type>((properties_of(c) >> 5) & 7u);
}

bool is_mark(char32_t c) noexcept { return ((properties_of(c) >> 8) & 1u) != 0; }

idna2008 idna2008_property(char32_t c) noexcept {
  return static_cast<idna2008>(idna2008_trie(c));
}

idna_script script(char32_t c) noexcept { return static_cast<idna_script>(script_trie(c)); }

}  // namespace puny::detail::ucd

// Unicode property lookups for UTS #46 / RFC 5892 processing, backed by the
// generated tables in src/tables/ (tools/gen_tables/gen_tables.py).
// NFC and Canonical_Combining_Class live in nfc.cpp.

#include "unicode/ucd.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "unicode/trie.hpp"

namespace puny::detail::ucd {
namespace {

#include "tables/bidi_class.inc"
#include "tables/idna2008.inc"
#include "tables/idna_mapping.inc"
#include "tables/joining_type.inc"
#include "tables/mark.inc"

// UTS #46 section 5: in ASCII only A-Z are mapped (to a-z); everything else
// is valid (Unicode 16+ has no *_STD3 statuses; STD3 is the U1 check).  The
// generator verifies this before emitting the tables.
constexpr char32_t ascii_lower[] = U"abcdefghijklmnopqrstuvwxyz";

constexpr bool valid_not_mark(char32_t c) noexcept {
  if (c < 0x80) return true;
  const std::uint32_t e = idna_entries[idna_trie(c)];
  return static_cast<idna_status>(e & 7u) == idna_status::valid && mark_trie(c) == 0;
}

}  // namespace

// Two bits per BMP code point (see ucd.hpp).  Filled on first use rather
// than evaluated by the compiler: 65,536 look-ups in five tables exceed the
// default constant-evaluation limits of some compilers (clang's
// -fconstexpr-steps).  It would best be a generated table; until then the
// fill costs a few million instructions once per process.
std::array<std::uint8_t, 0x10000 / 4> idna_plain_bmp{};

namespace {

bool fill_plain_bmp() noexcept {
  std::array<std::uint8_t, 0x10000 / 8> stable{};
  fill_nfc_stable_bmp(stable.data());
  for (std::uint32_t c = 0; c < 0x10000; ++c) {
    if (!((stable[c >> 3] >> (c & 7u)) & 1u) || !valid_not_mark(c)) continue;
    const auto k = static_cast<bidi_class>(bidi_trie(c));
    const unsigned kind = (k == bidi_class::R || k == bidi_class::AL || k == bidi_class::AN) ? 2 : 1;
    idna_plain_bmp[c >> 2] = static_cast<std::uint8_t>(idna_plain_bmp[c >> 2] | (kind << ((c & 3u) * 2)));
  }
  return true;
}

}  // namespace

void ensure_idna_plain_bmp() noexcept {
  // C++11 guarantees one thread runs the initializer and the others wait.
  static const bool filled = fill_plain_bmp();
  (void)filled;
}

idna_entry idna_lookup(char32_t c) noexcept {
  if (c < 0x80) {
    if (c >= U'A' && c <= U'Z') {
      return {idna_status::mapped, std::u32string_view(ascii_lower + (c - U'A'), 1)};
    }
    return {idna_status::valid, {}};
  }
  // Entry layout: bits 0-2 status, bits 3-7 length, bits 8-31 pool offset.
  const std::uint32_t e = idna_entries[idna_trie(c)];
  return {static_cast<idna_status>(e & 7u),
          std::u32string_view(idna_pool + (e >> 8), (e >> 3) & 31u)};
}

bidi_class bidi(char32_t c) noexcept { return static_cast<bidi_class>(bidi_trie(c)); }

joining_type joining(char32_t c) noexcept {
  return static_cast<joining_type>(joining_trie(c));
}

bool is_mark(char32_t c) noexcept { return mark_trie(c) != 0; }

idna2008 idna2008_property(char32_t c) noexcept {
  return static_cast<idna2008>(idna2008_trie(c));
}

}  // namespace puny::detail::ucd

// Internal: Unicode character data lookups backed by the generated tables in
// src/tables/<version>/ (tools/gen_tables/gen_tables.py, PUNY_UNICODE_VERSION).
// Not installed; only the library's own sources include it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace puny::detail::ucd {

// IdnaMappingTable.txt status (UTS #46 section 5).  Unicode 17 no longer has
// the *_STD3 statuses: UseSTD3ASCIIRules is a validity check (U1).
enum class idna_status : std::uint8_t { valid, ignored, mapped, deviation, disallowed };

struct idna_entry {
  idna_status status;
  // The replacement when it is one code point (0 otherwise): the table keeps
  // those as a distance from the code point, not as a pooled string.
  char32_t single = 0;
  // The replacement when it is longer (empty for ignored, and for
  // deviations that map to nothing, e.g. U+200C in transitional mode).
  std::u32string_view pooled;

  // Replacement for mapped and deviation code points; valid while this
  // entry lives.
  std::u32string_view mapping() const noexcept {
    return single != 0 ? std::u32string_view(&single, 1) : pooled;
  }
};

idna_entry idna_lookup(char32_t c) noexcept;

// Bidi_Class (DerivedBidiClass.txt, with its @missing defaults).
enum class bidi_class : std::uint8_t {
  L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI
};
bidi_class bidi(char32_t c) noexcept;
// The classes of a non-empty string in one pass (the table read inline):
// bit k of `seen` for each class k present, the class of the first code
// point, and of the last one that is not NSM (NSM when all are).  For the
// Bidi rule of RFC 5893, which needs nothing else.
struct bidi_summary {
  unsigned seen;
  bidi_class first;
  bidi_class last;
};
bidi_summary summarize_bidi(std::u32string_view s) noexcept;

// Joining_Type (ArabicShaping.txt plus DerivedCoreProperties: Mn, Me, Cf
// default to T as the UCD specifies).  U = non-joining.
enum class joining_type : std::uint8_t { U, C, D, L, R, T };
joining_type joining(char32_t c) noexcept;

// General_Category is M (Mn, Mc, Me): UTS #46 V6.
bool is_mark(char32_t c) noexcept;

// Canonical_Combining_Class; 9 is Virama (RFC 5892 appendix A.1/A.2).
std::uint8_t combining_class(char32_t c) noexcept;

// RFC 5892 derived property (Idna2008.txt), kept for IDNA2008 checks.
enum class idna2008 : std::uint8_t { pvalid, contextj, contexto, disallowed, unassigned };
idna2008 idna2008_property(char32_t c) noexcept;

// Script (Scripts.txt), only the values the RFC 5892 appendix A CONTEXTO
// rules test; every other script (Common, Latin, Unknown...) is `other`.
enum class idna_script : std::uint8_t { other, greek, hebrew, hiragana, katakana, han };
idna_script script(char32_t c) noexcept;

// Unicode Normalization Form C (UAX #15) over UTF-32, in place semantics:
// returns the normalized string.  Input must be scalar values.
std::u32string nfc(std::u32string_view s);
// True when nfc(s) == s (fast check, no allocation for the common case).
bool is_nfc(std::u32string_view s);

// Appends nfc(s) to out.  Copies s straight through when the quick check
// says it is already NFC; otherwise normalizes from the last safe boundary.
void nfc_append(std::u32string_view s, std::u32string& out);

// Appends NFD(s) (UAX #15 canonical decomposition and ordering) to out.
void nfd_append(std::u32string_view s, std::u32string& out);

// UAX #15 section 9 NFC_Quick_Check over a whole string: yes = is NFC,
// no = is not NFC, maybe = only a full normalization can tell.
enum class quick_check : std::uint8_t { yes, maybe, no };
quick_check nfc_quick_check(std::u32string_view s) noexcept;

// ---- Plain code points for UTS #46 over the BMP ----
// Generated constant (src/tables/idna_plain.inc, defined in ucd.cpp): two
// bits per code point c at bits 2 * (c % 4) of byte c / 4: 1 when the IDNA
// status is valid, General_Category is not M, Canonical_Combining_Class is
// 0 and NFC_Quick_Check is Yes (so a string of such code points is NFC,
// UAX #15 section 9); 2 when in addition Bidi_Class is R, AL or AN; 3 (a
// "valid mark") when the status is valid and NFC_Quick_Check is Yes but
// General_Category is M or the class is not 0, and Bidi_Class is not R, AL
// or AN; 0 otherwise.  Use idna_plain_kind.
extern const std::uint8_t idna_plain_bmp[0x10000 / 4];

// The kinds of idna_plain_kind.
constexpr unsigned kind_other = 0;       // look it up (and every code point beyond the BMP)
constexpr unsigned kind_plain = 1;       // valid in both modes, not a mark, NFC-stable
constexpr unsigned kind_plain_rtl = 2;   // the same, and R/AL/AN (RFC 5893)
constexpr unsigned kind_valid_mark = 3;  // valid in both modes, NFC_QC=Yes, a mark or ccc > 0, not R/AL/AN

// One read answers Map (valid: no mapping), NFC (quick check), V7 and
// whether c makes a Bidi domain name; kind_valid_mark leaves V6 (a label
// must not start with it) and the order of the combining classes of
// adjacent marks to the caller.
inline unsigned idna_plain_kind(char32_t c) noexcept {
  if (c >= 0x10000) return kind_other;
  return (idna_plain_bmp[c >> 2] >> ((c & 3u) * 2)) & 3u;
}
// kind_plain or kind_plain_rtl.
constexpr bool is_plain(unsigned kind) noexcept { return kind - 1u < 2u; }

}  // namespace puny::detail::ucd

// The IDN route of ToASCII (fast_path.hpp): UTF-8 input whose code points
// one table read vouches for, converted label by label straight into the
// output without the workspace.  Contract of idn_to_ascii: either it returns
// idn_declined (the pipeline decides, nothing promised about `out`), or
// UTS #46 ToASCII of the input under `opt` succeeds without an error and
// its result is out[0, returned size).
//
// Each code point is read once, with one look-up (ucd::idna_plain_kind),
// and the label's checks are done on what that look-up said.  Why each
// rule of section 4 holds for what this accepts:
//  * Step 1 (Map): ASCII letters are lowercased, digits and '-' are valid;
//    any other ASCII byte (STD3 rules, forbidden domain code points) is
//    declined.  A code point of kind 1-3 has status valid in both
//    processing modes, so it maps to itself.  A code point of kind 0 is
//    accepted when its status is mapped to one code point of kind 1-3
//    (e.g. capital Cyrillic letters), or when it is valid (or a deviation
//    other than the joiners, which Nontransitional Processing keeps),
//    not a mark, of class 0 and NFC_Quick_Check=Yes (emoji and other code
//    points beyond the BMP, which the table does not reach; U+00DF,
//    U+03C2), looked up one property at a time; ignored code points,
//    longer mappings and mappings to ASCII are declined.  The mapped code
//    points are what the rest checks.
//  * Step 2 (Normalize): kind 1 and 2 (and what slow_kind accepts) are ccc
//    0 and NFC_Quick_Check=Yes;
//    kind 3 is NFC_Quick_Check=Yes; a string of such code points is NFC
//    when no code point of non-zero class follows one of a greater class
//    (UAX #15 section 9).  Only two adjacent kind 3 code points can break
//    that order; their classes are compared.
//  * Step 3 (Break): at U+002E; an empty label other than a final one is
//    declined.
//  * Step 4 (Convert): an "xn--" label fails the V2 test below (declined).
//  * V1 NFC (step 2), V2 no "--" at positions 3-4 (declined whatever
//    CheckHyphens says, like the fast path's decision), V3 (CheckHyphens),
//    V5 (no U+002E inside a label), V6 (a kind 3 code point starting a label
//    is declined), V7 (kind 1-3 are valid; deviations only when
//    nontransitional), CheckJoiners (U+200C and U+200D are declined), CheckBidi (a Bidi domain name, some code
//    point of kind 2, has every non-empty label checked by the RFC 5893
//    rule; a failure is declined), VerifyDnsLength (declined).
//  * Section 4.2 (ToASCII): labels with a non-ASCII code point become "xn--"
//    and their Punycode; an encoding failure is declined.
//  * The URL family checks afterwards that the result is not empty (it has
//    a label with a code point) and holds no forbidden domain code point
//    (only LDH ASCII is accepted).
// tests/unit/fast_path_test.cpp compares every entry point with and without
// the fast paths.
#include <cstring>

#include "bootstring/label_codec.hpp"
#include "idna/fast_path.hpp"
#include "idna/internal.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;

// ASCII byte b after Map (A-Z lowercased) when it is a letter, digit or
// '-'; 1 for '.', 0 otherwise.
struct ldh_table {
  unsigned char lower[128] = {};
  constexpr ldh_table() {
    for (unsigned c = 0; c < 128; ++c) {
      if (c >= 'a' && c <= 'z') lower[c] = static_cast<unsigned char>(c);
      if (c >= 'A' && c <= 'Z') lower[c] = static_cast<unsigned char>(c + 0x20);
      if (c >= '0' && c <= '9') lower[c] = static_cast<unsigned char>(c);
    }
    lower['-'] = '-';
    lower['.'] = 1;
  }
};
constexpr ldh_table ldh{};

// A code point the table does not vouch for (kind 0): what it becomes and
// its kind, packed as (code point << 2) | kind, or kind_other (0) to
// decline.  Accepted: a code point mapped to one non-ASCII code point with
// a kind of its own (capital letters); a valid code point, or a deviation
// other than the joiners that Nontransitional Processing keeps (U+00DF,
// U+03C2), that is not a mark, of class 0 and NFC_Quick_Check=Yes (beyond
// the BMP, where the table does not reach: emoji, CJK extensions).  (A
// packed value, not an out-parameter: the caller's code point stays in a
// register.)
std::uint32_t slow_kind(char32_t c, bool transitional) noexcept {
  if (c >= 0xD800 && c <= 0xDFFF) return ucd::kind_other;  // encoded surrogates are ill-formed
  const ucd::idna_entry e = ucd::idna_lookup(c);
  if (e.status == ucd::idna_status::mapped) {
    if (e.single < 0x80) return ucd::kind_other;  // to ASCII, or to more than one code point
    const unsigned kind = ucd::idna_plain_kind(e.single);
    return kind == ucd::kind_other ? ucd::kind_other : (e.single << 2) | kind;
  }
  const bool kept = e.status == ucd::idna_status::valid ||
                    (e.status == ucd::idna_status::deviation && !transitional && c != 0x200C &&
                     c != 0x200D);
  if (!kept || ucd::combining_class(c) != 0 || ucd::is_mark(c) ||
      ucd::nfc_quick_check(std::u32string_view(&c, 1)) != ucd::quick_check::yes)
    return ucd::kind_other;
  return (c << 2) | (is_rtl(c) ? ucd::kind_plain_rtl : ucd::kind_plain);
}

}  // namespace

std::size_t idn_to_ascii(const char* in, std::size_t n, const options& opt, char* out) noexcept {
  if (n == 0 || n > idn_max_input || opt.verify_dns_length ||
      fast_paths_disabled.load(std::memory_order_relaxed))
    return idn_declined;
  const auto* q = reinterpret_cast<const unsigned char*>(in);
  const auto* const end = q + n;
  char32_t cps[idn_max_input];               // every label's code points
  std::uint16_t starts[idn_max_input + 1];   // where each label begins in cps
  std::size_t labels = 0;
  char32_t* w = cps;
  bool rtl = false;
  char* p = out;
  for (;;) {
    char32_t* const first = w;
    // ASCII code points are written out as they come (one byte each), the
    // others only to cps.
    char* const label_out = p;
    while (q != end) {
      const unsigned b = *q;
      if (b < 0x80) {
        const unsigned char c = ldh.lower[b];
        if (c <= 1) {
          if (c == 1) break;  // '.'
          return idn_declined;
        }
        *p++ = static_cast<char>(c);
        *w++ = c;
        ++q;
        continue;
      }
      // Well-formed UTF-8 only (Unicode section 3.9, table 3-7).  A byte
      // x is a continuation byte when x ^ 0x80 < 0x40, and then that is its
      // payload.
      const std::size_t left = static_cast<std::size_t>(end - q);
      char32_t c;
      if ((b & 0xF0) == 0xE0 && left >= 3) {
        const unsigned x1 = q[1] ^ 0x80u, x2 = q[2] ^ 0x80u;
        c = ((b & 0x0Fu) << 12) | (x1 << 6) | x2;
        // Overlong forms (< U+0800) are ill-formed.
        if ((x1 | x2) >= 0x40 || c < 0x800) return idn_declined;
        q += 3;
      } else if (b - 0xC2u <= 0xDFu - 0xC2u && left >= 2) {
        const unsigned x1 = q[1] ^ 0x80u;
        if (x1 >= 0x40) return idn_declined;
        c = ((b & 0x1Fu) << 6) | x1;
        q += 2;
      } else if (b - 0xF0u <= 4u && left >= 4) {
        const unsigned x1 = q[1] ^ 0x80u, x2 = q[2] ^ 0x80u, x3 = q[3] ^ 0x80u;
        c = ((b & 0x07u) << 18) | (x1 << 12) | (x2 << 6) | x3;
        // Overlong forms and values past U+10FFFF are ill-formed.
        if ((x1 | x2 | x3) >= 0x40 || c < 0x10000 || c > 0x10FFFF) return idn_declined;
        q += 4;
      } else {
        return idn_declined;  // ill-formed
      }
      unsigned kind = ucd::idna_plain_kind(c);
      if (kind == ucd::kind_plain) {
        *w++ = c;
        continue;
      }
      if (kind == ucd::kind_other) {
        const std::uint32_t packed = slow_kind(c, opt.transitional_processing);
        if (packed == ucd::kind_other) return idn_declined;
        c = packed >> 2;
        kind = packed & 3u;
      }
      if (kind == ucd::kind_valid_mark) {
        if (w == first) return idn_declined;  // V6
        // Only another valid mark before it can have a non-zero class
        // (what slow_kind accepts is ccc 0 and reads as kind 0 here).
        if (ucd::idna_plain_kind(w[-1]) == ucd::kind_valid_mark) {
          const unsigned cc = ucd::combining_class(c);
          if (cc != 0 && ucd::combining_class(w[-1]) > cc) return idn_declined;
        }
      } else if (kind == ucd::kind_plain_rtl) {
        rtl = true;
      }
      *w++ = c;
    }
    const std::size_t len = static_cast<std::size_t>(w - first);
    const bool non_ascii = static_cast<std::size_t>(p - label_out) != len;
    if (len == 0 && q != end) return idn_declined;  // an empty label before a dot
    if (len >= 4 && first[2] == '-' && first[3] == '-') return idn_declined;  // V2, "xn--"
    if (opt.check_hyphens && len > 0 && (first[0] == '-' || w[-1] == '-')) return idn_declined;
    if (non_ascii) {
      p = label_out;
      const bootstring::buffer_result r = bootstring::label::encode(
          std::u32string_view(first, len), p + 4, bootstring::label::direct_encode_capacity(len));
      if (!r.ok()) return idn_declined;
      std::memcpy(p, "xn--", 4);
      p += 4 + r.size;
    }
    starts[labels++] = static_cast<std::uint16_t>(first - cps);
    if (q == end) break;
    *p++ = '.';
    ++q;
  }
  if (rtl && opt.check_bidi) {
    // RFC 5893 section 2 on every non-empty label of a Bidi domain name.
    const std::size_t used = static_cast<std::size_t>(w - cps);
    for (std::size_t k = 0; k < labels; ++k) {
      const std::size_t to = k + 1 < labels ? starts[k + 1] : used;
      if (to > starts[k] &&
          bidi_rule_failures(std::u32string_view(cps + starts[k], to - starts[k])) != 0)
        return idn_declined;
    }
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace puny::idna::detail

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

// A code point the table does not vouch for (kind 0): the kind of what it
// becomes, and that code point in c, or kind_other to decline.  Accepted:
// a code point mapped to one non-ASCII code point with a kind of its own
// (capital letters); a valid code point, or a deviation other than the
// joiners that Nontransitional Processing keeps (U+00DF, U+03C2), that is
// not a mark, of class 0 and NFC_Quick_Check=Yes (beyond the BMP, where
// the table does not reach: emoji, CJK extensions).
unsigned slow_kind(char32_t& c, bool transitional) noexcept {
  if (c >= 0xD800 && c <= 0xDFFF) return ucd::kind_other;  // encoded surrogates are ill-formed
  const ucd::idna_entry e = ucd::idna_lookup(c);
  if (e.status == ucd::idna_status::mapped) {
    if (e.single < 0x80) return ucd::kind_other;  // to ASCII, or to more than one code point
    c = e.single;
    return ucd::idna_plain_kind(c);
  }
  const bool kept = e.status == ucd::idna_status::valid ||
                    (e.status == ucd::idna_status::deviation && !transitional && c != 0x200C &&
                     c != 0x200D);
  if (!kept || ucd::combining_class(c) != 0 || ucd::is_mark(c) ||
      ucd::nfc_quick_check(std::u32string_view(&c, 1)) != ucd::quick_check::yes)
    return ucd::kind_other;
  return is_rtl(c) ? ucd::kind_plain_rtl : ucd::kind_plain;
}

}  // namespace

std::size_t idn_to_ascii(const char* in, std::size_t n, const options& opt, char* out) noexcept {
  if (n == 0 || n > idn_max_input || opt.verify_dns_length ||
      fast_paths_disabled.load(std::memory_order_relaxed))
    return idn_declined;
  const auto* const s = reinterpret_cast<const unsigned char*>(in);
  char32_t cps[idn_max_input];               // every label's code points
  std::uint16_t starts[idn_max_input + 1];   // where each label's begin in cps
  std::size_t labels = 0;
  std::size_t used = 0;
  bool rtl = false;
  char* p = out;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t first = used;
    // ASCII code points are written out as they come (one byte each), the
    // others only to cps.
    char* const label_out = p;
    while (pos < n) {
      const unsigned b = s[pos];
      if (b < 0x80) {
        const unsigned char c = ldh.lower[b];
        if (c <= 1) {
          if (c == 1) break;  // '.'
          return idn_declined;
        }
        *p++ = static_cast<char>(c);
        cps[used++] = c;
        ++pos;
        continue;
      }
      // Well-formed UTF-8 only (Unicode section 3.9, table 3-7).
      char32_t c;
      if (b - 0xC2u <= 0xDFu - 0xC2u && pos + 1 < n && (s[pos + 1] & 0xC0) == 0x80) {
        c = ((b & 0x1Fu) << 6) | (s[pos + 1] & 0x3Fu);
        pos += 2;
      } else if ((b & 0xF0) == 0xE0 && pos + 2 < n && (s[pos + 1] & 0xC0) == 0x80 &&
                 (s[pos + 2] & 0xC0) == 0x80) {
        c = ((b & 0x0Fu) << 12) | ((s[pos + 1] & 0x3Fu) << 6) | (s[pos + 2] & 0x3Fu);
        if (c < 0x800) return idn_declined;  // overlong
        pos += 3;
      } else if (b - 0xF0u <= 4u && pos + 3 < n && (s[pos + 1] & 0xC0) == 0x80 &&
                 (s[pos + 2] & 0xC0) == 0x80 && (s[pos + 3] & 0xC0) == 0x80) {
        c = ((b & 0x07u) << 18) | ((s[pos + 1] & 0x3Fu) << 12) | ((s[pos + 2] & 0x3Fu) << 6) |
            (s[pos + 3] & 0x3Fu);
        if (c < 0x10000 || c > 0x10FFFF) return idn_declined;  // overlong, or not a code point
        pos += 4;
      } else {
        return idn_declined;  // ill-formed
      }
      unsigned kind = ucd::idna_plain_kind(c);
      if (kind == ucd::kind_plain) {
        cps[used++] = c;
        continue;
      }
      if (kind == ucd::kind_other) {
        kind = slow_kind(c, opt.transitional_processing);
        if (kind == ucd::kind_other) return idn_declined;
      }
      if (kind == ucd::kind_valid_mark) {
        if (used == first) return idn_declined;  // V6
        // Only another valid mark before it can have a non-zero class
        // (what slow_kind accepts is ccc 0 and reads as kind 0 here).
        if (ucd::idna_plain_kind(cps[used - 1]) == ucd::kind_valid_mark) {
          const unsigned cc = ucd::combining_class(c);
          if (cc != 0 && ucd::combining_class(cps[used - 1]) > cc) return idn_declined;
        }
      } else if (kind == ucd::kind_plain_rtl) {
        rtl = true;
      }
      cps[used++] = c;
    }
    const std::size_t len = used - first;
    const bool non_ascii = static_cast<std::size_t>(p - label_out) != len;
    if (len == 0 && pos < n) return idn_declined;  // an empty label before a dot
    const char32_t* const l = cps + first;
    if (len >= 4 && l[2] == '-' && l[3] == '-') return idn_declined;  // V2, "xn--"
    if (opt.check_hyphens && len > 0 && (l[0] == '-' || l[len - 1] == '-')) return idn_declined;
    if (non_ascii) {
      p = label_out;
      const bootstring::buffer_result r = bootstring::label::encode(
          std::u32string_view(l, len), p + 4, bootstring::label::direct_encode_capacity(len));
      if (!r.ok()) return idn_declined;
      std::memcpy(p, "xn--", 4);
      p += 4 + r.size;
    }
    starts[labels++] = static_cast<std::uint16_t>(first);
    if (pos == n) break;
    *p++ = '.';
    ++pos;
  }
  if (rtl && opt.check_bidi) {
    // RFC 5893 section 2 on every non-empty label of a Bidi domain name.
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

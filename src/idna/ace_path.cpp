// The ACE route of ToUnicode (fast_path.hpp): LDH input with xn-- labels
// whose decoding the enabled checks cannot reject, converted label by label
// straight into UTF-8 without the workspace.  Contract of ace_to_unicode:
// either it returns ace_declined (the pipeline decides, nothing promised about
// `out`), or UTS #46 ToUnicode of the input under `opt` succeeds without an
// error and its UTF-8 is out[0, returned size).
//
// Why each rule of section 4 holds for what this accepts (input: the
// lowercased LDH-or-dot bytes of verdict::ldh, so step 1 Map is the
// lowercasing already done, and no label needs step 2 Normalize):
//  * 4.1.2 / 4.1.3: an xn-- label must decode (RFC 3492) to a non-empty
//    string that is not all ASCII; otherwise declined.
//  * Decoded code points: the ASCII ones are the basic code points of the
//    label, so LDH (checked anyway).  A "plain" one (ucd::idna_plain_kind
//    1 or 2) is valid in both processing modes, not a mark, of canonical
//    combining class 0 and NFC_Quick_Check=Yes.  A valid mark (kind 3) is
//    valid, NFC_Quick_Check=Yes and not R, AL or AN: it must not start the
//    label (V6), and two adjacent ones must have their combining classes in
//    canonical order (then the label passes the NFC quick check, UAX #15
//    section 9, unless another code point below decides).  Any other must have IDNA
//    status valid or deviation (V7 for a decoded label, which step 4.1.4
//    validates with Nontransitional Processing) and not be a joiner (the
//    route leaves CheckJoiners' contexts to the pipeline); a label holding
//    one must pass the NFC quick check with Yes (V1; Maybe or No is
//    declined) and must not start with a mark (V6).
//  * V2, V3 (CheckHyphens) on every label, decoded or not; V4 (a decoded
//    label starting with "xn--") checked; V5 impossible (U+002E is ASCII
//    but not a basic code point of LDH input).
//  * CheckBidi: the domain is a Bidi domain name when some label holds an
//    R, AL or AN code point (kind 2, or is_rtl); then every non-empty label
//    must pass the RFC 5893 rule (bidi_rule_failures), else declined.
//  * VerifyDnsLength: declined (the pipeline counts labels and bytes).
//  * forbid_domain_code_points (the URL family): only ASCII code points
//    are forbidden, and LDH ones are not.
// Input over 64 bytes (ace_to_unicode_long) is lowercased and split here,
// the same way the decision does for shorter input (fast_path.hpp).
// tests/unit/fast_path_test.cpp compares every entry point with and without
// the fast paths on IdnaTestV2.txt (sources and ACE results), generated
// ACE labels of every kind of code point, and random strings.
#include <cstring>

#include "bootstring/label_codec.hpp"
#include "idna/fast_path.hpp"
#include "idna/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;

// The decoded labels' code points and where every label is, for the Bidi
// rule once the whole domain is known to be a Bidi domain name (at most one
// code point per input byte).  An ASCII label stays in the input until the
// rule needs it.
struct domain_code_points {
  char32_t cps[ace_max_input + 32];  // + the decoder's working room
  std::size_t used = 0;
  struct label {
    std::uint16_t begin, end;  // in cps (decoded), or in the input (ASCII)
    bool decoded;
  };
  label labels[ace_max_input + 1];
  std::size_t count = 0;
  bool rtl = false;
};

// The decoded xn-- label `ace` (the bytes after the prefix), appended to
// d, as UTF-8 at p; returns the end, or null when the pipeline must decide.
char* put_decoded_label(const char* ace, std::size_t size, const options& opt,
                        domain_code_points& d, char* p) noexcept {
  char32_t* const cps = d.cps + d.used;
  const bootstring::buffer_result r =
      bootstring::label::decode(std::string_view(ace, size), cps, sizeof d.cps / sizeof d.cps[0] - d.used);
  if (!r.ok() || r.size == 0) return nullptr;
  const std::size_t n = r.size;
  if (opt.check_hyphens && fails_hyphen_rules(cps, n)) return nullptr;
  if (starts_with_ace_prefix(cps, n)) return nullptr;  // V4
  bool non_ascii = false;
  bool all_plain = true;
  unsigned previous = ucd::kind_plain;
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    if (c < 0x80) {
      if (!is_ldh_lower(c)) return nullptr;
      *p++ = static_cast<char>(c);
      previous = ucd::kind_plain;
      continue;
    }
    non_ascii = true;
    const unsigned kind = ucd::idna_plain_kind(c);
    if (kind == ucd::kind_plain) {
      previous = kind;
      p += unicode::put_utf8(c, p);
      continue;
    }
    if (kind == ucd::kind_plain_rtl) {
      d.rtl = true;
    } else if (kind == ucd::kind_valid_mark) {
      // Valid, NFC_QC=Yes, not R/AL/AN: V6 at the start, and the NFC
      // order of two adjacent classes (every other code point here is
      // ccc 0, or sends the label through the full quick check below).
      if (i == 0) return nullptr;
      if (previous == ucd::kind_valid_mark) {
        const unsigned cc = ucd::combining_class(c);
        if (cc != 0 && ucd::combining_class(cps[i - 1]) > cc) return nullptr;
      }
    } else if (kind == ucd::kind_other) {
      if (c == 0x200C || c == 0x200D) return nullptr;
      const ucd::idna_status st = ucd::idna_lookup(c).status;
      if (st != ucd::idna_status::valid && st != ucd::idna_status::deviation) return nullptr;
      if (is_rtl(c)) d.rtl = true;
      all_plain = false;
    }
    previous = kind;
    p += unicode::put_utf8(c, p);
  }
  if (!non_ascii) return nullptr;
  if (!all_plain) {
    const std::u32string_view label(cps, n);
    if (cps[0] >= 0x80 && ucd::idna_plain_kind(cps[0]) == ucd::kind_other && ucd::is_mark(cps[0]))
      return nullptr;
    if (ucd::nfc_quick_check(label) != ucd::quick_check::yes) return nullptr;
  }
  d.labels[d.count++] = {static_cast<std::uint16_t>(d.used), static_cast<std::uint16_t>(d.used + n), true};
  d.used += n;
  return p;
}

// RFC 5893 section 2 on every non-empty label of the domain.
bool passes_bidi_rule(const char* low, const domain_code_points& d) noexcept {
  for (std::size_t k = 0; k < d.count; ++k) {
    const domain_code_points::label& l = d.labels[k];
    const std::size_t size = l.end - l.begin;
    if (size == 0) continue;
    if (l.decoded) {
      if (bidi_rule_failures(std::u32string_view(d.cps + l.begin, size)) != 0) return false;
      continue;
    }
    char32_t wide[ace_max_input];
    for (std::size_t i = 0; i < size; ++i) wide[i] = static_cast<unsigned char>(low[l.begin + i]);
    if (bidi_rule_failures(std::u32string_view(wide, size)) != 0) return false;
  }
  return true;
}

// The route over low[0, n) whose labels end at ends[0, labels) (the last
// one at n).
std::size_t convert(const char* low, std::size_t n, const std::uint16_t* ends, std::size_t labels,
                    const options& opt, char* out) noexcept {
  domain_code_points d;
  char* p = out;
  std::size_t start = 0;
  for (std::size_t k = 0; k < labels; ++k) {
    const std::size_t end = ends[k];
    const char* const label = low + start;
    const std::size_t len = end - start;
    if (starts_with_ace_prefix(label, len)) {
      p = put_decoded_label(label + 4, len - 4, opt, d, p);
      if (p == nullptr) return ace_declined;
    } else {
      if (opt.check_hyphens && fails_hyphen_rules(label, len)) return ace_declined;
      std::memcpy(p, label, len);
      p += len;
      d.labels[d.count++] = {static_cast<std::uint16_t>(start), static_cast<std::uint16_t>(end), false};
    }
    if (end == n) break;
    *p++ = '.';
    start = end + 1;
  }
  // Empty labels (the root label among them) have nothing to check.
  if (d.rtl && opt.check_bidi && !passes_bidi_rule(low, d)) return ace_declined;
  return static_cast<std::size_t>(p - out);
}

// '.' for a dot, the lowercase form of an ASCII letter, digit or '-', 0
// for any other byte.
struct ldh_dot_table {
  unsigned char lower[256] = {};
  constexpr ldh_dot_table() {
    for (unsigned c = 0; c < 128; ++c) {
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')
        lower[c] = static_cast<unsigned char>(c);
      if (c >= 'A' && c <= 'Z') lower[c] = static_cast<unsigned char>(c + 0x20);
    }
  }
};
constexpr ldh_dot_table ldh_dot{};

}  // namespace

std::size_t ace_to_unicode(const char* low, std::size_t n, std::uint64_t dots, const options& opt,
                           char* out) noexcept {
  if (n == 0 || n > simd::ldh_masks_max || opt.verify_dns_length) return ace_declined;
  std::uint16_t ends[simd::ldh_masks_max + 1];
  std::size_t labels = 0;
  for (; dots != 0; dots &= dots - 1) ends[labels++] = static_cast<std::uint16_t>(simd::lowest_bit(dots));
  ends[labels++] = static_cast<std::uint16_t>(n);
  return convert(low, n, ends, labels, opt, out);
}

std::size_t ace_to_unicode_long(const char* in, std::size_t n, const options& opt,
                                char* out) noexcept {
  if (n > ace_max_input || opt.verify_dns_length ||
      fast_paths_disabled.load(std::memory_order_relaxed))
    return ace_declined;
  char low[ace_max_input];
  std::uint16_t ends[ace_max_input + 1];
  std::size_t labels = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = ldh_dot.lower[static_cast<unsigned char>(in[i])];
    if (c == 0) return ace_declined;
    if (c == '.') ends[labels++] = static_cast<std::uint16_t>(i);
    low[i] = static_cast<char>(c);
  }
  ends[labels++] = static_cast<std::uint16_t>(n);
  return convert(low, n, ends, labels, opt, out);
}

}  // namespace puny::idna::detail

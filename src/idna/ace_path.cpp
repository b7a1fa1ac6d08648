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
//    label, so LDH (checked anyway); every other one must be "plain"
//    (ucd::idna_plain_kind == 1): valid in both processing modes (V7), not
//    a mark (V6), canonical combining class 0 and NFC_Quick_Check=Yes, so
//    the label is NFC (V1), and not a joiner (CheckJoiners).  Kind 2
//    (R, AL or AN) would make the domain a Bidi domain name: declined, as for
//    kind 0.  With no R, AL or AN anywhere, CheckBidi has nothing to check
//    (RFC 5893 section 1.4 / UTS #46 V8).
//  * V2, V3 (CheckHyphens) on every label, decoded or not; V4 (a decoded
//    label starting with "xn--") and V5 (U+002E cannot be decoded: it is
//    ASCII but not a basic code point of LDH input) checked or impossible.
//  * VerifyDnsLength: declined (the pipeline counts labels and bytes).
//  * forbid_domain_code_points (the URL family): LDH ASCII and plain code
//    points are never forbidden.
// tests/unit/fast_path_test.cpp compares every entry point with and without
// the fast paths on IdnaTestV2.txt (sources and ACE results), generated
// ACE labels of every kind of code point, and random strings.
#include <cstring>

#include "idna/fast_path.hpp"
#include "puny/punycode.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

bool fails_hyphen_rules(const char32_t* s, std::size_t n) noexcept {
  return n > 0 && (s[0] == '-' || s[n - 1] == '-' || (n >= 4 && s[2] == '-' && s[3] == '-'));
}

bool fails_hyphen_rules(const char* s, std::size_t n) noexcept {
  return n > 0 && (s[0] == '-' || s[n - 1] == '-' || (n >= 4 && s[2] == '-' && s[3] == '-'));
}

// The decoded xn-- label `ace` (the bytes after the prefix) as UTF-8 at p;
// returns the end, or null when the pipeline must decide.
char* put_decoded_label(const char* ace, std::size_t size, const options& opt, char* p) noexcept {
  // At most one code point per byte, and the short-string decoder's working
  // room (punycode.hpp) past it.
  char32_t cps[simd::ldh_masks_max + 32];
  const bootstring::buffer_result r = punycode::decode(std::string_view(ace, size), cps, sizeof cps / sizeof cps[0]);
  if (!r.ok() || r.size == 0) return nullptr;
  const std::size_t n = r.size;
  if (opt.check_hyphens && fails_hyphen_rules(cps, n)) return nullptr;
  if (n >= 4 && cps[0] == 'x' && cps[1] == 'n' && cps[2] == '-' && cps[3] == '-') return nullptr;
  bool non_ascii = false;
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    if (c < 0x80) {
      if (!is_ldh_lower(c)) return nullptr;
      *p++ = static_cast<char>(c);
      continue;
    }
    if (puny::detail::ucd::idna_plain_kind(c) != 1) return nullptr;  // BMP only
    non_ascii = true;
    if (c < 0x800) {
      p[0] = static_cast<char>(0xC0 | (c >> 6));
      p[1] = static_cast<char>(0x80 | (c & 0x3F));
      p += 2;
    } else {
      p[0] = static_cast<char>(0xE0 | (c >> 12));
      p[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      p[2] = static_cast<char>(0x80 | (c & 0x3F));
      p += 3;
    }
  }
  return non_ascii ? p : nullptr;
}

}  // namespace

std::size_t ace_to_unicode(const char* low, std::size_t n, std::uint64_t dots, const options& opt,
                           char* out) noexcept {
  if (n == 0 || n > simd::ldh_masks_max || opt.verify_dns_length) return ace_declined;
  char* p = out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = dots != 0 ? simd::lowest_bit(dots) : n;
    const char* const label = low + start;
    const std::size_t len = end - start;
    if (len >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-') {
      p = put_decoded_label(label + 4, len - 4, opt, p);
      if (p == nullptr) return ace_declined;
    } else {
      if (opt.check_hyphens && fails_hyphen_rules(label, len)) return ace_declined;
      std::memcpy(p, label, len);
      p += len;
    }
    if (end == n) break;
    *p++ = '.';
    dots &= dots - 1;
    start = end + 1;
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace puny::idna::detail

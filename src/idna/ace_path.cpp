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
//    label, copied by the decoder from the lowercased LDH input (every code
//    point it inserts is U+0080 or above: RFC 3492's n starts at 128 and
//    only grows), so they are written out unchecked.  A "plain" one (ucd::idna_plain_kind
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
//    must pass the RFC 5893 rule (bidi_rule_failures), else declined.  The
//    route may also run the rule on a name that is not one (a label whose
//    inserted code points span a table range holding such a code point,
//    range_kinds): the output is the same either way, and a failure only
//    declines.
//  * VerifyDnsLength: declined (the pipeline counts labels and bytes).
//  * forbid_domain_code_points (the URL family): only ASCII code points
//    are forbidden, and LDH ones are not.
// Input over 64 bytes (ace_to_unicode_long) is lowercased and split here,
// the same way the decision does for shorter input (fast_path.hpp).
// tests/unit/fast_path_test.cpp compares every entry point with and without
// the fast paths on IdnaTestV2.txt (sources and ACE results), generated
// ACE labels of every kind of code point, and random strings;
// tests/unit/ace_route_test.cpp the label copies and hyphen tests below.
#include <cstring>

#include "bootstring/label_codec.hpp"
#include "simd/bytes.hpp"
#include "simd/utf8_out.hpp"
#include "idna/fast_path.hpp"
#include "idna/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

#if defined(__GNUC__)
#define PUNY_ACE_NOINLINE __attribute__((noinline, cold))
#else
#define PUNY_ACE_NOINLINE
#endif

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;

// The decoded labels' code points, one after another, and each decoded
// label's size, for the Bidi rule once the whole domain is known to be a
// Bidi domain name (at most one code point per input byte).  ASCII labels
// stay in the input until the rule needs them.
struct domain_code_points {
  char32_t cps[ace_max_input + 32];  // + the decoder's working room
  std::size_t used = 0;
  // An xn-- label has 5 bytes or more; all_rtl_label set: all its code
  // points are R, AL or AN.
  std::uint16_t sizes[ace_max_input / 5 + 1];
  std::size_t decoded = 0;
  bool rtl = false;
};

constexpr std::uint16_t all_rtl_label = 0x8000;  // above any label's size

using ::puny::simd::load_u32;
using ::puny::simd::load_u64;
using ::puny::simd::store_u32;
using ::puny::simd::store_u64;

// Four bytes as the 32-bit word a load of them gives (either byte order).
constexpr std::uint32_t word4(char a, char b, char c, char d) noexcept {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return (std::uint32_t{static_cast<unsigned char>(a)} << 24) | (std::uint32_t{static_cast<unsigned char>(b)} << 16) |
         (std::uint32_t{static_cast<unsigned char>(c)} << 8) | static_cast<unsigned char>(d);
#else
  return (std::uint32_t{static_cast<unsigned char>(d)} << 24) | (std::uint32_t{static_cast<unsigned char>(c)} << 16) |
         (std::uint32_t{static_cast<unsigned char>(b)} << 8) | static_cast<unsigned char>(a);
#endif
}
constexpr std::uint32_t ace_prefix_word = word4('x', 'n', '-', '-');
constexpr std::uint32_t hyphens_word = word4(0, 0, '-', '-');
constexpr std::uint32_t hyphens_mask = word4(0, 0, '\xFF', '\xFF');

// len bytes from `from` to `to` in word-sized moves (overlapping at the end).
inline void copy_short(char* to, const char* from, std::size_t len) noexcept {
  if (len >= 8) {
    for (std::size_t i = 0; i + 8 < len; i += 8) store_u64(to + i, load_u64(from + i));
    store_u64(to + len - 8, load_u64(from + len - 8));
  } else if (len >= 4) {
    store_u32(to, load_u32(from));
    store_u32(to + len - 4, load_u32(from + len - 4));
  } else if (len >= 2) {
    to[0] = from[0];
    to[1] = from[1];
    to[len - 1] = from[len - 1];
  } else if (len == 1) {
    to[0] = from[0];
  }
}

// A decoded code point of kind 0 or 3 (a valid mark): whether the label may
// keep it (the argument at the top); sets d.rtl and all_plain as it finds.
// Out of line and cold: the caller's loop keeps its registers (marks
// are common in some scripts, but this layout counted fewest instructions).
PUNY_ACE_NOINLINE bool accepts_unplain(char32_t c, unsigned kind, const char32_t* cps, std::size_t i,
                                   domain_code_points& d, bool& all_plain) noexcept {
  if (kind == ucd::kind_valid_mark) {
    // Valid, NFC_QC=Yes, not R/AL/AN: V6 at the start, and the NFC order
    // of two adjacent classes (every other code point here is ccc 0, or
    // sends the label through the full quick check below).
    if (i == 0) return false;
    if (ucd::idna_plain_kind(cps[i - 1]) == ucd::kind_valid_mark) {
      const unsigned cc = ucd::combining_class(c);
      if (cc != 0 && ucd::combining_class(cps[i - 1]) > cc) return false;
    }
    return true;
  }
  if (c == 0x200C || c == 0x200D) return false;
  const ucd::idna_status st = ucd::idna_lookup(c).status;
  if (st != ucd::idna_status::valid && st != ucd::idna_status::deviation) return false;
  if (is_rtl(c)) d.rtl = true;
  all_plain = false;
  return true;
}

// Bit k set: some code point of [lo, hi] (0x80 <= lo <= hi) may have plain
// kind k (ucd::idna_plain_kind), read from the plain-kind table sixteen
// code points a 32-bit word when the range spans at most range_words of
// them: bits 1 and 2 for the plain kinds present, bits 0 and 3 when some
// code point is neither plain kind; past the BMP bits 0 and 3.  0 when the range is wider (then each code point is
// read).  A range of several kinds answers for the range, not for the
// label's code points: right to left may be set for a label that has none
// (the Bidi rule then runs on a name that needs none, and its verdict is
// the pipeline's either way: see convert).
constexpr std::size_t range_words = 8;
constexpr unsigned kinds_to_check = (1u << ucd::kind_other) | (1u << ucd::kind_valid_mark);
inline unsigned range_kinds(char32_t lo, char32_t hi) noexcept {
  if (hi >= 0x10000) return kinds_to_check;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const std::size_t first = lo >> 4, last = hi >> 4;
  if (last - first >= range_words) return 0;
  // Code point c is bits 2 (c % 16) and 2 (c % 16) + 1 of word c / 16
  // (little-endian); `low` and `high` hold each pair's two bits at the
  // pair's even position.
  constexpr std::uint32_t evens = 0x55555555u;
  const char* const table = reinterpret_cast<const char*>(ucd::idna_plain_bmp);
  std::uint32_t from = evens << (2 * (lo & 15));
  // When every pair is 01 or 10, a low bit is kind 1 and a high bit kind
  // 2; a pair of two equal bits is kind 0 or 3.
  std::uint32_t lows = 0, highs = 0, other = 0;
  for (std::size_t w = first;; ++w) {
    const std::uint32_t in = w == last ? from & (evens >> (30 - 2 * (hi & 15))) : from;
    const std::uint32_t x = load_u32(table + 4 * w);
    const std::uint32_t low = x & in, high = (x >> 1) & in;
    lows |= low;
    highs |= high;
    other |= (low ^ high) ^ in;
    if (w == last) break;
    from = evens;
  }
  if (other != 0) return kinds_to_check;
  return (lows != 0 ? 1u << ucd::kind_plain : 0) | (highs != 0 ? 1u << ucd::kind_plain_rtl : 0);
#else
  (void)lo;
  return 0;
#endif
}

// The blocks of the BMP whose every code point is kind_plain, so that a
// label of CJK ideographs or of Hangul syllables, whose inserted code
// points spread too wide for range_kinds, is not read a code point at a
// time (tests/unit/ace_shapes_test.cpp checks each against the table).
struct plain_block {
  char32_t lo, hi;
};
constexpr plain_block plain_blocks[] = {
    {0x4E00, 0x9FFF},  // CJK Unified Ideographs
    {0xAC00, 0xD7A3},  // Hangul Syllables
};
inline bool in_plain_block(char32_t lo, char32_t hi) noexcept {
  for (const plain_block& b : plain_blocks)
    if (lo >= b.lo && hi <= b.hi) return true;
  return false;
}

// Bit k set: some code point of cps[0, n) (all below U+10000) has plain
// kind k.
inline unsigned kinds_of(const char32_t* cps, std::size_t n) noexcept {
  unsigned seen = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    seen |= 1u << ((ucd::idna_plain_bmp[c >> 2] >> ((c & 3u) * 2)) & 3u);
  }
  return seen;
}
constexpr unsigned plain_kinds = (1u << ucd::kind_plain) | (1u << ucd::kind_plain_rtl);

// The checks of put_checked alone, for a label whose UTF-8 is then written
// as one run (no basic code point, every inserted one of 2 bytes or every
// one of 3): whether the route may keep it; sets d.rtl.
bool passes_checks(const char32_t* cps, std::size_t n, domain_code_points& d) noexcept {
  bool all_plain = true;
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    const unsigned kind = ucd::idna_plain_kind(c);
    if (kind == ucd::kind_plain) continue;
    if (kind == ucd::kind_plain_rtl) {
      d.rtl = true;
      continue;
    }
    if (!accepts_unplain(c, kind, cps, i, d, all_plain)) return false;
  }
  if (!all_plain) {
    const std::u32string_view label(cps, n);
    if (ucd::idna_plain_kind(cps[0]) == ucd::kind_other && ucd::is_mark(cps[0])) return false;
    if (ucd::nfc_quick_check(label) != ucd::quick_check::yes) return false;
  }
  return true;
}

// The decoded label cps[0, n) as UTF-8 at p, checking each code point (the
// argument at the top); returns the end, or null when the pipeline must
// decide.
char* put_checked(const char32_t* cps, std::size_t n, domain_code_points& d, char* p) noexcept {
  char* const first = p;
  bool all_plain = true;
  std::size_t i = 0;
  // One read of the plain-kind table (below U+10000): a plain code point
  // passes, a plain right-to-left one marks the domain, any other kind is
  // decided out of line.
  const auto plain_or_accepted = [&](char32_t c) {
    const unsigned kind = ucd::idna_plain_kind(c);
    if (kind == ucd::kind_plain) return true;
    if (kind == ucd::kind_plain_rtl) {
      d.rtl = true;
      return true;
    }
    return accepts_unplain(c, kind, cps, i, d, all_plain);
  };
  for (; i < n; ++i) {
    const char32_t c = cps[i];
    if (c < 0x80) {
      *p++ = static_cast<char>(c);
      continue;
    }
    // Below U+10000 one read of the plain-kind table; above, every code
    // point is kind 0 (looked up).
    if (c < 0x800) {
      if (!plain_or_accepted(c)) return nullptr;
      p[0] = static_cast<char>(0xC0 | (c >> 6));
      p[1] = static_cast<char>(0x80 | (c & 0x3F));
      p += 2;
    } else if (c < 0x10000) {
      if (!plain_or_accepted(c)) return nullptr;
      p[0] = static_cast<char>(0xE0 | (c >> 12));
      p[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      p[2] = static_cast<char>(0x80 | (c & 0x3F));
      p += 3;
    } else {
      if (!accepts_unplain(c, ucd::kind_other, cps, i, d, all_plain)) return nullptr;
      p[0] = static_cast<char>(0xF0 | (c >> 18));
      p[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      p[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      p[3] = static_cast<char>(0x80 | (c & 0x3F));
      p += 4;
    }
  }
  (void)first;
  if (!all_plain) {
    const std::u32string_view label(cps, n);
    if (cps[0] >= 0x80 && ucd::idna_plain_kind(cps[0]) == ucd::kind_other && ucd::is_mark(cps[0]))
      return nullptr;
    if (ucd::nfc_quick_check(label) != ucd::quick_check::yes) return nullptr;
  }
  return p;
}

// The decoded xn-- label `ace` (the bytes after the prefix), appended to
// d, as UTF-8 at p; returns the end, or null when the pipeline must decide.
char* put_decoded_label(const char* ace, std::size_t size, const options& opt,
                        domain_code_points& d, char* p) noexcept {
  char32_t* const cps = d.cps + d.used;
  bootstring::label::decoded_shape shape;
  if (!bootstring::label::decode_shaped(std::string_view(ace, size), cps, shape)) return nullptr;
  const std::size_t n = shape.size;
  const std::size_t b = shape.basic;
  // All ASCII (nothing inserted, the empty label among them): 4.1.3 says
  // the pipeline decides.
  if (n == b) return nullptr;
  // The decoder's ASCII code points are the label's basic code points,
  // copied from the (lowercased LDH) input; every other one is U+0080 or
  // above (RFC 3492: n starts at 128 and only grows).  So only the basic
  // ones can be '-', 'x' or 'n': V2 and V4 ("xn--") at positions 3-4,
  // V3 at the ends.
  if (b != 0) {
    if (n >= 4 && cps[2] == '-' && cps[3] == '-' && (opt.check_hyphens || (cps[0] == 'x' && cps[1] == 'n')))
      return nullptr;
    if (opt.check_hyphens && (cps[0] == '-' || cps[n - 1] == '-')) return nullptr;
  }
  // The inserted code points lie in [lo, hi]; the basic ones (LDH) are
  // plain.  When all are plain (kinds 1 and 2: valid, no mark, NFC-stable)
  // the label passes V1, V6 and V7 and only its UTF-8 is left to write,
  // at a length known from lo and hi when it has no basic code point.
  unsigned kinds = range_kinds(shape.lo, shape.hi);
  if (kinds == 0) kinds = in_plain_block(shape.lo, shape.hi) ? 1u << ucd::kind_plain : kinds_of(cps, n);
  const bool one_run = b == 0 && (shape.hi < 0x800 || (shape.lo >= 0x800 && shape.hi < 0x10000));
  if ((kinds & ~plain_kinds) != 0 && !one_run) {
    p = put_checked(cps, n, d, p);
  } else if ((kinds & ~plain_kinds) != 0 && !passes_checks(cps, n, d)) {
    return nullptr;
  } else {
    if (kinds & (1u << ucd::kind_plain_rtl)) d.rtl = true;
    if (b == 0 && shape.hi < 0x800) {
      p = simd::utf8_two(cps, n, p);
    } else if (b == 0 && shape.lo >= 0x800) {
      p = simd::utf8_three(cps, n, p);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        const char32_t c = cps[i];
        if (c < 0x80) {
          *p++ = static_cast<char>(c);
        } else if (c < 0x800) {
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
    }
  }
  if (p == nullptr) return nullptr;
  // A label of right-to-left plain code points only (R, AL or AN) passes
  // RFC 5893's rules 2-4 as it stands (no EN); rule 1 is left for its
  // first code point (passes_bidi_rule).
  const bool all_rtl = b == 0 && kinds == 1u << ucd::kind_plain_rtl;
  d.sizes[d.decoded++] = static_cast<std::uint16_t>(n | (all_rtl ? all_rtl_label : 0));
  d.used += n;
  return p;
}

// RFC 5893 section 2 on every non-empty label of the domain (labels as in
// convert).
bool passes_bidi_rule(const char* low, const std::uint16_t* ends, std::size_t labels,
                      const domain_code_points& d) noexcept {
  std::size_t start = 0, at = 0, decoded = 0;
  for (std::size_t k = 0; k < labels; start = ends[k++] + 1) {
    const std::size_t len = ends[k] - start;
    if (len == 0) continue;
    if (len >= 4 && load_u32(low + start) == ace_prefix_word) {
      const std::size_t size = d.sizes[decoded] & ~all_rtl_label;
      if ((d.sizes[decoded++] & all_rtl_label) != 0) {
        // Rule 1: R or AL first, not AN.
        if (ucd::bidi(d.cps[at]) == ucd::bidi_class::AN) return false;
      } else if (bidi_rule_failures(std::u32string_view(d.cps + at, size)) != 0) {
        return false;
      }
      at += size;
      continue;
    }
    // An ASCII label (lowercase letters, digits, '-'): rule 1 asks for an
    // L first, a letter (digits are EN, '-' is ES); an L label then passes
    // rule 5 (every LDH class is allowed) and rule 6 when it ends with L
    // or EN, a letter or a digit.
    if (static_cast<unsigned char>(low[start]) < 'a' || low[start + len - 1] == '-') return false;
  }
  return true;
}

// The route over low[0, n) whose labels end at ends[0, labels) (the last
// one at n).
std::size_t convert(const char* low, const std::uint16_t* ends, std::size_t labels,
                    const options& opt, char* out) noexcept {
  domain_code_points d;
  char* p = out;
  std::size_t start = 0;
  for (std::size_t k = 0;;) {
    const std::size_t end = ends[k];
    const char* const label = low + start;
    const std::size_t len = end - start;
    if (len >= 4) {
      const std::uint32_t head = load_u32(label);
      if (head == ace_prefix_word) {
        p = put_decoded_label(label + 4, len - 4, opt, d, p);
        if (p == nullptr) return ace_declined;
      } else {
        if (opt.check_hyphens &&
            ((head & hyphens_mask) == hyphens_word || label[0] == '-' || label[len - 1] == '-'))
          return ace_declined;
        copy_short(p, label, len);
        p += len;
      }
    } else {
      if (opt.check_hyphens && fails_hyphen_rules(label, len)) return ace_declined;
      copy_short(p, label, len);
      p += len;
    }
    if (++k == labels) break;
    *p++ = '.';
    start = end + 1;
  }
  // Empty labels (the root label among them) have nothing to check.
  if (d.rtl && opt.check_bidi && !passes_bidi_rule(low, ends, labels, d)) return ace_declined;
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
  return convert(low, ends, labels, opt, out);
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
  return convert(low, ends, labels, opt, out);
}

}  // namespace puny::idna::detail

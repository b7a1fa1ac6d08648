// Unicode Normalization Form C (UAX #15) and Canonical_Combining_Class,
// backed by the generated tables in src/tables/<version>/ (tools/gen_tables/gen_tables.py).
//
// NFC = canonical decomposition (UAX #15 section 1.3, D68, applied fully),
// canonical ordering (Unicode section 3.11, D108/D109: stable sort of each run
// of non-starters by ccc), then canonical composition (UAX #15 D117, with the
// blocking rule of D115).  Hangul syllables are decomposed and composed by
// arithmetic (Unicode section 3.12), never tabulated.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "puny/unicode.hpp"
#include "unicode/trie.hpp"
#include "unicode/ucd.hpp"

namespace puny::detail::ucd {

// ccc and NFC_QC (with Bidi_Class, Joining_Type and General_Category M, for
// ucd.cpp) in one table of inline variables shared with ucd.cpp.
#include "char_properties.inc"

namespace {

#include "nfc_composition.inc"
#include "nfc_decomposition.inc"

// Unicode section 3.12, Conjoining Jamo Behavior.
constexpr char32_t s_base = 0xAC00;
constexpr char32_t l_base = 0x1100;
constexpr char32_t v_base = 0x1161;
constexpr char32_t t_base = 0x11A7;
constexpr char32_t l_count = 19;
constexpr char32_t v_count = 21;
constexpr char32_t t_count = 28;
constexpr char32_t n_count = v_count * t_count;
constexpr char32_t s_count = l_count * n_count;

constexpr std::uint8_t qc_yes = 0;
constexpr std::uint8_t qc_maybe = 1;
constexpr std::uint8_t qc_no = 2;

// The packed properties of c (char_properties.inc): ccc in bits 16-23,
// NFC_QC in bits 9-10.
inline std::uint32_t properties_of(char32_t c) noexcept {
  return char_property_values[char_properties_trie(c)];
}
inline std::uint8_t ccc_bits(std::uint32_t p) noexcept { return static_cast<std::uint8_t>(p >> 16); }
inline std::uint8_t qc_bits(std::uint32_t p) noexcept { return static_cast<std::uint8_t>((p >> 9) & 3u); }

inline std::uint8_t ccc_of(char32_t c) noexcept {
  return c < nfc_fast_limit ? 0 : ccc_bits(properties_of(c));
}

inline std::uint8_t qc_of(char32_t c) noexcept {
  return c < nfc_fast_limit ? qc_yes : qc_bits(properties_of(c));
}

// A starter with NFC_QC=Yes: nothing before it can interact with it or with
// anything after it, so NFC(a + b) == NFC(a) + NFC(b) when b starts with one.
// (gen_tables.py verifies that the first code point of such a character's
// decomposition never combines backwards.)
inline bool is_boundary(char32_t c) noexcept {
  return ccc_of(c) == 0 && qc_of(c) == qc_yes;
}

// The working buffer holds one code point per element with its ccc in bits
// 24-31, so ordering and composition look each ccc up only once.
constexpr std::uint32_t cp_mask = 0x1FFFFF;

inline char32_t pack(char32_t c) noexcept {
  return c | (static_cast<char32_t>(ccc_of(c)) << 24);
}

// UAX #15 D68: full canonical decomposition of c, appended to buf.
void decompose(char32_t c, std::u32string& buf) {
  if (c < decomposition_first) {
    buf.push_back(pack(c));
    return;
  }
  const char32_t s_index = c - s_base;
  if (s_index < s_count) {  // Unicode section 3.12, Hangul syllable decomposition
    buf.push_back(pack(l_base + s_index / n_count));
    buf.push_back(pack(v_base + (s_index % n_count) / t_count));
    if (s_index % t_count != 0) buf.push_back(pack(t_base + s_index % t_count));
    return;
  }
  const std::uint32_t d = decomposition_trie(c);
  if (d == 0) {
    buf.push_back(pack(c));
    return;
  }
  // The pool is UTF-16 (code points past the BMP as surrogate pairs).
  const char16_t* p = decomposition_pool + (d >> 3);
  const char16_t* const end = p + (d & 7u);
  while (p < end) {
    char32_t u = *p++;
    if (u - 0xD800u < 0x400u) u = 0x10000 + ((u - 0xD800u) << 10) + (*p++ - 0xDC00u);
    buf.push_back(pack(u));
  }
}

// Unicode section 3.11 D109 Canonical Ordering Algorithm: a stable sort by
// ccc of every maximal run of non-starters.
void canonical_order(std::u32string& buf) {
  const auto by_ccc = [](char32_t a, char32_t b) { return (a >> 24) < (b >> 24); };
  std::size_t i = 0;
  const std::size_t n = buf.size();
  while (i < n) {
    if ((buf[i] >> 24) == 0) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < n && (buf[j] >> 24) != 0) ++j;
    if (j - i > 1) {
      if (j - i <= 16) {
        // Insertion sort (stable) for the usual short runs.
        for (std::size_t k = i + 1; k < j; ++k) {
          const char32_t x = buf[k];
          std::size_t m = k;
          while (m > i && by_ccc(x, buf[m - 1])) {
            buf[m] = buf[m - 1];
            --m;
          }
          buf[m] = x;
        }
      } else {
        // Long runs (hostile input): a counting sort by ccc, linear and
        // stable (and no std::stable_sort in every program that links NFC).
        std::array<std::size_t, 257> start{};
        for (std::size_t k = i; k < j; ++k) ++start[(buf[k] >> 24) + 1];
        for (std::size_t v = 1; v < start.size(); ++v) start[v] += start[v - 1];
        std::u32string sorted(j - i, U'\0');
        for (std::size_t k = i; k < j; ++k) sorted[start[buf[k] >> 24]++] = buf[k];
        buf.replace(i, j - i, sorted);
      }
    }
    i = j;
  }
}

// UAX #15 D114 primary composite of the pair (a, b), or 0 if there is none.
char32_t compose_pair(char32_t a, char32_t b) noexcept {
  // Unicode section 3.12, Hangul syllable composition: L + V, then LV + T.
  const char32_t l_index = a - l_base;
  const char32_t v_index = b - v_base;
  if (l_index < l_count && v_index < v_count) {
    return s_base + (l_index * v_count + v_index) * t_count;
  }
  const char32_t s_index = a - s_base;
  const char32_t t_index = b - t_base;
  if (s_index < s_count && s_index % t_count == 0 && t_index - 1 < t_count - 1) {
    return a + t_index;
  }
  // Keys are a << 7 | the index of b among the code points that combine
  // backwards (nfc_composition.inc); values the distance a -> composite.
  const char32_t* const seconds_end = composition_seconds + std::size(composition_seconds);
  const char32_t* const second = std::lower_bound(composition_seconds, seconds_end, b);
  if (second == seconds_end || *second != b || a >= (1u << 25)) return 0;
  const std::uint32_t key =
      static_cast<std::uint32_t>(a) << 7 | static_cast<std::uint32_t>(second - composition_seconds);
  const std::uint32_t* const end = composition_keys + std::size(composition_keys);
  const std::uint32_t* const it = std::lower_bound(composition_keys, end, key);
  if (it == end || *it != key) return 0;
  return static_cast<char32_t>(static_cast<std::int32_t>(a) + composition_distances[it - composition_keys]);
}

// UAX #15 D117 Canonical Composition Algorithm, in place over the packed
// buffer (already decomposed and canonically ordered).
void compose(std::u32string& buf) {
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t starter = none;  // position of the last starter written
  int last_ccc = -1;           // ccc of the last character written after it
  std::size_t w = 0;
  for (std::size_t r = 0; r < buf.size(); ++r) {
    const char32_t x = buf[r];
    const int cc = static_cast<int>(x >> 24);
    // D115: x is blocked from the starter if some character between them
    // has ccc 0 or ccc >= ccc(x).
    if (starter != none && (last_ccc < 0 || (last_ccc != 0 && last_ccc < cc))) {
      const char32_t composite = compose_pair(buf[starter] & cp_mask, x & cp_mask);
      if (composite != 0) {
        // Primary composites are starters (non-starter decompositions are
        // excluded from composition), so the packed ccc stays 0.
        buf[starter] = composite;
        continue;
      }
    }
    buf[w] = x;
    if (cc == 0) {
      starter = w;
      last_ccc = -1;
    } else {
      last_ccc = cc;
    }
    ++w;
  }
  buf.resize(w);
}

// UAX #15 section 9: quick check, also reporting where it first stopped
// being YES.
struct scan_result {
  quick_check result;
  std::size_t first;  // first code point that was MAYBE or NO
};

scan_result scan(std::u32string_view s) noexcept {
  scan_result out{quick_check::yes, s.size()};
  std::uint8_t last_ccc = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char32_t c = s[i];
    if (c < nfc_fast_limit) {
      last_ccc = 0;
      continue;
    }
    const std::uint32_t p = properties_of(c);  // one lookup for ccc and NFC_QC
    const std::uint8_t cc = ccc_bits(p);
    if (cc != 0 && last_ccc > cc) {
      if (out.result == quick_check::yes) out.first = i;
      out.result = quick_check::no;
      return out;
    }
    const std::uint8_t q = qc_bits(p);
    if (q == qc_no) {
      if (out.result == quick_check::yes) out.first = i;
      out.result = quick_check::no;
      return out;
    }
    if (q == qc_maybe && out.result == quick_check::yes) {
      out.result = quick_check::maybe;
      out.first = i;
    }
    last_ccc = cc;
  }
  return out;
}

// Start of the normalization that must be redone: the last boundary at or
// before position i.
std::size_t boundary_before(std::u32string_view s, std::size_t i) noexcept {
  while (i > 0 && !is_boundary(s[i])) --i;
  return i;
}

// Full normalization of s, appended to out.
void normalize_append(std::u32string_view s, std::u32string& out) {
  std::u32string buf;
  buf.reserve(s.size() + s.size() / 2 + 4);
  for (const char32_t c : s) decompose(c, buf);
  canonical_order(buf);
  compose(buf);
  out.reserve(out.size() + buf.size());
  for (const char32_t x : buf) out.push_back(x & cp_mask);
}

}  // namespace

std::uint8_t combining_class(char32_t c) noexcept { return ccc_of(c); }

quick_check nfc_quick_check(std::u32string_view s) noexcept { return scan(s).result; }

void nfc_append(std::u32string_view s, std::u32string& out) {
  const scan_result r = scan(s);
  if (r.result == quick_check::yes) {
    out.append(s);
    return;
  }
  const std::size_t start = boundary_before(s, r.first);
  out.append(s.substr(0, start));
  normalize_append(s.substr(start), out);
}

// UAX #15 NFD: full canonical decomposition and canonical ordering, the
// first half of normalize_append (UTS #39's skeleton needs it).  Code points
// below decomposition_first decompose to themselves and have ccc 0, so a
// string of them is copied as it is.
void nfd_append(std::u32string_view s, std::u32string& out) {
  std::size_t plain = 0;
  while (plain < s.size() && s[plain] < decomposition_first) ++plain;
  out.append(s.substr(0, plain));
  if (plain == s.size()) return;
  std::u32string buf;
  buf.reserve(s.size() - plain + 4);
  for (const char32_t c : s.substr(plain)) decompose(c, buf);
  canonical_order(buf);
  for (const char32_t x : buf) out.push_back(x & cp_mask);
}

std::u32string nfc(std::u32string_view s) {
  std::u32string out;
  out.reserve(s.size());
  nfc_append(s, out);
  return out;
}

bool is_nfc(std::u32string_view s) {
  const scan_result r = scan(s);
  if (r.result != quick_check::maybe) return r.result == quick_check::yes;
  const std::size_t start = boundary_before(s, r.first);
  const std::u32string_view tail = s.substr(start);
  std::u32string normalized;
  normalize_append(tail, normalized);
  return normalized == tail;
}

}  // namespace puny::detail::ucd

// The public entry point (puny/unicode.hpp).
namespace puny::unicode {
std::u32string to_nfc(std::u32string_view s) { return detail::ucd::nfc(s); }
}  // namespace puny::unicode

// UTS #46 revision 35 (Unicode 17.0.0), section 4: Processing, ToASCII and
// ToUnicode for whole domain names, plus the URL Standard's "domain to
// ASCII" variations selected by options::url_ascii_fast_pass.
//
// Pipeline (one pass per stage, every buffer reused across calls through a
// thread_local workspace, so steady-state calls allocate only their output):
//
//   decode input (UTF-8/16/32) fused with
//   section 4 step 1 Map        -> `mapped` (+ source offset per code point)
//   section 4 steps 2-3         -> NFC per label (U+002E is a starter that
//                                  never composes, so normalizing label by
//                                  label equals normalizing the whole string,
//                                  and breaking afterwards gives the same
//                                  labels)
//   section 4 step 4            -> Convert/Validate each label into `text`
//   section 4.1 V8 (CheckBidi)  -> whole-domain pass (needs every label)
//   section 4.2 / 4.3           -> ToASCII or ToUnicode output
//
// A fast path handles input made only of ASCII letters, digits, hyphens and
// dots with no "xn--" label: there UTS #46 reduces to ASCII lowercasing
// (every such code point is valid or mapped to its lowercase form, nothing
// is a mark, joiner or RTL character), so no table is consulted.
#include "puny/idna.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <unordered_map>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "idna/internal.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

#if defined(__GNUC__)
#define PUNY_NOINLINE __attribute__((noinline))
#define PUNY_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PUNY_NOINLINE
#define PUNY_ALWAYS_INLINE inline
#endif

namespace puny::idna {

namespace {

namespace ucd = puny::detail::ucd;

constexpr char32_t replacement_character = 0xFFFD;

// Status detail values (see idna.hpp).
constexpr std::uint8_t detail_c1 = 1;
constexpr std::uint8_t detail_c2 = 2;
constexpr std::uint8_t detail_to_unicode = 1;  // empty_label found by ToUnicode: X4_2

enum class operation : std::uint8_t { to_ascii, to_unicode };

// A growable array of a trivially copyable T that never value-initializes
// and keeps its capacity across calls.  The Map step appends one element
// per code point; std::basic_string and std::vector spend more per append
// (terminator, out-of-line growth checks).
template <class T>
class pod_buffer {
 public:
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return cap_; }
  bool empty() const noexcept { return size_ == 0; }
  T* data() noexcept { return data_.get(); }
  const T* data() const noexcept { return data_.get(); }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  void clear() noexcept { size_ = 0; }
  void reserve(std::size_t n) {
    if (n > cap_) regrow(n);
  }
  void push_back(T v) {
    if (size_ == cap_) regrow(size_ + 1);
    data_[size_++] = v;
  }
  void append(const T* p, std::size_t n) {
    if (n > cap_ - size_) regrow(size_ + n);
    std::copy(p, p + n, data_.get() + size_);
    size_ += n;
  }
  // Grows without initializing, or shrinks.
  void resize(std::size_t n) {
    if (n > cap_) regrow(n);
    size_ = n;
  }
  void append(std::size_t n, T v) {
    if (n > cap_ - size_) regrow(size_ + n);
    std::fill(data_.get() + size_, data_.get() + size_ + n, v);
    size_ += n;
  }

 private:
  void regrow(std::size_t need) {
    const std::size_t c = std::max(need, 2 * cap_ + 16);
    std::unique_ptr<T[]> fresh(new T[c]);  // default-initialized: no fill
    if (size_ != 0) std::copy(data_.get(), data_.get() + size_, fresh.get());
    data_ = std::move(fresh);
    cap_ = c;
  }

  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0;
  std::size_t cap_ = 0;
};

// A label after Convert/Validate.  Labels that need no change by NFC or
// Punycode stay where the Map step put them (in workspace::mapped); the
// others live in workspace::text.  Nothing is copied for the common case.
struct label_info {
  std::size_t begin = 0;         // first code point in mapped or text
  std::size_t end = 0;           // one past the last
  std::size_t mapped_begin = 0;  // the label's span in workspace::mapped
  std::size_t mapped_end = 0;
  std::size_t src = 0;           // offset of the label in the caller's input
  bool in_text = false;          // begin/end index workspace::text
  bool ascii = true;             // every code point below U+0080
  // For labels in `text`, set by scan_text_label (rtl_known): whether the
  // label holds an R, AL or AN code point, whether all its non-ASCII code
  // points are plain, and whether it holds ASCII other than a-z, 0-9, '-'.
  bool rtl_known = false;
  bool rtl = false;
  bool all_plain = true;
  bool ascii_suspect = false;
};

struct mark {  // a code point ToUnicode shows as U+FFFD
  std::size_t label;
  std::size_t index;
};

struct workspace {
  std::size_t input_length = 0;         // in the caller's units
  // Set only by explain_to_ascii: the end of each label in the ToASCII output.
  std::vector<std::size_t>* trace_label_ends = nullptr;
  pod_buffer<char32_t> mapped;          // after section 4 step 1
  pod_buffer<std::size_t> mapped_off;   // source offset of each mapped code point
  // Indices into `mapped` of the non-ASCII code points whose status is not
  // known to be valid (deviations, disallowed, mapping results): the only
  // ones V7 and CheckJoiners must look at in a label left in place.
  std::vector<std::size_t> check;
  // Indices into `mapped` of every R, AL or AN code point (RFC 5893 section
  // 1.4): a label left in place makes the domain a Bidi domain name exactly
  // when it holds one of these.
  std::vector<std::size_t> rtl;
  // Section 4 step 3 (Break) found by the Map step: the index in `mapped`
  // of every U+002E, whether each label it ends holds a code point above
  // U+007F, and the same for the label in progress.
  pod_buffer<std::size_t> dots;
  pod_buffer<unsigned char> dot_label_non_ascii;
  bool non_ascii = false;
  pod_buffer<char32_t> text;            // labels changed by NFC or Punycode decoding
  std::u32string nfc_scratch;           // one label's NFC, before it joins `text`
  std::vector<label_info> labels;
  std::vector<mark> marked;
  std::vector<status> errors;
  // offset_of for labels changed by NFC: the first source offset of each
  // code point of one mapped label, built once per label that needs it.
  std::size_t offsets_label = static_cast<std::size_t>(-1);
  std::unordered_map<char32_t, std::size_t> first_offset;
  std::string ace;                      // ASCII copy of an xn-- label
  std::string out8;                     // output scratch for the caller-buffer form

  void reset() {
    input_length = 0;
    mapped.clear();
    mapped_off.clear();
    check.clear();
    rtl.clear();
    dots.clear();
    dot_label_non_ascii.clear();
    non_ascii = false;
    text.clear();
    labels.clear();
    marked.clear();
    errors.clear();
    offsets_label = static_cast<std::size_t>(-1);
  }

  std::u32string_view view(const label_info& l) const noexcept {
    const char32_t* buf = l.in_text ? text.data() : mapped.data();
    return std::u32string_view(buf + l.begin, l.end - l.begin);
  }
};

// Buffers are kept per thread so steady-state calls do not allocate, but a
// thread that once processed a huge name should not hold that memory for
// ever: past this many code points of capacity the workspace starts afresh.
constexpr std::size_t workspace_keep_limit = std::size_t{1} << 16;

workspace& local_workspace() {
  thread_local workspace ws;
  if (ws.mapped.capacity() > workspace_keep_limit || ws.text.capacity() > workspace_keep_limit)
    ws = workspace{};
  ws.reset();
  return ws;
}

void add_error(workspace& ws, errc code, std::size_t offset, std::size_t label,
               char32_t cp = 0, std::uint8_t detail = 0) {
  status s;
  s.code = code;
  s.offset = offset;
  s.label = label;
  s.code_point = cp;
  s.detail = detail;
  ws.errors.push_back(s);
}

// Errors in input order; ties keep the order in which the steps found them.
void sort_errors(workspace& ws) {
  std::stable_sort(ws.errors.begin(), ws.errors.end(),
                   [](const status& a, const status& b) { return a.offset < b.offset; });
}

constexpr bool is_ascii_upper(char32_t c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ldh_lower(char32_t c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}
constexpr bool starts_with_ace_prefix(const char32_t* p, std::size_t n) noexcept {
  return n >= 4 && p[0] == 'x' && p[1] == 'n' && p[2] == '-' && p[3] == '-';
}

// URL Standard: forbidden domain code point (forbidden host code points, C0
// controls, U+0025 and U+007F).
constexpr bool is_forbidden_domain_code_point(char32_t c) noexcept {
  switch (c) {
    case 0x00: case 0x09: case 0x0A: case 0x0D: case ' ': case '#': case '/': case ':':
    case '<': case '>': case '?': case '@': case '[': case '\\': case ']': case '^':
    case '|': case '%': case 0x7F:
      return true;
    default:
      return c <= 0x1F;
  }
}

// ---------------------------------------------------------------------------
// Input decoding fused with UTS #46 section 4 step 1 (Map): one pass over
// the caller's input, no intermediate code point buffer.  Ill-formed input
// is reported with its offset and replaced by U+FFFD (disallowed, so
// processing fails, but ToUnicode still has something to display).

// "Plain" code points (ucd::idna_plain_kind): IDNA status valid (section
// 5), ccc 0 and NFC_Quick_Check=Yes (UAX #15 section 9), General_Category
// not M.  A label made of ASCII and plain code points is already NFC (step
// 2 leaves it alone), passes V7 in both processing modes, cannot fail V6
// and holds no joiner, so no per-code-point look-up is needed after the Map
// step: only the others go to workspace::check.

// Records what the later steps must look at for a non-ASCII code point
// about to be stored at mapped[index].
inline void note_code_point(workspace& ws, char32_t c, std::size_t index) {
  const unsigned kind = ucd::idna_plain_kind(c);
  if (kind == 1) return;
  if (kind == 2) {
    ws.rtl.push_back(index);
    return;
  }
  ws.check.push_back(index);
  if (detail::is_rtl(c)) ws.rtl.push_back(index);
}

#if defined(__SSE2__)
// dst[k] = first + k for k < 16.
inline void store_offsets16(std::size_t* dst, std::size_t first) noexcept {
  if constexpr (sizeof(std::size_t) == 8) {
    __m128i v = _mm_set_epi64x(static_cast<long long>(first + 1), static_cast<long long>(first));
    const __m128i two = _mm_set1_epi64x(2);
    auto* d = reinterpret_cast<__m128i*>(dst);
    for (int k = 0; k < 8; ++k) {
      _mm_storeu_si128(d + k, v);
      v = _mm_add_epi64(v, two);
    }
  } else {
    for (std::size_t k = 0; k < 16; ++k) dst[k] = first + k;
  }
}

// out[k] = in[k] for code points below U+0080.
inline void narrow_ascii(const char32_t* in, std::size_t n, char* out) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i + 4));
    const __m128i w16 = _mm_packs_epi32(a, b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i), _mm_packus_epi16(w16, w16));
  }
  for (; i < n; ++i) out[i] = static_cast<char>(in[i]);
}
#else
inline void narrow_ascii(const char32_t* in, std::size_t n, char* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(in[i]);
}
#endif

// Index of the lowest set bit of a non-zero mask.
inline unsigned lowest_bit(unsigned m) noexcept {
#if defined(__GNUC__)
  return static_cast<unsigned>(__builtin_ctz(m));
#else
  unsigned i = 0;
  while (!(m & 1u)) {
    m >>= 1;
    ++i;
  }
  return i;
#endif
}

// A U+002E about to be stored at mapped[index] ends a label.
inline void note_dot(workspace& ws, std::size_t index) {
  ws.dots.push_back(index);
  ws.dot_label_non_ascii.push_back(ws.non_ascii ? 1 : 0);
  ws.non_ascii = false;
}

// Section 4 step 1 for one code point `c` found at source offset `off`.
void map_code_point(workspace& ws, const options& opt, char32_t c, std::size_t off) {
  if (c < 0x80) {
    // ASCII: A-Z are mapped to a-z, every other ASCII code point is valid.
    if (is_ascii_upper(c)) c += 0x20;
    if (c == '.') note_dot(ws, ws.mapped.size());
    ws.mapped.push_back(c);
    ws.mapped_off.push_back(off);
    return;
  }
  const ucd::idna_entry e = ucd::idna_lookup(c);
  switch (e.status) {
    case ucd::idna_status::valid:
    case ucd::idna_status::disallowed:  // kept; V7 reports it after NFC
      ws.non_ascii = true;
      note_code_point(ws, c, ws.mapped.size());
      ws.mapped.push_back(c);
      ws.mapped_off.push_back(off);
      return;
    case ucd::idna_status::ignored:
      return;
    case ucd::idna_status::mapped:
      if (opt.transitional_processing && c == 0x1E9E) {
        // Under Transitional_Processing U+1E9E maps to "ss" (not to U+00DF,
        // a deviation that transitional V7 would reject).
        ws.mapped.append(2, U's');
        ws.mapped_off.append(2, off);
        return;
      }
      break;
    case ucd::idna_status::deviation:
      if (!opt.transitional_processing) {
        ws.non_ascii = true;
        note_code_point(ws, c, ws.mapped.size());
        ws.mapped.push_back(c);
        ws.mapped_off.push_back(off);
        return;
      }
      break;
  }
  for (std::size_t k = 0; k < e.mapping.size(); ++k) {
    if (e.mapping[k] >= 0x80) {
      ws.non_ascii = true;
      note_code_point(ws, e.mapping[k], ws.mapped.size() + k);
    } else if (e.mapping[k] == '.') {
      note_dot(ws, ws.mapped.size() + k);
    }
  }
  ws.mapped.append(e.mapping.data(), e.mapping.size());
  ws.mapped_off.append(e.mapping.size(), off);
}

void prepare(workspace& ws, std::size_t n) {
  ws.input_length = n;
  // The workspace keeps its capacity across calls: this grows it only.
  ws.mapped.reserve(n);
  ws.mapped_off.reserve(n);
}

void decode_and_map(workspace& ws, const options& opt, std::string_view in) {
  prepare(ws, in.size());
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  const std::size_t n = in.size();
  // Every code point takes at least one byte, so while the buffers have
  // room for n - pos more elements, ASCII and plain code points are written
  // without capacity checks.  Only map_code_point (a mapping can be longer
  // than its source) can use up that room; the room is restored after it.
  char32_t* mo = nullptr;
  std::size_t* oo = nullptr;
  std::size_t w = 0;  // elements in the buffers
  const auto ensure_room = [&](std::size_t at) {
    w = ws.mapped.size();
    ws.mapped.reserve(w + (n - at));
    ws.mapped_off.reserve(w + (n - at));
    mo = ws.mapped.data();
    oo = ws.mapped_off.data();
  };
  const auto slow = [&](std::size_t at, char32_t c) {
    ws.mapped.resize(w);
    ws.mapped_off.resize(w);
    map_code_point(ws, opt, c, at);
  };
  ensure_room(0);
  std::size_t pos = 0;
  while (pos < n) {
    unsigned b = p[pos];
    if (b < 0x80) {
      // A run of ASCII: A-Z map to a-z, every other ASCII code point is
      // valid.
#if defined(__SSE2__)
      // 16 bytes at a time while they are all ASCII: lowercase, then widen
      // to UTF-32.
      while (n - pos >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + pos));
        if (_mm_movemask_epi8(v) != 0) break;
        // A-Z: (v - 'A') mod 256 below 26, as a signed test after flipping
        // the top bit.
        const __m128i upper = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x80 - 'A'))),
                                             _mm_set1_epi8(static_cast<char>(26 - 128)));
        const __m128i low = _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20)));
        const __m128i zero = _mm_setzero_si128();
        const __m128i lo16 = _mm_unpacklo_epi8(low, zero);
        const __m128i hi16 = _mm_unpackhi_epi8(low, zero);
        for (auto dm = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
             dm != 0; dm &= dm - 1)
          note_dot(ws, w + lowest_bit(dm));
        auto* dst = reinterpret_cast<__m128i*>(mo + w);
        _mm_storeu_si128(dst, _mm_unpacklo_epi16(lo16, zero));
        _mm_storeu_si128(dst + 1, _mm_unpackhi_epi16(lo16, zero));
        _mm_storeu_si128(dst + 2, _mm_unpacklo_epi16(hi16, zero));
        _mm_storeu_si128(dst + 3, _mm_unpackhi_epi16(hi16, zero));
        store_offsets16(oo + w, pos);
        w += 16;
        pos += 16;
      }
      if (pos == n || (b = p[pos]) >= 0x80) continue;
#endif
      do {
        if (b == '.') note_dot(ws, w);
        mo[w] = b - 'A' < 26 ? b + 0x20 : b;
        oo[w] = pos;
        ++w;
        ++pos;
      } while (pos < n && (b = p[pos]) < 0x80);
      continue;
    }
    // Well-formed two- and three-byte sequences (Unicode section 3.9,
    // table 3-7) of plain code points are stored as they are.
    if (b >= 0xC2 && b <= 0xDF && pos + 1 < n && (p[pos + 1] & 0xC0) == 0x80) {
      const char32_t c = ((b & 0x1Fu) << 6) | (p[pos + 1] & 0x3Fu);
      if (ucd::idna_plain_kind(c) == 1) {
        ws.non_ascii = true;
        mo[w] = c;
        oo[w] = pos;
        ++w;
        pos += 2;
        continue;
      }
    } else if ((b & 0xF0) == 0xE0 && pos + 2 < n && (p[pos + 1] & 0xC0) == 0x80 &&
               (p[pos + 2] & 0xC0) == 0x80) {
      const char32_t c = ((b & 0x0Fu) << 12) | ((p[pos + 1] & 0x3Fu) << 6) | (p[pos + 2] & 0x3Fu);
      // Overlong forms (< U+0800) and surrogates are ill-formed; neither is
      // plain, so the plain test rejects both.
      if (c >= 0x800 && ucd::idna_plain_kind(c) == 1) {
        ws.non_ascii = true;
        mo[w] = c;
        oo[w] = pos;
        ++w;
        pos += 3;
        continue;
      }
    }
    // Plain R/AL/AN code points (two-byte: Hebrew, Arabic, ...) are stored
    // too, and listed for CheckBidi.
    if (b >= 0xC2 && b <= 0xDF && pos + 1 < n && (p[pos + 1] & 0xC0) == 0x80) {
      const char32_t c = ((b & 0x1Fu) << 6) | (p[pos + 1] & 0x3Fu);
      if (ucd::idna_plain_kind(c) == 2) {
        ws.non_ascii = true;
        ws.rtl.push_back(w);
        mo[w] = c;
        oo[w] = pos;
        ++w;
        pos += 2;
        continue;
      }
    }
    const std::size_t start = pos;
    char32_t c = 0;
    if (unicode::next_utf8(in, pos, c)) {
      slow(start, c);
      ensure_room(pos);
      continue;
    }
    ws.mapped.resize(w);
    ws.mapped_off.resize(w);
    add_error(ws, errc::invalid_utf8, start, 0, 0);
    slow(start, replacement_character);
    // Skip the lead byte and the continuation bytes that follow it.
    ++pos;
    for (int k = 0; k < 3 && pos < n && (p[pos] & 0xC0) == 0x80; ++k) ++pos;
    ensure_room(pos);
  }
  ws.mapped.resize(w);
  ws.mapped_off.resize(w);
}

void decode_and_map(workspace& ws, const options& opt, std::u16string_view in) {
  prepare(ws, in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char32_t u = in[i];
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < in.size() && in[i + 1] >= 0xDC00 &&
        in[i + 1] <= 0xDFFF) {
      map_code_point(ws, opt, 0x10000 + ((u - 0xD800) << 10) + (in[i + 1] - 0xDC00), i);
      ++i;
      continue;
    }
    if (unicode::is_surrogate(u)) {
      add_error(ws, errc::invalid_utf16, i, 0, u);
      map_code_point(ws, opt, replacement_character, i);
    } else {
      map_code_point(ws, opt, u, i);
    }
  }
}

void decode_and_map(workspace& ws, const options& opt, std::u32string_view in) {
  prepare(ws, in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char32_t c = in[i];
    if (!unicode::is_scalar_value(c)) {
      add_error(ws, errc::invalid_code_point, i, 0, c);
      map_code_point(ws, opt, replacement_character, i);
    } else {
      map_code_point(ws, opt, c, i);
    }
  }
}

// Source offset of a label's code point: exact when the label is the
// mapped text itself; after NFC, the offset of the same code point in the
// mapped label if there is one; for decoded Punycode, the label's offset.
// A label with many errors after NFC would make a scan per error quadratic,
// so the first offset of every code point of the mapped label is tabulated
// once (linear in the label) and looked up.
std::size_t offset_of(workspace& ws, const label_info& l, std::size_t i) {
  if (!l.in_text) return ws.mapped_off[l.begin + i];
  const std::size_t n = l.mapped_end - l.mapped_begin;
  if (n == 0) return l.src;  // decoded Punycode
  if (ws.offsets_label != l.mapped_begin) {
    ws.first_offset.clear();
    for (std::size_t k = 0; k < n; ++k)  // emplace keeps the first occurrence
      ws.first_offset.emplace(ws.mapped[l.mapped_begin + k], ws.mapped_off[l.mapped_begin + k]);
    ws.offsets_label = l.mapped_begin;
  }
  const auto it = ws.first_offset.find(ws.text[l.begin + i]);
  return it != ws.first_offset.end() ? it->second : l.src;
}

// ---------------------------------------------------------------------------
// UTS #46 section 4.1: Validity Criteria.

// One pass over a label in `text` (changed by NFC, or decoded Punycode),
// which the Map step did not see: sets all_plain (see note_code_point), rtl
// (for CheckBidi) and ascii_suspect, and returns whether it is all ASCII.
// (A label changed by NFC keeps the `ascii` the Map step gave it.)
bool scan_text_label(label_info& l, std::u32string_view s) {
  bool ascii = true;
  bool all_plain = true;
  bool rtl = false;
  bool suspect = false;
  for (const char32_t c : s) {
    if (c < 0x80) {
      if (!is_ldh_lower(c)) suspect = true;
      continue;
    }
    ascii = false;
    const unsigned kind = ucd::idna_plain_kind(c);
    if (kind == 2) {
      rtl = true;
    } else if (kind == 0) {
      all_plain = false;
      if (!rtl && detail::is_rtl(c)) rtl = true;
    }
  }
  l.all_plain = all_plain;
  l.rtl = rtl;
  l.ascii_suspect = suspect;
  l.rtl_known = true;
  return ascii;
}

void validate_label(workspace& ws, const options& opt, std::size_t index, bool transitional,
                    bool decoded_ace) {
  label_info& l = ws.labels[index];
  const std::u32string_view s = ws.view(l);
  const std::size_t n = s.size();
  const std::size_t marked_before = ws.marked.size();

  // A label in `text` was not seen by the Map step (scan_text_label).
  if (l.in_text && !l.rtl_known) scan_text_label(l, s);
  const bool all_plain = !l.in_text || l.all_plain;
  const bool ascii_suspect = opt.use_std3_ascii_rules || (l.in_text && l.ascii_suspect);

  // V1: the label must be in NFC.  Labels that were not ACE were just
  // normalized; only decoded Punycode can fail.  ASCII and plain code
  // points are NFC-stable, so only other labels need the check.
  if (decoded_ace && !l.ascii && !all_plain && !ucd::is_nfc(s))
    add_error(ws, errc::not_nfc, l.src, index);

  if (opt.check_hyphens) {
    // V2: no U+002D in both the third and fourth positions.
    if (n >= 4 && s[2] == '-' && s[3] == '-') add_error(ws, errc::hyphen_3_4, l.src, index);
    // V3: neither begin nor end with U+002D.
    if (n > 0 && s[0] == '-') add_error(ws, errc::leading_hyphen, l.src, index);
    if (n > 0 && s[n - 1] == '-') add_error(ws, errc::trailing_hyphen, l.src, index);
  }
  // V4: the label must not begin with "xn--".  Rev 35 states it for
  // CheckHyphens=false; with CheckHyphens=true such a label already fails
  // V2, and we report V4 as well (as the reference implementation and
  // IdnaTestV2.txt do), which never changes whether processing fails.
  if (starts_with_ace_prefix(s.data(), n)) add_error(ws, errc::ace_prefix, l.src, index);

  // V6: the label must not begin with a combining mark (General_Category=M).
  if (n > 0 && s[0] >= 0x80 && ucd::idna_plain_kind(s[0]) == 0 && ucd::is_mark(s[0]))
    add_error(ws, errc::leading_combining_mark, l.src, index, s[0]);

  // V5 (no U+002E), V7 (status valid, or deviation when nontransitional)
  // and UseSTD3ASCIIRules (U1).
  bool has_joiner = false;
  const auto check_code_point = [&](std::size_t i) {
    const char32_t c = s[i];
    if (c == 0x200C || c == 0x200D) has_joiner = true;
    const ucd::idna_status st = ucd::idna_lookup(c).status;
    if (st == ucd::idna_status::valid) return;
    if (st == ucd::idna_status::deviation && !transitional) return;
    add_error(ws, errc::disallowed, offset_of(ws, l, i), index, c);
    ws.marked.push_back({index, i});
  };
  // Only labels in `text` (not from the Map step, so they may hold A-Z or
  // U+002E) and UseSTD3ASCIIRules need the ASCII scan.
  if (ascii_suspect) {
    for (std::size_t i = 0; i < n; ++i) {
      const char32_t c = s[i];
      if (c >= 0x80 || is_ldh_lower(c)) continue;
      if (c == '.') {
        add_error(ws, errc::label_has_dot, offset_of(ws, l, i), index, c);
      } else if (is_ascii_upper(c)) {
        add_error(ws, errc::disallowed, offset_of(ws, l, i), index, c);  // status mapped
        ws.marked.push_back({index, i});
      } else if (opt.use_std3_ascii_rules) {
        // U1: ASCII other than a-z, 0-9 and U+002D.  Reported, never removed.
        add_error(ws, errc::std3_disallowed, offset_of(ws, l, i), index, c);
      }
    }
  }
  if (l.in_text) {
    // Plain code points are valid: no look-up.
    if (!all_plain)
      for (std::size_t i = 0; i < n; ++i)
        if (s[i] >= 0x80 && ucd::idna_plain_kind(s[i]) == 0) check_code_point(i);
  } else {
    // The label is the mapped text: only code points the Map step could
    // not vouch for need a look-up.
    auto it = std::lower_bound(ws.check.begin(), ws.check.end(), l.begin);
    for (; it != ws.check.end() && *it < l.end; ++it) check_code_point(*it - l.begin);
  }
  // Marks must be in label order, then index order; earlier labels' marks
  // are already in place, so only this label's need sorting.
  if (ws.marked.size() - marked_before > 1)
    std::sort(ws.marked.begin() + static_cast<std::ptrdiff_t>(marked_before), ws.marked.end(),
              [](const mark& x, const mark& y) { return x.index < y.index; });

  // V8 (CheckJoiners): RFC 5892 appendix A CONTEXTJ rules, C1 and C2.
  if (opt.check_joiners && has_joiner) {
    std::size_t i = detail::next_contextj_failure(s, 0);
    while (i != std::u32string_view::npos) {
      add_error(ws, errc::contextj, offset_of(ws, l, i), index, s[i],
                s[i] == 0x200C ? detail_c1 : detail_c2);
      i = detail::next_contextj_failure(s, i + 1);
    }
  }
}

// UTS #46 section 4 steps 2-4 for one label mapped[a, b).
// `ascii`: every code point of the label is below U+0080.
void convert_validate(workspace& ws, const options& opt, std::size_t a, std::size_t b,
                      bool ascii) {
  const std::size_t index = ws.labels.size();
  label_info l;
  l.src = a < ws.mapped_off.size() ? ws.mapped_off[a] : ws.input_length;
  l.mapped_begin = a;
  l.mapped_end = b;
  const std::u32string_view span(ws.mapped.data() + a, b - a);
  l.ascii = ascii;

  // Step 2, Normalize (NFC).  ASCII is always NFC, and so is a label whose
  // non-ASCII code points are all plain (none of them in `check`); a label
  // the quick check passes stays in place.
  const auto first_check = std::lower_bound(ws.check.begin(), ws.check.end(), a);
  const bool all_plain = first_check == ws.check.end() || *first_check >= b;
  if (ascii || all_plain || ucd::nfc_quick_check(span) == ucd::quick_check::yes) {
    l.begin = a;
    l.end = b;
  } else {
    l.in_text = true;
    l.begin = ws.text.size();
    ws.nfc_scratch.clear();
    ucd::nfc_append(span, ws.nfc_scratch);
    ws.text.append(ws.nfc_scratch.data(), ws.nfc_scratch.size());
    l.end = ws.text.size();
  }
  ws.labels.push_back(l);

  const std::u32string_view s = ws.view(l);
  if (!starts_with_ace_prefix(s.data(), s.size())) {
    // Step 4.2: validity criteria for the chosen processing.  An ASCII
    // label of the mapped text can only fail V2 and V3 (section 4.1): it
    // is NFC (V1), not ACE (V4), has no U+002E (V5), mark (V6) or joiner
    // (CheckJoiners), and the Map step left only valid ASCII (V7).  Without
    // UseSTD3ASCIIRules (U1) those two are all validate_label would check.
    if (ascii && !opt.use_std3_ascii_rules) {
      const std::size_t n = s.size();
      if (opt.check_hyphens && n > 0) {
        if (n >= 4 && s[2] == '-' && s[3] == '-') add_error(ws, errc::hyphen_3_4, l.src, index);
        if (s[0] == '-') add_error(ws, errc::leading_hyphen, l.src, index);
        if (s[n - 1] == '-') add_error(ws, errc::trailing_hyphen, l.src, index);
      }
      return;
    }
    validate_label(ws, opt, index, opt.transitional_processing, false);
    return;
  }
  // Step 4.1: the label starts with "xn--".
  // 4.1.1: a non-ASCII code point in an ACE label is an error (P4).
  if (!ascii) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] >= 0x80) {
        add_error(ws, errc::invalid_ace_label, offset_of(ws, l, i), index, s[i]);
        break;
      }
    }
    return;
  }
  // 4.1.2: decode the rest with Punycode (RFC 3492).  The decoded label is
  // never longer than its encoded form.  (An ASCII label is in `mapped`.)
  const std::size_t n = s.size();
  // The ASCII copy of the label after "xn--": on the stack for DNS-sized
  // labels.
  char small[256];
  char* ace = small;
  if (n - 4 > sizeof small) {
    ws.ace.resize(n - 4);
    ace = &ws.ace[0];
  }
  narrow_ascii(s.data() + 4, n - 4, ace);
  // A little slack past the longest possible result lets the decoder
  // work in place instead of through its own buffer.
  constexpr std::size_t slack = 32;
  const std::size_t at = ws.text.size();
  ws.text.resize(at + (n - 4) + slack);
  const bootstring::buffer_result r =
      punycode::decode(std::string_view(ace, n - 4), &ws.text[at], n - 4 + slack);
  if (!r.ok()) {
    ws.text.resize(at);
    // IgnoreInvalidPunycode: keep the label as it is, without an error.
    if (!opt.ignore_invalid_punycode) {
      const std::size_t k = std::min(r.status.offset + 4, n - 1);
      add_error(ws, r.status.code, offset_of(ws, l, k), index, r.status.code_point);
    }
    return;
  }
  // Replace the label by the decoded text.
  ws.text.resize(at + r.size);
  label_info& lr = ws.labels.back();
  lr.in_text = true;
  lr.begin = at;
  lr.end = at + r.size;
  const std::u32string_view dec = ws.view(lr);
  lr.ascii = scan_text_label(lr, dec);
  // 4.1.3: empty, or only ASCII: the encoding was not needed (P4).
  if (dec.empty() || lr.ascii) add_error(ws, errc::invalid_ace_label, lr.src, index);
  // 4.1.4: validity criteria for Nontransitional Processing.  Offsets of
  // decoded code points are the label's.
  lr.mapped_end = lr.mapped_begin;
  validate_label(ws, opt, index, false, true);
}

// Runs UTS #46 section 4 steps 2-4 over ws.mapped (step 1 ran while
// decoding); leaves the labels in ws.labels.
void process(workspace& ws, const options& opt, operation op) {
  // Step 3, Break at U+002E, with steps 2 and 4 per label.
  // The Map step recorded where the dots are.
  std::size_t a = 0;
  for (std::size_t k = 0; k < ws.dots.size(); ++k) {
    const std::size_t dot = ws.dots[k];
    convert_validate(ws, opt, a, dot, ws.dot_label_non_ascii[k] == 0);
    a = dot + 1;
  }
  convert_validate(ws, opt, a, ws.mapped.size(), !ws.non_ascii);

  const std::size_t count = ws.labels.size();
  // The final empty label after a trailing dot is the root label.
  const std::size_t checked =
      (count > 1 && ws.labels.back().begin == ws.labels.back().end) ? count - 1 : count;

  // V8 (CheckBidi): RFC 5893 section 2 on every label of a Bidi domain name
  // (one with an R, AL or AN character in any label).
  if (opt.check_bidi) {
    bool bidi_domain = false;
    for (const label_info& l : ws.labels) {
      if (l.ascii) continue;
      if (!l.in_text) {
        // In place: its R, AL and AN code points were listed by the Map step.
        const auto it = std::lower_bound(ws.rtl.begin(), ws.rtl.end(), l.begin);
        bidi_domain = it != ws.rtl.end() && *it < l.end;
      } else if (l.rtl_known) {
        bidi_domain = l.rtl;
      } else {
        for (char32_t c : ws.view(l)) {
          if (detail::is_rtl(c)) {
            bidi_domain = true;
            break;
          }
        }
      }
      if (bidi_domain) break;
    }
    if (bidi_domain) {
      for (std::size_t k = 0; k < checked; ++k) {
        const label_info& l = ws.labels[k];
        if (l.begin == l.end) continue;
        const unsigned failed = detail::bidi_rule_failures(ws.view(l));
        for (unsigned rule = 0; rule < 6; ++rule)
          if (failed & (1u << rule))
            add_error(ws, errc::bidi, l.src, k, 0, static_cast<std::uint8_t>(rule + 1));
      }
    }
  }

  // ToUnicode with VerifyDnsLength: an empty label other than the root label
  // (or an empty domain) is reported as X4_2, ToASCII's A4_2 counterpart.
  if (op == operation::to_unicode && opt.verify_dns_length) {
    for (std::size_t k = 0; k < checked; ++k) {
      const label_info& l = ws.labels[k];
      if (l.begin == l.end) add_error(ws, errc::empty_label, l.src, k, 0, detail_to_unicode);
    }
  }
}

// ---------------------------------------------------------------------------
// Output.

// UTS #46 section 4.3 ToUnicode: the processed labels joined by U+002E,
// with U+FFFD in place of the code points that failed V7 (and of ill-formed
// input).  Calls put(c) for each code point.
template <class Sink>
void emit_unicode(const workspace& ws, Sink&& put) {
  std::size_t next_mark = 0;
  const std::vector<mark>& marks = ws.marked;
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    if (k > 0) put(U'.');
    const std::u32string_view s = ws.view(ws.labels[k]);
    for (std::size_t i = 0; i < s.size(); ++i) {
      char32_t c = s[i];
      if (next_mark < marks.size() && marks[next_mark].label == k && marks[next_mark].index == i) {
        c = replacement_character;
        ++next_mark;
      }
      put(c);
    }
  }
}

// ToUnicode output as UTF-8 at p, which has room for it (see
// unicode_utf8_size); returns the end.
char* write_unicode_utf8(const workspace& ws, char* p) {
  if (!ws.marked.empty()) {
    emit_unicode(ws, [&](char32_t c) { p += unicode::put_utf8(c, p); });
    return p;
  }
  // No U+FFFD marks (the common case): ASCII labels are copied byte by byte.
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    if (k > 0) *p++ = '.';
    const label_info& l = ws.labels[k];
    const std::u32string_view s = ws.view(l);
    if (l.ascii) {
      narrow_ascii(s.data(), s.size(), p);
      p += s.size();
    } else {
      for (const char32_t c : s) p += unicode::put_utf8(c, p);
    }
  }
  return p;
}

// The exact size of write_unicode_utf8's output.
std::size_t unicode_utf8_size(const workspace& ws) {
  std::size_t size = ws.labels.empty() ? 0 : ws.labels.size() - 1;  // the dots
  for (const label_info& l : ws.labels) {
    const std::u32string_view s = ws.view(l);
    if (l.ascii) {
      size += s.size();
      continue;
    }
    for (const char32_t c : s) size += unicode::utf8_length(c);
  }
  // Each mark replaces one code point by U+FFFD (3 bytes).
  for (const mark& m : ws.marked)
    size = size - unicode::utf8_length(ws.view(ws.labels[m.label])[m.index]) + 3;
  return size;
}

// An upper bound of write_unicode_utf8's output: 4 bytes per code point,
// and the dots.
std::size_t unicode_utf8_worst_size(const workspace& ws) {
  std::size_t cps = 0;
  for (const label_info& l : ws.labels) cps += l.end - l.begin;
  return 4 * cps + ws.labels.size();
}

// ToUnicode output as UTF-8, appended to `out`: sized once for the worst
// case, written in one pass, then trimmed.
void emit_unicode_utf8(const workspace& ws, std::string& out) {
  const std::size_t start = out.size();
  out.resize(start + unicode_utf8_worst_size(ws));
  char* const base = &out[0];
  out.resize(static_cast<std::size_t>(write_unicode_utf8(ws, base + start) - base));
}

// UTS #46 section 4.2 ToASCII steps 2-4 (step 1 is process()).  Appends to
// `out` and records A3 / A4_1 / A4_2.  `out` is sized once to a guess and
// written through a pointer (std::string's own append and resize are out
// of line); a label that does not fit grows it.
void emit_ascii(workspace& ws, const options& opt, std::string& out) {
  const std::size_t start = out.size();
  const std::size_t count = ws.labels.size();
  // ASCII labels copy 1:1; a Punycode label is usually shorter than 4 bytes
  // per code point, plus "xn--" and the dot.
  std::size_t pos = start;
  out.resize(start + 4 * ws.mapped.size() + 8 * count + 16);
  const auto room = [&](std::size_t need) {
    if (out.size() - pos < need) out.resize(pos + need + out.size());
  };
  for (std::size_t k = 0; k < count; ++k) {
    const label_info& l = ws.labels[k];
    const std::u32string_view s = ws.view(l);
    room(s.size() + 1);
    if (k > 0) out[pos++] = '.';
    const std::size_t label_start = pos;
    if (l.ascii) {
      narrow_ascii(s.data(), s.size(), &out[pos]);
      pos += s.size();
    } else {
      // Step 3: Punycode with the "xn--" prefix, encoded in place.
      for (;;) {
        room(4);
        const bootstring::buffer_result r =
            punycode::encode(s, &out[pos + 4], out.size() - pos - 4);
        if (r.ok()) {
          std::memcpy(&out[pos], "xn--", 4);
          pos += 4 + r.size;
          break;
        }
        if (r.status.code != errc::buffer_too_small || r.status.needed == 0) {
          add_error(ws, errc::punycode_encode_failed, l.src, k, 0);
          break;
        }
        room(4 + r.status.needed);
      }
      if (pos == label_start) {
        // A3: keep the label as UTF-8 in the best-effort string.
        room(4 * s.size());
        for (char32_t c : s)
          pos += unicode::put_utf8(unicode::is_scalar_value(c) ? c : replacement_character, &out[pos]);
      }
    }
    if (ws.trace_label_ends) ws.trace_label_ends->push_back(pos);
    // Step 4.2 (VerifyDnsLength): every label, the root label included, is
    // 1 to 63 bytes long.
    if (opt.verify_dns_length) {
      const std::size_t len = pos - label_start;
      if (len == 0) add_error(ws, errc::empty_label, l.src, k);
      else if (len > 63) add_error(ws, errc::label_too_long, l.src, k);
    }
  }
  out.resize(pos);
  // Step 4.1 (VerifyDnsLength): 1 to 253 bytes without the root label and
  // its dot.
  if (opt.verify_dns_length) {
    std::size_t len = out.size() - start;
    if (count > 1 && ws.labels.back().begin == ws.labels.back().end) --len;
    if (len < 1 || len > 253) add_error(ws, errc::domain_too_long, 0, 0);
  }
}

// Source offset of ASCII code point `c`, found in output label `label`
// after UTS #46 processing: its first occurrence in the label's mapped text
// (Punycode keeps the basic code points in order, so the first forbidden
// one in the output is the first in the label), else the label's start.
std::size_t source_offset_of_ascii(const workspace& ws, std::size_t label, char32_t c) {
  if (label >= ws.labels.size()) return 0;
  const label_info& l = ws.labels[label];
  for (std::size_t k = l.mapped_begin; k < l.mapped_end; ++k)
    if (ws.mapped[k] == c) return ws.mapped_off[k];
  return l.src;
}

// The URL Standard's extra failure conditions for beStrict=false: an empty
// result and forbidden domain code points.  `processed`: `ascii` is the
// output of UTS #46 processing (offsets are found through ws.labels), not
// the caller's input lowercased.
void url_checks(workspace& ws, std::string_view ascii, bool processed) {
  if (ascii.empty()) {
    add_error(ws, errc::empty_label, 0, 0);
    return;
  }
  std::size_t label = 0;
  for (std::size_t i = 0; i < ascii.size(); ++i) {
    const auto c = static_cast<unsigned char>(ascii[i]);
    if (c == '.') ++label;
    if (is_forbidden_domain_code_point(c)) {
      add_error(ws, errc::forbidden_domain_code_point,
                processed ? source_offset_of_ascii(ws, label, c) : i, label, c);
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Fast path: ASCII letters, digits, hyphens and dots, no "xn--" label, and
// nothing the enabled checks would reject.  Returns true when the result is
// the input lowercased.

template <class CharT>
bool fast_path_applies(const CharT* in, std::size_t n, const options& opt, operation op) {
  std::size_t label_start = 0;
  std::size_t labels = 0;
  std::size_t last_len = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    if (i < n) {
      const auto c = static_cast<std::uint32_t>(in[i]);
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') continue;
      if (c >= 'A' && c <= 'Z') continue;
      if (c != '.') return false;
    }
    // Label in[label_start, i).
    const std::size_t len = i - label_start;
    const CharT* p = in + label_start;
    if (len >= 4 && (p[0] == 'x' || p[0] == 'X') && (p[1] == 'n' || p[1] == 'N') &&
        p[2] == '-' && p[3] == '-')
      return false;  // ACE label: needs decoding and validation
    if (opt.check_hyphens && len > 0 &&
        (p[0] == '-' || p[len - 1] == '-' || (len >= 4 && p[2] == '-' && p[3] == '-')))
      return false;
    if (opt.verify_dns_length && len > 63) return false;
    if (opt.verify_dns_length && len == 0) {
      // ToASCII rejects every empty label; ToUnicode every one but the root.
      if (op == operation::to_ascii || i < n || labels == 0) return false;
    }
    ++labels;
    last_len = len;
    label_start = i + 1;
  }
  if (opt.verify_dns_length && op == operation::to_ascii) {
    const std::size_t len = (labels > 1 && last_len == 0) ? n - 1 : n;
    if (len < 1 || len > 253) return false;
  }
  return true;
}

// The same decision for the default-like options (no VerifyDnsLength) on
// UTF-8 input of at most 64 bytes, in one pass that also writes the
// lowercased result to out[0, n).  Each byte is classified into 64-bit
// masks (bit i = byte i): not LDH-or-dot, '.', '-'; the label rules of the
// loop above then become a few mask operations:
//   label starts = bit 0 and every bit after a dot, label ends = bit n-1
//   and every bit before a dot;
//   V3 (CheckHyphens): no hyphen at a start or an end;
//   V2 / ACE prefix: a hyphen at start+2 followed by a hyphen at start+3
//   sends the domain to the full pipeline ("xn--" labels are decoded there,
//   "ab--" fails V2 there), whatever CheckHyphens says.
// `out` may be written even when the answer is false: the caller then runs
// the full pipeline, which rewrites it.
constexpr std::size_t mask_fast_max = 64;

struct ascii_masks {
  std::uint64_t bad = 0;  // not a-z, A-Z, 0-9, '-' or '.'
  std::uint64_t dot = 0;
  std::uint64_t hyphen = 0;
};

#if defined(__SSE2__)
struct block_masks {
  unsigned bad, dot, hyphen;  // one bit per byte lane
};

// Byte lanes of v in [lo, lo + len): (v - lo) mod 256 is below len exactly
// then; flipping the top bit turns that unsigned test into a signed one.
inline __m128i in_range(__m128i v, char lo, int len) noexcept {
  const __m128i x = _mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x80 - lo)));
  return _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(len - 128)));
}

// Classifies 16 bytes and returns them lowercased.  A letter of either case
// is a lane whose value with bit 0x20 set is in a-z; setting that bit on
// every letter lowercases it.
PUNY_ALWAYS_INLINE __m128i classify16(__m128i v, block_masks& m) noexcept {
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const __m128i letter = in_range(_mm_or_si128(v, bit5), 'a', 26);
  const __m128i digit = in_range(v, '0', 10);
  const __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
  const __m128i hyphen = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
  const __m128i ok = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(dot, hyphen));
  m.bad = static_cast<unsigned>(_mm_movemask_epi8(ok)) ^ 0xFFFFu;
  m.dot = static_cast<unsigned>(_mm_movemask_epi8(dot));
  m.hyphen = static_cast<unsigned>(_mm_movemask_epi8(hyphen));
  return _mm_or_si128(v, _mm_and_si128(letter, bit5));
}

inline std::uint64_t load8(const char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}
inline std::uint32_t load4(const char* p) noexcept {
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  return x;
}

// Masks of in[0, n) and the lowercased bytes in out[0, n), never touching
// a byte outside either range.  Lengths that are not a multiple of the
// block size are covered by two overlapping loads: a byte seen twice gets
// the same bits at the same position, so OR-ing is harmless.
PUNY_ALWAYS_INLINE void classify(const char* in, std::size_t n, char* out, ascii_masks& m) noexcept {
  block_masks b;
  const auto add = [&m](const block_masks& x, unsigned keep, std::size_t at) {
    m.bad |= static_cast<std::uint64_t>(x.bad & keep) << at;
    m.dot |= static_cast<std::uint64_t>(x.dot & keep) << at;
    m.hyphen |= static_cast<std::uint64_t>(x.hyphen & keep) << at;
  };
  if (n >= 16) {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
      const __m128i low = classify16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i)), b);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), low);
      add(b, 0xFFFFu, i);
    }
    if (i < n) {
      const __m128i low =
          classify16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + n - 16)), b);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16), low);
      add(b, 0xFFFFu, n - 16);
    }
  } else if (n >= 8) {
    // Lanes 0-7: in[0, 8); lanes 8-15: in[n-8, n).
    const auto lo = static_cast<long long>(load8(in));
    const auto hi = static_cast<long long>(load8(in + n - 8));
    const __m128i low = classify16(_mm_set_epi64x(hi, lo), b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), low);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + n - 8), _mm_srli_si128(low, 8));
    add(b, 0xFFu, 0);
    block_masks h{b.bad >> 8, b.dot >> 8, b.hyphen >> 8};
    add(h, 0xFFu, n - 8);
  } else if (n >= 4) {
    // Lanes 0-3: in[0, 4); lanes 4-7: in[n-4, n).
    const __m128i v = _mm_set_epi32(0, 0, static_cast<int>(load4(in + n - 4)),
                                    static_cast<int>(load4(in)));
    const __m128i low = classify16(v, b);
    const auto w = static_cast<std::uint64_t>(_mm_cvtsi128_si64(low));
    const auto w0 = static_cast<std::uint32_t>(w);
    const auto w1 = static_cast<std::uint32_t>(w >> 32);
    std::memcpy(out, &w0, 4);
    std::memcpy(out + n - 4, &w1, 4);
    add(b, 0xFu, 0);
    block_masks h{b.bad >> 4, b.dot >> 4, b.hyphen >> 4};
    add(h, 0xFu, n - 4);
  } else {
    char tin[16] = {};
    for (std::size_t i = 0; i < n; ++i) tin[i] = in[i];
    const __m128i low = classify16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(tin)), b);
    char tout[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(tout), low);
    for (std::size_t i = 0; i < n; ++i) out[i] = tout[i];
    add(b, (1u << n) - 1, 0);
  }
}
#else
PUNY_ALWAYS_INLINE void classify(const char* in, std::size_t n, char* out, ascii_masks& m) noexcept {
  for (std::size_t j = 0; j < n; ++j) {
    const auto c = static_cast<unsigned char>(in[j]);
    const auto lc = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 0x20 : c);
    out[j] = static_cast<char>(lc);
    const std::uint64_t bit = std::uint64_t{1} << j;
    if (c == '.') m.dot |= bit;
    else if (c == '-') m.hyphen |= bit;
    else if (!((lc >= 'a' && lc <= 'z') || (c >= '0' && c <= '9'))) m.bad |= bit;
  }
}
#endif

// Precondition: n <= mask_fast_max, !opt.verify_dns_length.
PUNY_ALWAYS_INLINE bool ascii_fast_path(const char* in, std::size_t n, char* out,
                                        const options& opt, ascii_masks& m) noexcept {
  if (n == 0) return true;
  classify(in, n, out, m);
  if (m.bad) return false;
  const std::uint64_t starts = (m.dot << 1) | 1u;  // bit n (a final empty label) is harmless
  if ((starts << 2) & m.hyphen & (m.hyphen >> 1)) return false;
  if (opt.check_hyphens) {
    const std::uint64_t ends = (m.dot >> 1) | (std::uint64_t{1} << (n - 1));
    if (m.hyphen & (starts | ends)) return false;
  }
  return true;
}

PUNY_ALWAYS_INLINE bool ascii_fast_path(const char* in, std::size_t n, char* out,
                                        const options& opt) noexcept {
  ascii_masks m;
  return ascii_fast_path(in, n, out, opt, m);
}

// Section 4 step 1 for input the fast path classified as only ASCII
// letters, digits, hyphens and dots (but that failed a label rule, e.g. an
// xn-- label): the same result as decode_and_map, built from the already
// lowercased bytes `low` (readable for 16 bytes past n) and the dot mask.
void map_ldh_ascii(workspace& ws, const char* low, std::size_t n, std::uint64_t dots) {
  prepare(ws, n);
  ws.mapped.resize(n + 16);  // whole 16-byte blocks are written
  ws.mapped_off.resize(n + 16);
  char32_t* mo = ws.mapped.data();
  std::size_t* oo = ws.mapped_off.data();
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (std::size_t i = 0; i < n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(low + i));
    const __m128i lo16 = _mm_unpacklo_epi8(v, zero);
    const __m128i hi16 = _mm_unpackhi_epi8(v, zero);
    auto* dst = reinterpret_cast<__m128i*>(mo + i);
    _mm_storeu_si128(dst, _mm_unpacklo_epi16(lo16, zero));
    _mm_storeu_si128(dst + 1, _mm_unpackhi_epi16(lo16, zero));
    _mm_storeu_si128(dst + 2, _mm_unpacklo_epi16(hi16, zero));
    _mm_storeu_si128(dst + 3, _mm_unpackhi_epi16(hi16, zero));
    store_offsets16(oo + i, i);
  }
#else
  for (std::size_t i = 0; i < n; ++i) {
    mo[i] = static_cast<unsigned char>(low[i]);
    oo[i] = i;
  }
#endif
  ws.mapped.resize(n);
  ws.mapped_off.resize(n);
  for (; dots != 0; dots &= dots - 1) {
#if defined(__GNUC__)
    note_dot(ws, static_cast<std::size_t>(__builtin_ctzll(dots)));
#else
    std::size_t bit = 0;
    while (!((dots >> bit) & 1u)) ++bit;
    note_dot(ws, bit);
#endif
  }
}

constexpr char lower_ascii(std::uint32_t c) noexcept {
  return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 0x20 : c);
}

template <class CharT>
bool all_ascii(const CharT* in, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (static_cast<std::uint32_t>(in[i]) >= 0x80) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Drivers.

void finish_first(workspace& ws, status& first) {
  if (ws.errors.size() > 1) sort_errors(ws);
  first = ws.errors.empty() ? status{} : ws.errors.front();
}

// ToASCII into `out` (appended).  Returns the first error; `out` holds the
// best-effort result either way.
template <class CharT>
status to_ascii_core(workspace& ws, std::basic_string_view<CharT> domain, const options& opt,
                     std::string& out, bool try_fast = true) {
  const CharT* in = domain.data();
  const std::size_t n = domain.size();
  // URL Standard, beStrict=false (whatwg/url#914): an ASCII domain is
  // lowercased and returned without UTS #46 processing; it fails only when
  // empty or holding a forbidden domain code point.
  if (opt.url_ascii_fast_pass && all_ascii(in, n)) {
    const std::size_t start = out.size();
    for (std::size_t i = 0; i < n; ++i) out.push_back(lower_ascii(static_cast<std::uint32_t>(in[i])));
    url_checks(ws, std::string_view(out.data() + start, out.size() - start), false);
    status first;
    finish_first(ws, first);
    return first;
  }
  if (try_fast && fast_path_applies(in, n, opt, operation::to_ascii)) {
    for (std::size_t i = 0; i < n; ++i) out.push_back(lower_ascii(static_cast<std::uint32_t>(in[i])));
    return {};
  }
  decode_and_map(ws, opt, domain);
  process(ws, opt, operation::to_ascii);
  const std::size_t start = out.size();
  emit_ascii(ws, opt, out);
  if (opt.url_ascii_fast_pass && ws.errors.empty())
    url_checks(ws, std::string_view(out.data() + start, out.size() - start), true);
  status first;
  finish_first(ws, first);
  return first;
}

// Output writers for ToUnicode, one per output string type.
void put_fast(std::string& out, const char* in, std::size_t n) {
  const std::size_t pos = out.size();
  out.resize(pos + n);
  for (std::size_t i = 0; i < n; ++i) out[pos + i] = lower_ascii(static_cast<unsigned char>(in[i]));
}
template <class CharT, class OutChar>
void put_fast(std::basic_string<OutChar>& out, const CharT* in, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(static_cast<OutChar>(lower_ascii(static_cast<std::uint32_t>(in[i]))));
}
void put_processed(const workspace& ws, std::string& out) { emit_unicode_utf8(ws, out); }
void put_processed(const workspace& ws, std::u16string& out) {
  emit_unicode(ws, [&](char32_t c) {
    if (c < 0x10000) {
      out.push_back(static_cast<char16_t>(c));
    } else {
      out.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
    }
  });
}
void put_processed(const workspace& ws, std::u32string& out) {
  emit_unicode(ws, [&](char32_t c) { out.push_back(c); });
}

// ToUnicode into `out` (appended); returns the first error.
template <class CharT, class Out>
status to_unicode_core(workspace& ws, std::basic_string_view<CharT> domain, const options& opt,
                       Out& out, bool try_fast = true) {
  const CharT* in = domain.data();
  const std::size_t n = domain.size();
  if (try_fast && fast_path_applies(in, n, opt, operation::to_unicode)) {
    put_fast(out, in, n);
    return {};
  }
  decode_and_map(ws, opt, domain);
  process(ws, opt, operation::to_unicode);
  put_processed(ws, out);
  status first;
  finish_first(ws, first);
  return first;
}

report make_report(workspace& ws, const status& first) {
  report r;
  r.first = first;
  r.all = ws.errors;
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------
// Public API.

std::string_view uts46_code(const status& s) noexcept {
  switch (s.code) {
    case errc::disallowed: return "V7";
    case errc::std3_disallowed: return "U1";
    case errc::invalid_ace_label:
    case errc::non_basic_before_delimiter:
    case errc::invalid_digit:
    case errc::truncated_number:
    case errc::overflow:
    case errc::decoded_out_of_range:
      return "P4";
    case errc::not_nfc: return "V1";
    case errc::hyphen_3_4: return "V2";
    case errc::leading_hyphen:
    case errc::trailing_hyphen:
      return "V3";
    case errc::ace_prefix: return "V4";
    case errc::label_has_dot: return "V5";
    case errc::leading_combining_mark: return "V6";
    case errc::contextj: return s.detail == detail_c2 ? "C2" : "C1";
    case errc::bidi:
      switch (s.detail) {
        case 1: return "B1";
        case 2: return "B2";
        case 3: return "B3";
        case 4: return "B4";
        case 5: return "B5";
        case 6: return "B6";
        default: return "B1";
      }
    case errc::empty_label: return s.detail == detail_to_unicode ? "X4_2" : "A4_2";
    case errc::label_too_long: return "A4_2";
    case errc::domain_too_long: return "A4_1";
    case errc::punycode_encode_failed: return "A3";
    default: return {};
  }
}

result<std::string> to_ascii(std::string_view domain, const options& opt) {
  result<std::string> r;
  if (!opt.url_ascii_fast_pass && !opt.verify_dns_length && domain.size() <= mask_fast_max) {
    char buf[mask_fast_max];
    if (ascii_fast_path(domain.data(), domain.size(), buf, opt)) {
      r.value.assign(buf, domain.size());
      return r;
    }
    workspace& ws = local_workspace();
    r.status = to_ascii_core(ws, domain, opt, r.value, false);
    if (!r.ok()) r.value.clear();
    return r;
  }
  workspace& ws = local_workspace();
  r.status = to_ascii_core(ws, domain, opt, r.value);
  if (!r.ok()) r.value.clear();
  return r;
}

namespace {

// ToASCII for UTF-16 and UTF-32 input: no fast path of its own (the core's
// handles ASCII), and no output on failure.
template <class CharT>
result<std::string> to_ascii_wide(std::basic_string_view<CharT> domain, const options& opt) {
  workspace& ws = local_workspace();
  result<std::string> r;
  r.status = to_ascii_core(ws, domain, opt, r.value);
  if (!r.ok()) r.value.clear();
  return r;
}

}  // namespace

result<std::string> to_ascii(std::u16string_view domain, const options& opt) {
  return to_ascii_wide(domain, opt);
}

result<std::string> to_ascii(std::u32string_view domain, const options& opt) {
  return to_ascii_wide(domain, opt);
}

namespace {

// Whether ToUnicode of UTF-8 input may try the ASCII fast path.  With
// VerifyDnsLength, empty labels are reported differently in ToUnicode (X4_2):
// that case stays with the general fast path check.
bool unicode_fast_path_applies(std::string_view domain, const options& opt) {
  return !opt.verify_dns_length && domain.size() <= mask_fast_max;
}

// ToUnicode of UTF-8 input once the ASCII fast path has said no: runs
// section 4 steps 1-4 into `ws` and returns the first error, or sets
// `lowercase_only` when the general fast path check finds that the result
// is the input with ASCII letters lowercased.  `low` and `m` are the ASCII
// fast path's lowercased bytes (readable 16 bytes past the input's length)
// and masks, or null when it did not run.
status unicode_steps(workspace& ws, std::string_view domain, const options& opt, const char* low,
                     const ascii_masks* m, bool& lowercase_only) {
  lowercase_only = false;
  if (m != nullptr && m->bad == 0) {
    // Letters, digits, hyphens and dots only (typically xn-- labels):
    // step 1 is the lowercasing the fast path already did.
    map_ldh_ascii(ws, low, domain.size(), m->dot);
  } else if (m == nullptr &&
             fast_path_applies(domain.data(), domain.size(), opt, operation::to_unicode)) {
    lowercase_only = true;
    return {};
  } else {
    decode_and_map(ws, opt, domain);
  }
  process(ws, opt, operation::to_unicode);
  status first;
  finish_first(ws, first);
  return first;
}

// ToUnicode of UTF-8 input up to its output, for both output forms: the
// ASCII fast path (the lowercased input is then in `low`, which has room for
// mask_fast_max + 16 bytes and is zeroed), else the section 4 steps.
struct unicode_run {
  bool fast_ascii = false;      // the result is low[0, input size)
  bool lowercase_only = false;  // the result is the input, ASCII lowercased
  workspace* ws = nullptr;      // otherwise: write_unicode_utf8(*ws, ...)
  status first;
};

unicode_run run_to_unicode(std::string_view domain, const options& opt, char* low) {
  unicode_run run;
  ascii_masks m;
  const bool fast = unicode_fast_path_applies(domain, opt);
  if (fast && ascii_fast_path(domain.data(), domain.size(), low, opt, m)) {
    run.fast_ascii = true;
    return run;
  }
  run.ws = &local_workspace();
  run.first = unicode_steps(*run.ws, domain, opt, fast ? low : nullptr, fast ? &m : nullptr,
                            run.lowercase_only);
  return run;
}

}  // namespace

result<std::string> to_unicode(std::string_view domain, const options& opt) {
  result<std::string> r;
  char low[mask_fast_max + 16] = {};
  const unicode_run run = run_to_unicode(domain, opt, low);
  r.status = run.first;
  if (run.fast_ascii)
    r.value.assign(low, domain.size());
  else if (run.lowercase_only)
    put_fast(r.value, domain.data(), domain.size());
  else
    emit_unicode_utf8(*run.ws, r.value);
  return r;
}

namespace {

// ToUnicode for UTF-16 and UTF-32 input, output in the same encoding.
template <class CharT>
result<std::basic_string<CharT>> to_unicode_wide(std::basic_string_view<CharT> domain,
                                                 const options& opt) {
  workspace& ws = local_workspace();
  result<std::basic_string<CharT>> r;
  r.value.reserve(domain.size());
  r.status = to_unicode_core(ws, domain, opt, r.value);
  return r;
}

}  // namespace

result<std::u16string> to_unicode(std::u16string_view domain, const options& opt) {
  return to_unicode_wide(domain, opt);
}

result<std::u32string> to_unicode(std::u32string_view domain, const options& opt) {
  return to_unicode_wide(domain, opt);
}

detailed to_ascii_detailed(std::string_view domain, const options& opt) {
  workspace& ws = local_workspace();
  detailed d;
  const status first = to_ascii_core(ws, domain, opt, d.best_effort);
  d.errors = make_report(ws, first);
  if (first.ok()) d.output = d.best_effort;
  return d;
}

detailed to_unicode_detailed(std::string_view domain, const options& opt) {
  workspace& ws = local_workspace();
  detailed d;
  const status first = to_unicode_core(ws, domain, opt, d.best_effort);
  d.errors = make_report(ws, first);
  if (first.ok()) d.output = d.best_effort;
  return d;
}

namespace {

status buffer_too_small(std::size_t needed) {
  status s;
  s.code = errc::buffer_too_small;
  s.needed = needed;
  return s;
}

// The caller-buffer to_ascii beyond its inlined fast path; kept out of line
// so that the fast path needs no stack frame.
PUNY_NOINLINE status to_ascii_buffer_slow(std::string_view domain, char* out,
                                          std::size_t capacity, std::size_t& written,
                                          const options& opt) {
  const std::size_t n = domain.size();
  if (!opt.url_ascii_fast_pass) {
    if (!opt.verify_dns_length && n <= mask_fast_max) {
      // Only reached here when it does not fit, or does not apply.
      char scratch[mask_fast_max];
      if (n > capacity && ascii_fast_path(domain.data(), n, scratch, opt))
        return buffer_too_small(n);
    } else if (fast_path_applies(domain.data(), n, opt, operation::to_ascii)) {
      if (n > capacity) return buffer_too_small(n);
      for (std::size_t i = 0; i < n; ++i) out[i] = lower_ascii(static_cast<unsigned char>(domain[i]));
      written = n;
      return {};
    }
  }
  workspace& ws = local_workspace();
  ws.out8.clear();
  // The fast paths above already said no (the URL family's ASCII pass is
  // in to_ascii_core, before the fast path it skips here).
  const status first = to_ascii_core(ws, domain, opt, ws.out8, false);
  if (!first.ok()) return first;
  if (ws.out8.size() > capacity) return buffer_too_small(ws.out8.size());
  if (!ws.out8.empty()) std::memcpy(out, ws.out8.data(), ws.out8.size());
  written = ws.out8.size();
  return {};
}

}  // namespace

status to_ascii(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                const options& opt) {
  written = 0;
  // Fast path straight into the caller's buffer: no allocation, no
  // workspace.
  const std::size_t n = domain.size();
  if (n <= capacity && n <= mask_fast_max && !opt.url_ascii_fast_pass && !opt.verify_dns_length &&
      ascii_fast_path(domain.data(), n, out, opt)) {
    written = n;
    return {};
  }
  return to_ascii_buffer_slow(domain, out, capacity, written, opt);
}

status to_unicode(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                  const options& opt) {
  written = 0;
  const std::size_t n = domain.size();
  char low[mask_fast_max + 16] = {};
  const unicode_run run = run_to_unicode(domain, opt, low);
  if (run.fast_ascii || run.lowercase_only) {
    if (n > capacity) return buffer_too_small(n);
    if (run.fast_ascii) {
      if (n != 0) std::memcpy(out, low, n);
    } else {
      for (std::size_t i = 0; i < n; ++i) out[i] = lower_ascii(static_cast<unsigned char>(domain[i]));
    }
    written = n;
    return run.first;
  }
  // Straight into the caller's buffer: at once when it has room for the
  // worst case (4 bytes per code point), else once the exact size is known.
  const workspace& ws = *run.ws;
  if (capacity < unicode_utf8_worst_size(ws)) {
    const std::size_t size = unicode_utf8_size(ws);
    if (size > capacity) return buffer_too_small(size);
  }
  written = static_cast<std::size_t>(write_unicode_utf8(ws, out) - out);
  return run.first;
}

// ---------------------------------------------------------------------------
// Tracing: the same stages as to_ascii_core, minus the fast paths, with the
// intermediate results kept.

trace explain_to_ascii(std::string_view domain, const options& opt) {
  trace t;
  workspace& ws = local_workspace();
  // Step 1, one code point at a time, so each mapping can be recorded.
  prepare(ws, domain.size());
  std::size_t pos = 0;
  bool well_formed = true;
  while (pos < domain.size()) {
    const std::size_t start = pos;
    char32_t c = 0;
    if (!unicode::next_utf8(domain, pos, c)) {
      well_formed = false;
      break;
    }
    const std::size_t before = ws.mapped.size();
    map_code_point(ws, opt, c, start);
    const std::u32string_view produced(ws.mapped.data() + before, ws.mapped.size() - before);
    std::string_view status_name;
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z') status_name = "mapped";
    } else {
      switch (ucd::idna_lookup(c).status) {
        case ucd::idna_status::valid: break;
        case ucd::idna_status::ignored: status_name = "ignored"; break;
        case ucd::idna_status::mapped: status_name = "mapped"; break;
        case ucd::idna_status::deviation: status_name = "deviation"; break;
        case ucd::idna_status::disallowed: status_name = "disallowed"; break;
      }
    }
    if (!status_name.empty())
      t.mappings.push_back({start, c, status_name, std::u32string(produced)});
  }
  if (!well_formed) {
    // Ill-formed UTF-8: fall back to the ordinary decoder, which reports it.
    ws.reset();
    decode_and_map(ws, opt, domain);
  }
  t.mapped.assign(ws.mapped.data(), ws.mapped.size());
  std::vector<std::size_t> label_ends;
  ws.trace_label_ends = &label_ends;
  process(ws, opt, operation::to_ascii);
  std::string out;
  emit_ascii(ws, opt, out);
  ws.trace_label_ends = nullptr;

  // Step 2 as a whole string: NFC per label joined by the dots.
  std::size_t a = 0;
  for (std::size_t i = 0; i <= ws.mapped.size(); ++i) {
    if (i < ws.mapped.size() && ws.mapped[i] != '.') continue;
    if (a > 0) t.normalized.push_back('.');
    t.normalized += ucd::nfc(std::u32string_view(ws.mapped.data() + a, i - a));
    a = i + 1;
  }
  std::size_t ascii_start = 0;
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    const label_info& l = ws.labels[k];
    trace::label lt;
    const std::size_t end = k < label_ends.size() ? label_ends[k] : out.size();
    lt.ascii = out.substr(ascii_start, end - ascii_start);
    ascii_start = end + 1;
    // The label as NFC left it: ACE labels were replaced by their decoding.
    std::size_t count = 0, label_start = 0;
    for (std::size_t i = 0; i <= t.normalized.size() && count <= k; ++i) {
      if (i < t.normalized.size() && t.normalized[i] != '.') continue;
      if (count == k) lt.text = t.normalized.substr(label_start, i - label_start);
      ++count;
      label_start = i + 1;
    }
    lt.ace = starts_with_ace_prefix(lt.text.data(), lt.text.size());
    if (lt.ace && l.in_text && l.mapped_begin == l.mapped_end) lt.decoded = std::u32string(ws.view(l));
    t.labels.push_back(std::move(lt));
  }
  status first;
  finish_first(ws, first);
  for (const status& e : ws.errors) {
    if (e.code == errc::domain_too_long || e.label >= t.labels.size())
      t.domain_errors.push_back(e);
    else
      t.labels[e.label].errors.push_back(e);
  }
  t.result.best_effort = out;
  if (first.ok()) t.result.output = out;
  t.result.errors = make_report(ws, first);
  return t;
}

}  // namespace puny::idna

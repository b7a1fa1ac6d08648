// The state the UTS #46 stages share: one workspace per thread, reused
// across calls so that steady-state calls allocate only their output.
//
// Who writes what (src/idna/stages.hpp lists the stage functions):
//   map.cpp       (section 4 step 1)   mapped, mapped_off, check, rtl, dots
//   convert.cpp   (steps 2-4)          labels, text, nfc_scratch, ace
//   validate.cpp  (section 4.1)        errors, marked (via add_error)
//   emit.cpp      (sections 4.2, 4.3)  reads everything; A3/A4 errors
// A new Unicode version changes none of this (the tables are behind
// src/unicode/ucd.hpp); a new output encoding touches emit only.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"

namespace puny::idna::detail {

constexpr char32_t replacement_character = 0xFFFD;

// Status detail values (see idna.hpp).
constexpr std::uint8_t detail_c1 = 1;
constexpr std::uint8_t detail_c2 = 2;
constexpr std::uint8_t detail_to_unicode = 1;  // empty_label found by ToUnicode: X4_2

enum class operation : std::uint8_t { to_ascii, to_unicode };

// The URL family (URL Standard "domain to ASCII", beStrict=false) is
// selected by one option field; every stage asks through this.
constexpr bool url_family(const options& opt) noexcept { return opt.url_family(); }

constexpr bool is_ascii_upper(char32_t c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ldh_lower(char32_t c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}
template <class CharT>
constexpr bool starts_with_ace_prefix(const CharT* p, std::size_t n) noexcept {
  return n >= 4 && p[0] == 'x' && p[1] == 'n' && p[2] == '-' && p[3] == '-';
}
// Whether label p[0, n) fails V2 or V3 (CheckHyphens): check_hyphens in
// stages.hpp reports which; the fast paths only need to know.
template <class CharT>
constexpr bool fails_hyphen_rules(const CharT* p, std::size_t n) noexcept {
  return n > 0 && (p[0] == '-' || p[n - 1] == '-' || (n >= 4 && p[2] == '-' && p[3] == '-'));
}
constexpr char lower_ascii(std::uint32_t c) noexcept {
  return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 0x20 : c);
}

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
  T* begin() noexcept { return data_.get(); }
  T* end() noexcept { return data_.get() + size_; }
  const T* begin() const noexcept { return data_.get(); }
  const T* end() const noexcept { return data_.get() + size_; }
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
  // Out of line (GCC/Clang): the growth path is rare in steady state, and
  // inlined it would put a copy of new[], the copy and delete[] at every
  // push_back, append and resize (bench/size.sh).
#if defined(__GNUC__)
  __attribute__((noinline))
#endif
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
  pod_buffer<std::size_t> mapped_off;   // source offset of each mapped code point,
  bool offsets_identity = false;        // unless mapped[i] came from input[i] (LDH input):
                                        // then mapped_off is not filled (source_offset)
  // Indices into `mapped` of the non-ASCII code points whose status is not
  // known to be valid (deviations, disallowed, mapping results): the only
  // ones V7 and CheckJoiners must look at in a label left in place.
  pod_buffer<std::size_t> check;
  // Indices into `mapped` of every R, AL or AN code point (RFC 5893 section
  // 1.4): a label left in place makes the domain a Bidi domain name exactly
  // when it holds one of these.
  pod_buffer<std::size_t> rtl;
  // Section 4 step 3 (Break) found by the Map step: the index in `mapped`
  // of every U+002E, whether each label it ends holds a code point above
  // U+007F, and the same for the label in progress.
  pod_buffer<std::size_t> dots;
  pod_buffer<unsigned char> dot_label_non_ascii;
  bool non_ascii = false;
  // False only when the Map step screened every code point it stored and
  // none is a forbidden domain code point (url.hpp), so that
  // check_forbidden_in_labels has nothing to look for: the labels hold the
  // mapped code points, their NFC (which never composes to ASCII) or, for
  // xn-- labels, decoded code points whose ASCII ones are the label's own
  // basic code points (RFC 3492 section 3.1).  True means "not known".
  bool may_hold_forbidden = true;
  pod_buffer<char32_t> text;            // labels changed by NFC or Punycode decoding
  std::u32string nfc_scratch;           // one label's NFC, before it joins `text`
  std::vector<label_info> labels;
  std::vector<mark> marked;
  std::vector<status> errors;
  // offset_of for labels changed by NFC: the first source offset of each
  // code point of one mapped label, built once per label that needs it.
  std::size_t offsets_label = static_cast<std::size_t>(-1);
  // Keys code point << 43 | index in the label, sorted: the first entry
  // of a code point is its first occurrence (a sorted vector, not a hash
  // map: the same O(n log n), and no hash table linked into every program
  // that calls to_ascii, bench/README.md "Size").
  std::vector<std::uint64_t> first_offset;
  std::string ace;                      // ASCII copy of an xn-- label
  // While process() runs on input that was all letters, digits, hyphens
  // and dots (map_ldh_ascii): that input lowercased, so mapped[i] ==
  // ldh_input[i] and an xn-- label's bytes can be decoded where they are
  // (see convert_ace_label).  Null otherwise.
  const char* ldh_input = nullptr;
  pod_buffer<char> out8;                // ToASCII output before it is copied out

  void reset() {
    input_length = 0;
    mapped.clear();
    mapped_off.clear();
    check.clear();
    rtl.clear();
    dots.clear();
    dot_label_non_ascii.clear();
    non_ascii = false;
    may_hold_forbidden = true;
    text.clear();
    labels.clear();
    marked.clear();
    errors.clear();
    offsets_label = static_cast<std::size_t>(-1);
    ldh_input = nullptr;
    offsets_identity = false;
  }

  // The offset in the caller's input of mapped[i] (i < mapped.size()).
  std::size_t source_offset(std::size_t i) const noexcept {
    return offsets_identity ? i : mapped_off[i];
  }

  // Whether any buffer has room for more than `n` elements: what
  // local_workspace() checks so that a thread does not keep a huge name's
  // memory (docs/security.md, "Threads").
  bool holds_more_than(std::size_t n) const noexcept {
    return mapped.capacity() > n || mapped_off.capacity() > n || check.capacity() > n ||
           rtl.capacity() > n || dots.capacity() > n || dot_label_non_ascii.capacity() > n ||
           text.capacity() > n || nfc_scratch.capacity() > n || labels.capacity() > n ||
           marked.capacity() > n || errors.capacity() > n || first_offset.capacity() > n ||
           ace.capacity() > n || out8.capacity() > n;
  }

  std::u32string_view view(const label_info& l) const noexcept {
    const char32_t* buf = l.in_text ? text.data() : mapped.data();
    return std::u32string_view(buf + l.begin, l.end - l.begin);
  }
};

// The calling thread's workspace, reset.
workspace& local_workspace();

// Lets go of ws's memory when the call that just used it grew it past the
// keep limit.  For the callers whose next call on the thread may not come
// back to the workspace (ToASCII's IDN route converts ordinary names
// without it), run once the call's result is out of ws.
void release_if_huge(workspace& ws) noexcept;

void add_error(workspace& ws, errc code, std::size_t offset, std::size_t label,
               char32_t cp = no_code_point, std::uint8_t detail = 0);

// Sorts the errors into input order (ties keep the order in which the steps
// found them) and returns the first, or ok.  Inline for the common case, no
// error, which every call of the pipeline ends with.
status sort_errors_and_take_first(workspace& ws);
inline status finish_errors(workspace& ws) {
  return ws.errors.empty() ? status{} : sort_errors_and_take_first(ws);
}

// Source offset (in the caller's units) of code point i of label l: exact
// when the label is the mapped text itself; after NFC, the offset of the
// same code point in the mapped label if there is one; for decoded
// Punycode, the label's offset.
std::size_t offset_of(workspace& ws, const label_info& l, std::size_t i);

report make_report(const workspace& ws, const status& first);

}  // namespace puny::idna::detail

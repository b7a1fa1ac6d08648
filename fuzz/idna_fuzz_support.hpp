// Shared by the two IDNA fuzz targets: option sets from fuzz bytes and the
// checks that hold for every option set.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "puny/idna.hpp"
#include "puny/unicode.hpp"

namespace puny::fuzz {

// a % 8 in 0..3 picks a preset; otherwise each UTS #46 flag comes from a bit
// of b, and puny's own options from bits 3-5 of a.
inline idna::options pick_options(std::uint8_t a, std::uint8_t b) {
  switch (a % 8) {
    case 0: return idna::uts46_default;
    case 1: return idna::url;
    case 2: return idna::url_strict;
    case 3: return idna::registration;
    default: break;
  }
  idna::options o;
  o.check_hyphens = (b & 1) != 0;
  o.check_bidi = (b & 2) != 0;
  o.check_joiners = (b & 4) != 0;
  o.use_std3_ascii_rules = (b & 8) != 0;
  o.transitional_processing = (b & 16) != 0;
  o.verify_dns_length = (b & 32) != 0;
  o.ignore_invalid_punycode = (b & 64) != 0;
  o.url_domain_to_ascii = (b & 128) != 0;
  o.allow_underscore = (a & 8) != 0;
  o.forbid_domain_code_points = (a & 16) != 0;
  return o;
}

// A caller-buffer form, into(out, capacity, written), against the
// allocating form's result `ref` at one capacity, with a guard byte past
// it: the same result and first error when it fits, buffer_too_small with
// the size needed and nothing written when it does not.  Only ToUnicode
// writes its (best-effort) result when there is an error.
template <class Into>
void check_idna_buffer(Into&& into, const result<std::string>& ref, std::size_t capacity,
                       bool output_on_error) {
  std::unique_ptr<char[]> buf(new char[capacity + 1]);
  buf[capacity] = '\x5A';
  std::size_t written = 12345;
  const status s = into(buf.get(), capacity, written);
  PUNY_FUZZ_CHECK(buf[capacity] == '\x5A');
  if (!ref.ok() && !output_on_error) {
    PUNY_FUZZ_CHECK(same_error(s, ref.status) && written == 0);
    return;
  }
  const std::size_t n = ref.value.size();
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(same_error(s, ref.status) && written == n);
    PUNY_FUZZ_CHECK(std::string_view(buf.get(), n) == ref.value);
  } else {
    PUNY_FUZZ_CHECK(s.code == errc::buffer_too_small && s.needed == n && written == 0);
  }
}

// Splits on '.', keeping empty labels.
template <class F>
void for_each_label(std::string_view s, F&& f) {
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = s.find('.', start);
    if (dot == std::string_view::npos) {
      f(s.substr(start), true);
      return;
    }
    f(s.substr(start, dot - start), false);
    start = dot + 1;
  }
}

// Properties of a successful to_ascii result.
inline void check_ascii_output(std::string_view out, const idna::options& opt) {
  for (char c : out) {
    PUNY_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80);
    // Mapping lower-cases everything; the URL pass-through lower-cases too.
    PUNY_FUZZ_CHECK(!(c >= 'A' && c <= 'Z'));
  }
  if (opt.verify_dns_length && !opt.url_family()) {
    // UTS #46 section 4.2 step 4 (A4_1, A4_2): 1..253 bytes without the root
    // label's dot, every other label 1..63 bytes.
    std::size_t labels = 0;
    for_each_label(out, [&](std::string_view label, bool last) {
      ++labels;
      if (last && label.empty() && labels > 1) return;  // root label
      PUNY_FUZZ_CHECK(!label.empty() && label.size() <= 63);
    });
    const std::size_t len =
        (!out.empty() && out.back() == '.' && out.size() > 1) ? out.size() - 1 : out.size();
    PUNY_FUZZ_CHECK(len >= 1 && len <= 253);
  }
}

inline bool has_error(const idna::report& r, errc code) {
  for (const status& s : r.all)
    if (s.code == code) return true;
  return false;
}

inline bool is_utf8(std::string_view s) {
  std::u32string ignored;
  return unicode::utf8_to_utf32(s, ignored).ok();
}

}  // namespace puny::fuzz

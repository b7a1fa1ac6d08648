// idn2_to_unicode_*: libidn2 2.3's ToUnicode, which Punycode-decodes each
// xn-- label (the prefix in any case) and copies the other labels, its
// flags unused; within libidn2's limits (63 code points a label, 255 a
// name).  RFC 3492 decoding is puny's.  Unlike libidn2, an xn-- label must
// be a valid A-label (checked by the core's UTS #46 ToUnicode, below): a
// display function must not show one name as another.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "internal.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

namespace puny_idn2 {
namespace {

using puny::errc;

// Punycode-decodes one xn-- label's tail into `out` (room for 63 code
// points: libidn2's label limit, IDN2_PUNYCODE_BIG_OUTPUT beyond).
int decode_ace(std::string_view label, char32_t* out, std::size_t& n) {
  const auto r = puny::punycode::decode(label, out, IDN2_LABEL_MAX_LENGTH);
  if (!r.ok())
    return r.status.code == errc::buffer_too_small ? IDN2_PUNYCODE_BIG_OUTPUT : code_of(r.status.code);
  n = r.size;
  return IDN2_OK;
}


// The tail of an xn-- label is a valid A-label (RFC 5890 section 2.3.2.1):
// at most 63 bytes, letters, digits and hyphens only, and its decoding (of
// the lowercased label, RFC 5891 section 5.3) passes UTS #46 ToUnicode
// with UseSTD3ASCIIRules: not empty and not ASCII only (section 4.1 step
// 4), then the validity criteria, CheckHyphens, CheckBidi and CheckJoiners.
// libidn2's code where its decoder has one: a label that decodes to ASCII
// only or to nothing is IDN2_PUNYCODE_BAD_INPUT, one longer than 63 bytes
// IDN2_PUNYCODE_BIG_OUTPUT; a decoding that breaks a validity criterion is
// that criterion's code (libidn2 does not check it).
int check_a_label(std::string_view label) {
  if (!all_ascii(label)) return IDN2_PUNYCODE_BAD_INPUT;
  if (label.size() > IDN2_LABEL_MAX_LENGTH) return IDN2_PUNYCODE_BIG_OUTPUT;
  char lower[IDN2_LABEL_MAX_LENGTH];
  for (std::size_t i = 0; i < label.size(); ++i)
    lower[i] = label[i] >= 'A' && label[i] <= 'Z' ? static_cast<char>(label[i] | 0x20) : label[i];
  const std::string_view a(lower, label.size());
  const puny::result<std::string> r =
      puny::idna::to_unicode(a, puny::idna::uts46_default.with_use_std3_ascii_rules());
  if (r.ok()) return IDN2_OK;
  switch (r.status.code) {
    case errc::invalid_ace_label: return IDN2_PUNYCODE_BAD_INPUT;
    case errc::std3_disallowed: return IDN2_DISALLOWED;  // not LDH
    default: return code_of(r.status.code);
  }
}

// libidn2 2.3's ToUnicode: each xn-- label (prefix in any case) is checked
// (check_a_label) and Punycode-decoded as it is (case kept, as libidn2
// does); the others are copied.  At most
// 63 code points a label and 255 a name (libidn2's limits), so the UTF-8
// result fits in `out` (4 * 255 bytes); `written` is its length.
constexpr std::size_t unicode_capacity = 4 * IDN2_DOMAIN_MAX_LENGTH;
int to_unicode_utf8(std::string_view in, char* out, std::size_t& written) {
  std::size_t points = 0;  // code points of the result
  std::size_t used = 0;
  std::size_t start = 0;
  for (;;) {
    std::size_t dot = in.find('.', start);
    const bool last = dot == std::string_view::npos;
    if (last) dot = in.size();
    const std::string_view label = in.substr(start, dot - start);
    if (is_ace(label)) {
      char32_t buf[IDN2_LABEL_MAX_LENGTH];
      std::size_t n = 0;
      if (const int rc = check_a_label(label); rc != IDN2_OK) return rc;
      if (const int rc = decode_ace(label.substr(4), buf, n); rc != IDN2_OK) return rc;
      if (points + n + (last ? 0 : 1) > IDN2_DOMAIN_MAX_LENGTH) return IDN2_TOO_BIG_DOMAIN;
      for (std::size_t i = 0; i < n; ++i) used += puny::unicode::put_utf8(buf[i], out + used);
      points += n;
    } else {
      std::size_t n = 0;
      for (std::size_t pos = 0; pos < label.size();) {
        char32_t c;
        if (!puny::unicode::next_utf8(label, pos, c)) return IDN2_ENCODING_ERROR;
        if (++n > IDN2_LABEL_MAX_LENGTH) return IDN2_TOO_BIG_LABEL;
      }
      if (points + n + (last ? 0 : 1) > IDN2_DOMAIN_MAX_LENGTH) return IDN2_TOO_BIG_DOMAIN;
      std::memcpy(out + used, label.data(), label.size());
      used += label.size();
      points += n;
    }
    if (last) {
      written = used;
      return IDN2_OK;
    }
    out[used++] = '.';
    ++points;
    start = dot + 1;
  }
}

int to_unicode_u32(std::string_view in, std::u32string& out) {
  char buf[unicode_capacity];
  std::size_t n = 0;
  if (const int rc = to_unicode_utf8(in, buf, n); rc != IDN2_OK) return rc;
  out.clear();
  return puny::unicode::utf8_to_utf32(std::string_view(buf, n), out).ok() ? IDN2_OK
                                                                          : IDN2_ENCODING_ERROR;
}

}  // namespace

int decode_ace(std::string_view label, std::u32string& out) {
  char32_t buf[IDN2_LABEL_MAX_LENGTH];
  std::size_t n = 0;
  if (const int rc = decode_ace(label, buf, n); rc != IDN2_OK) return rc;
  out.append(buf, n);
  return IDN2_OK;
}

}  // namespace puny_idn2

using namespace puny_idn2;

extern "C" {

int idn2_to_unicode_8z4z(const char* input, uint32_t** output, int /*flags*/) {
  if (!input) {
    if (output) *output = nullptr;
    return IDN2_OK;
  }
  return guarded([&] {
    std::u32string out;
    if (const int rc = to_unicode_u32(input, out); rc != IDN2_OK) return rc;
    if (output) {
      *output = dup(reinterpret_cast<const uint32_t*>(out.data()), out.size());
      if (!*output) return static_cast<int>(IDN2_MALLOC);
    }
    return static_cast<int>(IDN2_OK);
  });
}

int idn2_to_unicode_4z4z(const uint32_t* input, uint32_t** output, int flags) {
  return via_utf8(input, output, [&](const char* u8) { return idn2_to_unicode_8z4z(u8, output, flags); });
}

int idn2_to_unicode_44i(const uint32_t* in, size_t inlen, uint32_t* out, size_t* outlen, int /*flags*/) {
  if (!in) {
    if (outlen) *outlen = 0;
    return IDN2_OK;
  }
  return guarded([&] {
    std::size_t n = 0;
    while (n < inlen && in[n]) ++n;
    std::string u8;
    if (const int rc = from_u32(in, n, u8); rc != IDN2_OK) return rc;
    std::u32string result;
    if (const int rc = to_unicode_u32(u8, result); rc != IDN2_OK) return rc;
    // Copies at most *outlen values (no NUL); *outlen becomes the length.
    if (out && outlen)
      std::memcpy(out, result.data(), (result.size() < *outlen ? result.size() : *outlen) * 4);
    if (outlen) *outlen = result.size();
    return static_cast<int>(IDN2_OK);
  });
}

int idn2_to_unicode_8z8z(const char* input, char** output, int /*flags*/) {
  if (!input) return IDN2_OK;  // libidn2 leaves *output as it is here
  char buf[unicode_capacity];
  std::size_t n = 0;
  if (const int rc = to_unicode_utf8(input, buf, n); rc != IDN2_OK) return rc;
  if (output) {
    *output = dup(buf, n);
    if (!*output) return IDN2_MALLOC;
  }
  return IDN2_OK;
}

int idn2_to_unicode_8zlz(const char* input, char** output, int flags) {
  if (!input) return IDN2_OK;
  return guarded([&] {
    char* u8 = nullptr;
    if (const int rc = idn2_to_unicode_8z8z(input, &u8, flags); rc != IDN2_OK) return rc;
    std::string local;
    const bool ok = iconv_convert(locale_codeset(), "UTF-8", u8, local);
    std::free(u8);
    if (!ok) return static_cast<int>(IDN2_ENCODING_ERROR);
    if (output) {
      *output = dup(local.data(), local.size());
      if (!*output) return static_cast<int>(IDN2_MALLOC);
    }
    return static_cast<int>(IDN2_OK);
  });
}

int idn2_to_unicode_lzlz(const char* input, char** output, int flags) {
  if (!input) {
    if (output) *output = nullptr;
    return IDN2_OK;
  }
  return guarded([&] {
    std::string u8;
    if (const int rc = locale_to_utf8(input, u8); rc != IDN2_OK) return rc;
    return idn2_to_unicode_8zlz(u8.c_str(), output, flags);
  });
}

}  // extern "C"

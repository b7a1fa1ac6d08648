// Helpers shared by the files of the libidn2-compatible library
// (surfaces/idn2): malloc'd results, the C boundary, UTF-32 input, the
// locale's character set, A-label decoding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

// Exports the idn2.h functions these files define (hidden otherwise).
#ifndef IDN2_BUILDING
#define IDN2_BUILDING 1
#endif
#include "idn2.h"
#include "puny/status.hpp"

namespace puny_idn2 {

// A core error as libidn2's return code.
int code_of(puny::errc e) noexcept;

// An xn-- label (the prefix in any case, RFC 5890 section 2.3.1).
inline bool is_ace(std::string_view label) noexcept {
  return label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' &&
         label[2] == '-' && label[3] == '-';
}

inline bool all_ascii(std::string_view s) noexcept {
  for (const unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

// A malloc'd copy (the API's results are freed with free()).
template <class Char>
Char* dup(const Char* p, std::size_t n) noexcept {
  Char* m = static_cast<Char*>(std::malloc((n + 1) * sizeof(Char)));
  if (!m) return nullptr;
  if (n) std::memcpy(m, p, n * sizeof(Char));
  m[n] = 0;
  return m;
}

// Runs `f`, turning an allocation failure into IDN2_MALLOC (no exception
// crosses the C boundary).
template <class F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return IDN2_MALLOC;
  } catch (...) {
    return IDN2_ENCODING_ERROR;
  }
}

inline std::size_t u32_length(const uint32_t* s) noexcept {
  std::size_t n = 0;
  while (s[n]) ++n;
  return n;
}

// UTF-32 (values checked: no surrogates, nothing above U+10FFFF) to UTF-8.
int from_u32(const uint32_t* in, std::size_t n, std::string& out);

// The "4z" entry points: a NUL-terminated UTF-32 input (NULL: *output set to
// NULL, IDN2_OK, as libidn2 does) converted to UTF-8 and handed to
// `convert(const char*)`, the UTF-8 form of the same call.
template <class Out, class F>
int via_utf8(const uint32_t* input, Out** output, F&& convert) {
  if (!input) {
    if (output) *output = nullptr;
    return IDN2_OK;
  }
  return guarded([&] {
    std::string u8;
    if (const int rc = from_u32(input, u32_length(input), u8); rc != IDN2_OK) return rc;
    return convert(u8.c_str());
  });
}

// locale.cpp: the locale's character set (nl_langinfo(CODESET)) and
// conversions with iconv, as libidn2 converts (no transliteration).
bool iconv_convert(const char* to, const char* from, std::string_view in, std::string& out);
const char* locale_codeset() noexcept;
int locale_to_utf8(const char* in, std::string& out);  // IDN2_ICONV_FAIL on failure

// to_unicode.cpp: Punycode-decodes the tail of one xn-- label (at most 63
// code points, IDN2_PUNYCODE_BIG_OUTPUT beyond).
int decode_ace(std::string_view label, std::u32string& out);

// name_checks.cpp: libidn2's DNS limits, checked before anything is
// decoded, and what a lookup name returned with IDN2_OK must be.
int check_mapped_length(std::string_view src, bool transitional);         // UTS #46 path
int check_label_sizes(std::string_view src, bool no_roundtrip) noexcept;  // IDNA2008 alone
int check_output(std::string_view src, std::string_view out) noexcept;

}  // namespace puny_idn2

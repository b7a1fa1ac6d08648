// IdnaTestV2.txt string escapes (\uXXXX, \x{XXXX}), shared by the
// conformance runner (idna_test_v2.cpp) and the IDNA2008 differential test
// (tests/differential/idna2008_differential_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "puny/unicode.hpp"

namespace idna_test_v2 {

inline int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

inline bool parse_hex(const std::string& s, std::size_t from, std::size_t count, char32_t& out) {
  if (from + count > s.size()) return false;
  char32_t v = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int h = hex_value(s[from + i]);
    if (h < 0) return false;
    v = v * 16 + static_cast<char32_t>(h);
  }
  out = v;
  return true;
}

// UTF-8 text with \uXXXX and \x{XXXX} escapes -> code points.  A \uD8xx
// \uDCxx pair is combined; a lone surrogate stays as its value.
inline std::u32string unescape(const std::string& s) {
  std::u32string out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == '\\' && i + 1 < s.size() && s[i + 1] == 'u') {
      char32_t v = 0;
      if (parse_hex(s, i + 2, 4, v)) {
        out.push_back(v);
        i += 6;
        continue;
      }
    }
    if (b == '\\' && i + 2 < s.size() && s[i + 1] == 'x' && s[i + 2] == '{') {
      const auto close = s.find('}', i + 3);
      char32_t v = 0;
      if (close != std::string::npos && parse_hex(s, i + 3, close - (i + 3), v)) {
        out.push_back(v);
        i = close + 1;
        continue;
      }
    }
    // Plain UTF-8: the data file is well-formed, so a decoding failure means
    // the file is damaged; keep the byte so the line fails visibly.
    char32_t c = b;
    if (!puny::unicode::next_utf8(s, i, c)) {
      ADD_FAILURE() << "ill-formed UTF-8 in IdnaTestV2.txt at byte " << i;
      ++i;
    }
    out.push_back(c);
  }
  // Combine surrogate pairs written as two \u escapes.
  std::u32string joined;
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (out[k] >= 0xD800 && out[k] <= 0xDBFF && k + 1 < out.size() && out[k + 1] >= 0xDC00 &&
        out[k + 1] <= 0xDFFF) {
      joined.push_back(0x10000 + ((out[k] - 0xD800) << 10) + (out[k + 1] - 0xDC00));
      ++k;
    } else {
      joined.push_back(out[k]);
    }
  }
  return joined;
}

}  // namespace idna_test_v2

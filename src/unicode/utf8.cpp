// UTF-8 / UTF-16 / UTF-32 conversions with exact error offsets.
#include <cstdint>

#include "puny/unicode.hpp"

namespace puny::unicode {

// Unicode 17 section 3.9, table 3-7 (well-formed UTF-8 byte sequences).
bool next_utf8(std::string_view in, std::size_t& pos, char32_t& c) noexcept {
  const std::size_t n = in.size();
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(in[k]); };
  const unsigned char b0 = byte(pos);
  if (b0 < 0x80) {
    c = b0;
    ++pos;
    return true;
  }
  std::size_t len;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  char32_t value;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
    value = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    value = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;       // no overlongs
    if (b0 == 0xED) hi = 0x9F;       // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    value = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;       // no overlongs
    if (b0 == 0xF4) hi = 0x8F;       // nothing above U+10FFFF
  } else {
    return false;
  }
  if (pos + len > n) return false;
  const unsigned char b1 = byte(pos + 1);
  if (b1 < lo || b1 > hi) return false;
  value = (value << 6) | (b1 & 0x3F);
  for (std::size_t k = 2; k < len; ++k) {
    const unsigned char bk = byte(pos + k);
    if (bk < 0x80 || bk > 0xBF) return false;
    value = (value << 6) | (bk & 0x3F);
  }
  c = value;
  pos += len;
  return true;
}

status utf8_to_utf32(std::string_view in, std::u32string& out) {
  std::size_t pos = 0;
  while (pos < in.size()) {
    char32_t c;
    if (!next_utf8(in, pos, c)) {
      status s;
      s.code = errc::invalid_utf8;
      s.offset = pos;
      return s;
    }
    out.push_back(c);
  }
  return {};
}

status utf32_to_utf8(std::u32string_view in, std::string& out) {
  char buf[4];
  for (std::size_t j = 0; j < in.size(); ++j) {
    if (!is_scalar_value(in[j])) {
      status s;
      s.code = errc::invalid_code_point;
      s.offset = j;
      s.code_point = in[j];
      return s;
    }
    out.append(buf, put_utf8(in[j], buf));
  }
  return {};
}

status utf16_to_utf32(std::u16string_view in, char32_t* out, std::size_t& written) noexcept {
  std::size_t k = 0;
  for (std::size_t j = 0; j < in.size(); ++j) {
    const char16_t u = in[j];
    if (u < 0xD800 || u > 0xDFFF) {
      out[k++] = u;
      continue;
    }
    if (u <= 0xDBFF && j + 1 < in.size() && in[j + 1] >= 0xDC00 && in[j + 1] <= 0xDFFF) {
      out[k++] = 0x10000 + ((char32_t{u} - 0xD800) << 10) + (char32_t{in[j + 1]} - 0xDC00);
      ++j;
      continue;
    }
    written = k;
    status s;
    s.code = errc::invalid_utf16;
    s.offset = j;
    s.code_point = u;
    return s;
  }
  written = k;
  return {};
}

status utf32_to_utf16(std::u32string_view in, char16_t* out, std::size_t& written) noexcept {
  std::size_t k = 0;
  for (std::size_t j = 0; j < in.size(); ++j) {
    const char32_t c = in[j];
    if (!is_scalar_value(c)) {
      written = k;
      status s;
      s.code = errc::invalid_code_point;
      s.offset = j;
      s.code_point = c;
      return s;
    }
    if (c < 0x10000) {
      out[k++] = static_cast<char16_t>(c);
    } else {
      out[k++] = static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out[k++] = static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  written = k;
  return {};
}

// The appending forms: room for the worst case, then trimmed to what was
// written (on error, the output up to the culprit stays, as documented).
status utf16_to_utf32(std::u16string_view in, std::u32string& out) {
  const std::size_t before = out.size();
  out.resize(before + in.size());
  std::size_t written = 0;
  const status s = utf16_to_utf32(in, out.data() + before, written);
  out.resize(before + written);
  return s;
}

status utf32_to_utf16(std::u32string_view in, std::u16string& out) {
  const std::size_t before = out.size();
  out.resize(before + 2 * in.size());
  std::size_t written = 0;
  const status s = utf32_to_utf16(in, out.data() + before, written);
  out.resize(before + written);
  return s;
}

}  // namespace puny::unicode

// Random domain names for the differential tests (differential_test.cpp
// against ICU and libidn2's UTS #46 mode, idna2008_differential_test.cpp
// against libidn2's IDNA2008 mode): labels drawn from pools of code points
// that exercise mapping, normalization, joiners, Bidi, CONTEXTO and symbols.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "puny/unicode.hpp"

namespace generated_names {

// Code point pools: each label draws from one or two of them, so scripts
// mix the way real (and hostile) names do.
inline const std::vector<std::vector<char32_t>>& pools() {
  static const std::vector<std::vector<char32_t>> p = [] {
    std::vector<std::vector<char32_t>> v;
    auto range = [](char32_t a, char32_t b) {
      std::vector<char32_t> r;
      for (char32_t c = a; c <= b; ++c) r.push_back(c);
      return r;
    };
    auto cat = [](std::vector<char32_t> a, const std::vector<char32_t>& b) {
      a.insert(a.end(), b.begin(), b.end());
      return a;
    };
    v.push_back(cat(cat(range('a', 'z'), range('0', '9')), {'-', '-', 'A', 'Z', 'Q'}));
    v.push_back(cat(range(0xC0, 0x17F), {0xDF, 0x130, 0x131, 0x1E9E}));          // Latin
    v.push_back(cat(range(0x391, 0x3C9), {0x3C2, 0x3F4, 0x345}));                 // Greek, final sigma
    v.push_back(range(0x410, 0x44F));                                             // Cyrillic
    v.push_back(cat(range(0x5D0, 0x5EA), {0x5B4, 0x5BC, 0x30, 0x31}));            // Hebrew
    v.push_back(cat(cat(range(0x627, 0x64A), range(0x660, 0x669)),               // Arabic
                    {0x6F0, 0x6F5, 0x64B, 0x651, 0x200C, 0x200D}));
    v.push_back(cat(range(0x915, 0x939), {0x94D, 0x93F, 0x200C, 0x200D, 0x966}));  // Devanagari
    v.push_back({0x4E00, 0x4E8C, 0x4E09, 0x65E5, 0x672C, 0x8A9E, 0x3042, 0x30A2, 0x30FB,
                 0x3002, 0xFF0E, 0xFF61, 0xAC00, 0xD55C, 0x1100, 0x1161, 0x11A8});  // CJK, dots
    v.push_back({0xFF21, 0xFF41, 0xFF10, 0x2160, 0x2488, 0x2474, 0x33A1, 0xFB01, 0x2126,
                 0x212A, 0x1D400, 0x24B6, 0x00AD, 0x200B, 0x2060, 0xFE0F, 0x034F});  // mapped/ignored
    v.push_back({0x301, 0x300, 0x316, 0x308, 0x327, 0x20DD, 0x1AB0});            // marks
    v.push_back({0x1F600, 0x2603, 0x2764, 0x1F4A9, 0xA9, 0x24, 0x5F, 0x2A, 0x40, 0x21,
                 0x7E, 0x20, 0x2F, 0x3A, 0x25, 0xB7, 0x375, 0x5F3, 0x5F4});     // symbols, STD3
    v.push_back({0x1C89, 0x1C8A, 0x10D40, 0x10D50, 0x16D40, 0x11F00, 0x1E030, 0x2FFC,
                 0x31E4, 0x1B11F});  // assigned after Unicode 15.0
    return v;
  }();
  return p;
}

inline std::string make_name(std::mt19937& rng) {
  std::u32string name;
  const int labels = 1 + static_cast<int>(rng() % 4);
  for (int l = 0; l < labels; ++l) {
    if (l > 0) name.push_back('.');
    const auto& a = pools()[rng() % pools().size()];
    const auto& b = (rng() % 3 == 0) ? pools()[rng() % pools().size()] : pools()[0];
    if (rng() % 8 == 0) name += U"xn--";
    const int len = 1 + static_cast<int>(rng() % 10);
    for (int i = 0; i < len; ++i) {
      const auto& pool = (rng() % 3 == 0) ? b : a;
      name.push_back(pool[rng() % pool.size()]);
    }
  }
  std::string out;
  (void)puny::unicode::utf32_to_utf8(name, out);
  return out;
}

}  // namespace generated_names

#include "workload.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <utility>

#include "puny/unicode.hpp"

namespace bench {

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "puny_bench: cannot read %s (set --data=DIR)\n", path.c_str());
    std::exit(2);
  }
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    line.clear();
  }
  return lines;
}

std::size_t total_bytes(const std::vector<std::string>& lines) {
  std::size_t n = 0;
  for (const auto& l : lines) n += l.size();
  return n;
}

std::u32string utf8_to_u32(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    if (i + len > s.size()) len = s.size() - i;
    char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1Fu) : len == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (std::size_t k = 1; k < len; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    out.push_back(cp);
    i += len;
  }
  return out;
}

std::string u32_to_utf8(std::u32string_view s) {
  // The library's encoder (any value below 0x110000, surrogates included, so
  // the harness can build deliberately ill-formed inputs too).
  std::string out;
  out.reserve(s.size() * 3);
  char bytes[4];
  for (char32_t c : s) out.append(bytes, puny::unicode::put_utf8(c, bytes));
  return out;
}

std::u16string u32_to_u16(std::u32string_view s) {
  std::u16string out;
  out.reserve(s.size());
  for (char32_t c : s) {
    if (c < 0x10000) {
      out.push_back(static_cast<char16_t>(c));
    } else {
      const char32_t v = c - 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (v >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (v & 0x3FF)));
    }
  }
  return out;
}

std::u32string u16_to_u32(std::u16string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < s.size()) {
      const char32_t lo = s[i + 1];
      if (lo >= 0xDC00 && lo < 0xE000) {
        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
        ++i;
      }
    }
    out.push_back(c);
  }
  return out;
}

namespace {

struct splitmix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform enough for a workload: bound is far below 2^64.
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }
};

}  // namespace

std::u32string make_long_string(std::size_t n, std::uint64_t seed) {
  constexpr char32_t cjk_first = 0x4E00;
  constexpr std::size_t cjk_count = 0xA000 - 0x4E00;  // 20,992
  static constexpr char alnum[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  splitmix64 rng{seed};
  const std::size_t n_ascii = n / 4;
  const std::size_t n_cjk = n - n_ascii;

  std::u32string s;
  s.reserve(n);
  // Distinct CJK first (a partial Fisher-Yates over the block), then repeats.
  std::vector<char32_t> block(cjk_count);
  for (std::size_t i = 0; i < cjk_count; ++i) block[i] = cjk_first + static_cast<char32_t>(i);
  const std::size_t distinct = n_cjk < cjk_count ? n_cjk : cjk_count;
  for (std::size_t i = 0; i < distinct; ++i) {
    std::swap(block[i], block[i + rng.below(cjk_count - i)]);
    s.push_back(block[i]);
  }
  for (std::size_t i = distinct; i < n_cjk; ++i) s.push_back(block[rng.below(cjk_count)]);
  for (std::size_t i = 0; i < n_ascii; ++i)
    s.push_back(static_cast<char32_t>(alnum[rng.below(sizeof alnum - 1)]));
  for (std::size_t i = s.size(); i > 1; --i) std::swap(s[i - 1], s[rng.below(i)]);
  return s;
}

// Names of domains-mixed.txt that are ASCII, lowercased, restricted to
// letters, digits, hyphens and dots, without an xn-- label: the case the
// library promises to handle without allocating.  Derived in memory; the
// shared data files are read, never rewritten.
std::vector<std::string> ascii_lowercase_names(const std::vector<std::string>& mixed) {
  std::vector<std::string> out;
  for (std::string d : mixed) {
    bool keep = !d.empty();
    for (char& c : d) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'))
        keep = false;
    }
    // Whole labels: no xn-- label, and valid under UTS #46 CheckHyphens and
    // the A4 empty-label rule, so that every implementation accepts every
    // name and the workload measures the success path.
    for (std::size_t start = 0; keep && start <= d.size();) {
      std::size_t end = d.find('.', start);
      if (end == std::string::npos) end = d.size();
      const std::string_view label(d.data() + start, end - start);
      if (label.empty() || label.front() == '-' || label.back() == '-' ||
          label.substr(0, 4) == "xn--" || (label.size() >= 4 && label.substr(2, 2) == "--"))
        keep = false;
      start = end + 1;
    }
    if (keep) out.push_back(std::move(d));
  }
  return out;
}

}  // namespace bench

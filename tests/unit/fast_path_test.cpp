// The fast path (src/idna/fast_path.hpp) against the full pipeline: every
// public entry point, on every input below, under every preset (and every
// combination of the option flags for a curated set), must give the same
// output, errors and offsets whether the fast path runs or every call is
// forced through the pipeline (detail::fast_paths_disabled).
//
// Inputs: every source string of IdnaTestV2.txt; every string of up to four
// characters over an alphabet of ASCII classes the fast path tells apart
// (letters of both cases, digit, '-', '.', "x"/"n" for ACE prefixes, and
// characters it must reject); label combinations around the mask path's
// 64-byte limit, the 63-byte label and 253-byte domain limits; random
// strings.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "idna_all_paths.hpp"
#include "puny/punycode.hpp"

namespace {

namespace idna = puny::idna;

std::vector<idna::options> presets() {
  return {idna::uts46_default, idna::url, idna::url_strict, idna::registration};
}

// Every combination of the option flags.
std::vector<idna::options> every_flag_combination() {
  std::vector<idna::options> all;
  for (unsigned b = 0; b < 1024; ++b) {
    idna::options o;
    o.check_hyphens = b & 1;
    o.check_bidi = b & 2;
    o.check_joiners = b & 4;
    o.use_std3_ascii_rules = b & 8;
    o.transitional_processing = b & 16;
    o.verify_dns_length = b & 32;
    o.ignore_invalid_punycode = b & 64;
    o.url_domain_to_ascii = b & 128;
    o.allow_underscore = b & 256;
    o.forbid_domain_code_points = b & 512;
    all.push_back(o);
  }
  return all;
}

std::string hex(std::string_view s) {
  std::string out;
  char buf[4];
  for (unsigned char c : s) {
    std::snprintf(buf, sizeof buf, "%02X ", c);
    out += buf;
  }
  return out;
}

class FastPathEquivalence : public ::testing::Test {
 protected:
  // Checks one input under the given options; stops reporting after a few
  // failures so that one bug does not flood the log.
  void check(std::string_view in, const std::vector<idna::options>& opts) {
    for (std::size_t k = 0; k < opts.size(); ++k) {
      ++checks_;
      const std::string diff = puny::fuzz::fast_path_mismatch(in, opts[k]);
      if (!diff.empty() && ++failures_ <= 5)
        ADD_FAILURE() << "input bytes: " << hex(in) << " options #" << k << "\n" << diff;
    }
  }
  void TearDown() override {
    EXPECT_EQ(failures_, 0u) << failures_ << " mismatches in " << checks_ << " checks";
    std::printf("[ fast path ] %zu inputs x options checked\n", checks_);
  }
  std::size_t checks_ = 0;
  std::size_t failures_ = 0;
};

// \uXXXX escapes of IdnaTestV2.txt; a lone surrogate becomes its three
// (ill-formed) UTF-8 bytes, which is a useful input too.
std::string unescape_source(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '\\' && i + 5 < s.size() + 0 && s[i + 1] == 'u') {
      const char32_t v = static_cast<char32_t>(std::stoul(s.substr(i + 2, 4), nullptr, 16));
      if (v >= 0xD800 && v <= 0xDFFF) {
        out += static_cast<char>(0xE0 | (v >> 12));
        out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (v & 0x3F));
      } else {
        (void)puny::unicode::utf32_to_utf8(std::u32string(1, v), out);
      }
      i += 6;
      continue;
    }
    out += s[i++];
  }
  return out;
}

// The columns of each data line of IdnaTestV2.txt, trimmed and unescaped
// ("" read as the empty string), to fn; returns the number of lines.
template <class Fn>
std::size_t for_each_idna_test(Fn&& fn) {
  const std::string path = std::string(PUNY_UNICODE_DATA_DIR) + "/idna/IdnaTestV2.txt";
  std::ifstream f(path);
  EXPECT_TRUE(f) << "cannot read " << path;
  std::string line;
  std::size_t lines = 0;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::string data = line.substr(0, line.find('#'));
    std::vector<std::string> cols;
    for (std::size_t at = 0;;) {
      const std::size_t semi = data.find(';', at);
      std::string col = data.substr(at, semi == std::string::npos ? std::string::npos : semi - at);
      while (!col.empty() && col.front() == ' ') col.erase(col.begin());
      while (!col.empty() && col.back() == ' ') col.pop_back();
      cols.push_back(col == "\"\"" ? std::string() : unescape_source(col));
      if (semi == std::string::npos) break;
      at = semi + 1;
    }
    fn(cols);
    ++lines;
  }
  return lines;
}

TEST_F(FastPathEquivalence, IdnaTestV2Sources) {
  const auto opts = presets();
  const std::size_t lines = for_each_idna_test([&](const std::vector<std::string>& cols) { check(cols[0], opts); });
  EXPECT_GT(lines, 6000u) << "IdnaTestV2.txt is unexpectedly short";
}

// The ACE forms of IdnaTestV2.txt (the toAsciiN column where it has an
// xn-- label), as they are and uppercased: names the ACE route of ToUnicode
// takes or declines for every reason the file has (RTL labels, marks,
// joiners, invalid Punycode, hyphens, NFC).
TEST_F(FastPathEquivalence, IdnaTestV2AceForms) {
  const auto opts = presets();
  const auto every = every_flag_combination();
  std::size_t names = 0;
  for_each_idna_test([&](const std::vector<std::string>& cols) {
    if (cols.size() < 4 || cols[3].find("xn--") == std::string::npos) return;
    std::string upper = cols[3];
    for (char& c : upper) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
    // Every flag combination for one name in 128, the presets for all.
    check(cols[3], names % 128 == 0 ? every : opts);
    check(upper, opts);
    ++names;
  });
  EXPECT_GT(names, 1000u) << "IdnaTestV2.txt has unexpectedly few ACE names";
}

TEST_F(FastPathEquivalence, EveryShortStringOverTheAsciiClasses) {
  // a, Z: letters of both cases; x, n, X, N: ACE prefixes; '-', '.', '0';
  // '_' (valid without STD3 rules), '@' and ' ' (URL-forbidden), U+007F.
  const std::string alphabet = "aZxnXN-.0_@ \x7f";
  const auto opts = presets();
  std::string s;
  std::function<void(std::size_t)> all = [&](std::size_t left) {
    check(s, opts);
    if (left == 0) return;
    for (char c : alphabet) {
      s.push_back(c);
      all(left - 1);
      s.pop_back();
    }
  };
  all(4);
}

std::vector<std::string> curated_inputs() {
  std::vector<std::string> v = {
      "", ".", "..", "a", "A.", "a..b", "-a", "a-", "ab--c", "xn--", "xn--a", "XN--A",
      "xn--bcher-kva", "Xn--Bcher-KVA.example", "xn--bcher-kva.xn--", "xn--zca", "xn--ls8h",
      "b\xC3\xBC" "cher.de", "\xC3\x9F.de", "a\xE2\x80\x8C" "b", "\xD7\x90.com", "1.\xD7\x90",
      "a_b.c", "a b", "a%b", "a@b", "[::1]", "\xFF", "\xC0\x80", "\xED\xA0\x80", "xn--a.\xC3\xA9",
      "\xEF\xBC\x8E", "a\xE3\x80\x82" "b", "xn--ab--c", "-.-", "a.-b.c-", "www.Example.COM",
  };
  // Around the mask path's 64-byte limit and the DNS limits.
  for (std::size_t n : {15u, 16u, 17u, 31u, 32u, 33u, 62u, 63u, 64u, 65u, 66u, 100u}) {
    v.push_back(std::string(n, 'a'));
    v.push_back(std::string(n, 'A'));
    std::string dotted = std::string(n, 'b');
    dotted[n / 2] = '.';
    v.push_back(dotted);
    v.push_back(std::string(n - 1, 'c') + "-");
    v.push_back("xn--" + std::string(n, 'd'));
    v.push_back(std::string(n, 'e') + ".xn--bcher-kva");
  }
  std::string long_domain;
  for (int k = 0; k < 5; ++k) long_domain += std::string(50, 'f') + ".";
  v.push_back(long_domain);                          // 255 bytes with the root dot
  v.push_back(long_domain.substr(0, 253));
  v.push_back(long_domain.substr(0, 254));
  v.push_back(std::string(63, 'g') + "." + std::string(64, 'h'));
  return v;
}

TEST_F(FastPathEquivalence, CuratedInputsUnderEveryFlagCombination) {
  const auto opts = every_flag_combination();
  for (const std::string& in : curated_inputs()) check(in, opts);
}

TEST_F(FastPathEquivalence, RandomStrings) {
  std::mt19937_64 rng(12);
  const std::string pieces[] = {"a",  "B",  "-", ".", "xn--", "0", "_", "\xC3\xA9", "\xC3\x9F",
                                "\xD7\x90", "\xE2\x80\x8D", "\xCC\x81", "%", "\xE3\x80\x82",
                                "bcher-kva", "\xF0\x9F\x98\x80", "\x80"};
  const auto opts = presets();
  for (int k = 0; k < 4000; ++k) {
    std::string s;
    const std::size_t parts = rng() % 40;
    for (std::size_t j = 0; j < parts; ++j) s += pieces[rng() % (sizeof pieces / sizeof pieces[0])];
    check(s, opts);
  }
}

}  // namespace

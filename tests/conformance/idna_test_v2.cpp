// Conformance runner for UTS #46 against the raw IdnaTestV2.txt of the
// build's Unicode version (PUNY_UNICODE_VERSION), read from
// ${PUNY_UNICODE_DATA_DIR}/idna/IdnaTestV2.txt.
//
// Each data line gives three tests: toUnicode, toAsciiN (nontransitional)
// and toAsciiT (transitional), all with CheckHyphens, CheckBidi,
// CheckJoiners, UseSTD3ASCIIRules and VerifyDnsLength true.
//
// Asserted on every line and every column (any difference fails the test):
//  - conformance as the file's header defines it: where the file expects no
//    error, no error and exactly the expected string; where it expects
//    errors, at least one error;
//  - beyond that, the exact set of status codes, and the best-effort string,
//    with U+FFFD in our output matching any one code point of the expected
//    string (the header allows either for a label with an error).
// The two lines whose source holds a lone surrogate cannot be written as
// UTF-8; the header lets implementations skip them.  We run them through the
// UTF-32 entry points instead and assert our documented behaviour: an
// error, errc::invalid_code_point at the surrogate's index.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "puny/idna.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"
#include "idna_test_v2_escapes.hpp"

#ifndef PUNY_UNICODE_DATA_DIR
#error "PUNY_UNICODE_DATA_DIR must name the Unicode data directory of PUNY_UNICODE_VERSION"
#endif

namespace {

using idna_test_v2::unescape;

using code_set = std::set<std::string>;

// ---- Parsing ----

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

bool has_surrogate(const std::u32string& s) {
  return std::any_of(s.begin(), s.end(), [](char32_t c) { return c >= 0xD800 && c <= 0xDFFF; });
}

std::string to_utf8(const std::u32string& s) {
  std::string out;
  char bytes[4];
  for (char32_t c : s) out.append(bytes, puny::unicode::put_utf8(c, bytes));
  return out;
}

// Output of the library must be well-formed UTF-8.
std::u32string from_utf8(const std::string& s) {
  std::u32string out;
  const puny::status st = puny::unicode::utf8_to_utf32(s, out);
  EXPECT_TRUE(st.ok()) << "library output is not UTF-8 at byte " << st.offset;
  return out;
}

// "[B5, B6]" -> {"B5", "B6"}; "" -> {}.
code_set parse_codes(const std::string& field) {
  code_set out;
  std::string inner = trim(field);
  if (inner.size() >= 2 && inner.front() == '[' && inner.back() == ']')
    inner = inner.substr(1, inner.size() - 2);
  std::stringstream ss(inner);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item = trim(item);
    if (!item.empty()) out.insert(item);
  }
  return out;
}

// A string column: blank -> `fallback`, "" -> empty, else the unescaped text.
std::u32string string_column(const std::string& field, const std::u32string& fallback) {
  if (field.empty()) return fallback;
  if (field == "\"\"") return {};
  return unescape(field);
}

struct test_line {
  int number = 0;
  std::string raw;
  std::u32string source;
  std::u32string to_unicode;
  code_set to_unicode_status;
  std::u32string to_ascii_n;
  code_set to_ascii_n_status;
  std::u32string to_ascii_t;
  code_set to_ascii_t_status;
};

bool parse_line(const std::string& text, int number, test_line& t) {
  std::string line = text;
  const auto hash = line.find('#');
  if (hash != std::string::npos) line.resize(hash);
  if (trim(line).empty()) return false;
  std::vector<std::string> cols;
  std::stringstream ss(line);
  std::string col;
  while (std::getline(ss, col, ';')) cols.push_back(trim(col));
  while (cols.size() < 7) cols.emplace_back();
  t.number = number;
  t.raw = text;
  // Column 1: source; "" means the empty string.
  t.source = cols[0] == "\"\"" ? std::u32string{} : unescape(cols[0]);
  // Column 2: blank = same as the source.
  t.to_unicode = string_column(cols[1], t.source);
  // Column 3: blank = [].
  t.to_unicode_status = parse_codes(cols[2]);
  // Column 4: blank = same as toUnicode.
  t.to_ascii_n = string_column(cols[3], t.to_unicode);
  // Column 5: blank = same as toUnicodeStatus; explicit [] = no errors.
  t.to_ascii_n_status = cols[4].empty() ? t.to_unicode_status : parse_codes(cols[4]);
  // Column 6: blank = same as toAsciiN.
  t.to_ascii_t = string_column(cols[5], t.to_ascii_n);
  // Column 7: blank = same as toAsciiNStatus.
  t.to_ascii_t_status = cols[6].empty() ? t.to_ascii_n_status : parse_codes(cols[6]);
  return true;
}

// ---- Running ----

puny::idna::options test_flags(bool transitional) {
  puny::idna::options o;
  o.check_hyphens = true;
  o.check_bidi = true;
  o.check_joiners = true;
  o.use_std3_ascii_rules = true;
  o.verify_dns_length = true;
  o.transitional_processing = transitional;
  o.ignore_invalid_punycode = false;
  // Plain UTS #46, as the file tests it: puny's host-name safety (on by
  // default, the uts46-raw preset turns it off) is not a UTS #46 flag.
  o.forbid_domain_code_points = false;
  return o;
}

struct outcome {
  bool ill_formed = false;  // source has a lone surrogate: UTF-8 cannot carry it
  bool ok = false;
  puny::status first;  // first error (ill-formed lines only)
  std::u32string best_effort;
  code_set codes;
};

outcome run(const test_line& t, bool ascii, bool transitional) {
  outcome o;
  const puny::idna::options opt = test_flags(transitional);
  if (has_surrogate(t.source)) {
    // Only the UTF-32 entry point can receive it; it reports the ill-formed
    // input (errc::invalid_code_point).
    o.ill_formed = true;
    if (ascii) {
      auto r = puny::idna::to_ascii(std::u32string_view(t.source), opt);
      o.ok = r.ok();
      o.first = r.status;
      o.best_effort = from_utf8(r.value);
    } else {
      auto r = puny::idna::to_unicode(std::u32string_view(t.source), opt);
      o.ok = r.ok();
      o.first = r.status;
      o.best_effort = r.value;
    }
    return o;
  }
  const std::string src = to_utf8(t.source);
  const puny::idna::detailed d =
      ascii ? puny::idna::to_ascii_detailed(src, opt) : puny::idna::to_unicode_detailed(src, opt);
  o.ok = d.ok();
  o.best_effort = from_utf8(d.best_effort);
  for (const puny::status& s : d.errors.all) {
    const std::string_view code = puny::idna::uts46_code(s);
    o.codes.insert(code.empty() ? std::string(puny::to_string(s.code)) : std::string(code));
  }
  return o;
}

// U+FFFD in `actual` matches any one code point of `expected`.
bool same_string(const std::u32string& actual, const std::u32string& expected) {
  if (actual.size() != expected.size()) return false;
  for (std::size_t i = 0; i < actual.size(); ++i)
    if (actual[i] != expected[i] && actual[i] != 0xFFFD) return false;
  return true;
}

std::string join(const code_set& s) {
  std::string out = "[";
  for (const auto& c : s) {
    if (out.size() > 1) out += ", ";
    out += c;
  }
  return out + "]";
}

std::string show(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) {
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\u{%X}", static_cast<unsigned>(c));
      out += buf;
    }
  }
  return out;
}

struct column_stats {
  explicit column_stats(const char* n) : name(n) {}
  const char* name;
  int passed = 0;
  int failed = 0;
  int exact_codes = 0;
  int exact_string = 0;
  int ill_formed = 0;
  std::vector<std::string> failures;
};

std::size_t first_surrogate(const std::u32string& s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] >= 0xD800 && s[i] <= 0xDFFF) return i;
  return s.size();
}

void check(column_stats& st, const test_line& t, const outcome& o, const std::u32string& want,
           const code_set& want_codes) {
  std::ostringstream why;
  why << "line " << t.number << " " << st.name << ": source " << show(t.source) << " expected "
      << show(want) << " " << join(want_codes) << ", got " << show(o.best_effort) << " "
      << join(o.codes) << (o.ok ? " (ok)" : " (error)");
  bool pass;
  if (o.ill_formed) {
    // Our own rule for input UTF-8 cannot carry (see the top of the file).
    ++st.ill_formed;
    pass = !o.ok && o.first.code == puny::errc::invalid_code_point &&
           o.first.offset == first_surrogate(t.source);
  } else {
    // Conformance (the file's header) ...
    const bool conformant = want_codes.empty() ? o.ok && o.best_effort == want : !o.ok;
    // ... and the exact codes and best-effort string.
    const bool codes = o.codes == want_codes;
    const bool str = same_string(o.best_effort, want);
    st.exact_codes += codes;
    st.exact_string += str;
    pass = conformant && codes && str;
  }
  if (pass) {
    ++st.passed;
  } else {
    ++st.failed;
    st.failures.push_back(why.str());
  }
}

// "# Version: 18.0.0" in the file's header.
std::string data_version(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  for (int i = 0; i < 40 && std::getline(in, text); ++i)
    if (text.rfind("# Version: ", 0) == 0) return trim(text.substr(11));
  return {};
}

std::vector<test_line> read_lines() {
  const std::string path = std::string(PUNY_UNICODE_DATA_DIR) + "/idna/IdnaTestV2.txt";
  std::ifstream in(path);
  std::vector<test_line> lines;
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    test_line t;
    if (parse_line(text, number, t)) lines.push_back(std::move(t));
  }
  return lines;
}

// The caller-buffer forms against the allocating ones on every line, both
// processing modes: the same result and first error with a buffer of
// exactly the result's size, and buffer_too_small with the exact size one
// byte short.
TEST(IdnaTestV2, CallerBufferFormsAgreeWithAllocatingForms) {
  const std::vector<test_line> lines = read_lines();
  ASSERT_GT(lines.size(), 6000u) << "IdnaTestV2.txt is missing or unexpectedly short";
  std::size_t compared = 0;
  std::vector<char> buf;
  for (const test_line& t : lines) {
    if (has_surrogate(t.source)) continue;  // not expressible in UTF-8
    const std::string src = to_utf8(t.source);
    for (const bool transitional : {false, true}) {
      const puny::idna::options opt = test_flags(transitional);
      std::size_t written = 0;
      // ToUnicode: best-effort output whatever the errors.
      const auto u = puny::idna::to_unicode(src, opt);
      buf.assign(u.value.size() + 1, '\xAA');
      const puny::status su = puny::idna::to_unicode(src, buf.data(), u.value.size(), written, opt);
      ASSERT_EQ(su.code, u.status.code) << "line " << t.number;
      ASSERT_EQ(su.offset, u.status.offset) << "line " << t.number;
      ASSERT_EQ(std::string(buf.data(), written), u.value) << "line " << t.number;
      ASSERT_EQ(buf[u.value.size()], '\xAA') << "wrote past capacity, line " << t.number;
      if (!u.value.empty()) {
        const puny::status small =
            puny::idna::to_unicode(src, buf.data(), u.value.size() - 1, written, opt);
        ASSERT_EQ(small.code, puny::errc::buffer_too_small) << "line " << t.number;
        ASSERT_EQ(small.needed, u.value.size()) << "line " << t.number;
        ASSERT_EQ(written, 0u) << "line " << t.number;
      }
      // ToASCII: output only on success.
      const auto a = puny::idna::to_ascii(src, opt);
      buf.assign(a.value.size() + 1, '\xAA');
      const puny::status sa = puny::idna::to_ascii(src, buf.data(), a.value.size(), written, opt);
      ASSERT_EQ(sa.code, a.status.code) << "line " << t.number;
      ASSERT_EQ(sa.offset, a.status.offset) << "line " << t.number;
      if (a.ok()) {
        ASSERT_EQ(std::string(buf.data(), written), a.value) << "line " << t.number;
      }
      ASSERT_EQ(buf[a.value.size()], '\xAA') << "wrote past capacity, line " << t.number;
      compared += 2;
    }
  }
  std::printf("caller-buffer forms: %zu (line, mode, operation) comparisons agree\n", compared);
  EXPECT_GT(compared, 24000u);
}

TEST(IdnaTestV2, Conformance) {
  const std::string path = std::string(PUNY_UNICODE_DATA_DIR) + "/idna/IdnaTestV2.txt";
  ASSERT_TRUE(std::ifstream(path).good()) << "cannot open the UTS #46 conformance file " << path;
  ASSERT_EQ(data_version(path), std::string(puny::unicode::unicode_version))
      << path << " is not the data of the Unicode version this build's tables were made from";
  const std::vector<test_line> lines = read_lines();
  ASSERT_GT(lines.size(), 6000u) << "unexpectedly few test lines in " << path;

  column_stats cols[3] = {column_stats("toUnicode"), column_stats("toAsciiN"),
                          column_stats("toAsciiT")};
  for (const test_line& t : lines) {
    check(cols[0], t, run(t, false, false), t.to_unicode, t.to_unicode_status);
    check(cols[1], t, run(t, true, false), t.to_ascii_n, t.to_ascii_n_status);
    check(cols[2], t, run(t, true, true), t.to_ascii_t, t.to_ascii_t_status);
  }

  int passed = 0;
  int failed = 0;
  std::printf("IdnaTestV2.txt (Unicode %s): %zu test lines from %s\n",
              std::string(puny::unicode::unicode_version).c_str(), lines.size(), path.c_str());
  std::printf("mode: the file's flags on plain UTS #46 (preset uts46-raw with CheckHyphens, "
              "UseSTD3ASCIIRules, VerifyDnsLength; no forbidden-code-point check)\n");
  std::printf("a check passes when the status code set and the best-effort string are exact\n");
  for (const column_stats& c : cols) {
    const int considered = c.passed + c.failed - c.ill_formed;
    std::printf("%s: %d passed, %d failed (exact codes %d/%d, exact string %d/%d", c.name,
                c.passed, c.failed, c.exact_codes, considered, c.exact_string, considered);
    if (c.ill_formed > 0)
      std::printf("; %d line(s) with a lone surrogate, checked as ill-formed input", c.ill_formed);
    std::printf(")\n");
    passed += c.passed;
    failed += c.failed;
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  std::fflush(stdout);

  for (const column_stats& c : cols) {
    std::size_t shown = 0;
    for (const std::string& f : c.failures) {
      if (shown++ == 25) break;
      ADD_FAILURE() << f;
    }
  }
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(static_cast<std::size_t>(passed), 3 * lines.size());
}

}  // namespace

// ---- explain_to_ascii against to_ascii_detailed ----
// `puny explain to-ascii` must run exactly the pipeline of the preset it is
// given: the same output, best-effort string and errors as
// to_ascii_detailed for every IdnaTestV2.txt source and every line of the
// benchmark workloads (../shared/bench/data), for every preset.

#ifndef PUNY_BENCH_DATA_DIR
#error "PUNY_BENCH_DATA_DIR must name ../shared/bench/data"
#endif

namespace {

std::string describe(const puny::idna::report& r) {
  std::string s;
  for (const puny::status& e : r.all) s += puny::to_string(e) + "; ";
  return s;
}

// Returns the number of inputs compared; stops at the first disagreement.
std::size_t explain_agrees(const std::vector<std::string>& inputs, const char* what) {
  struct named {
    const char* name;
    puny::idna::options opt;
  };
  puny::idna::options transitional = puny::idna::uts46_default;
  transitional.transitional_processing = true;
  puny::idna::options underscore = puny::idna::registration;
  underscore.allow_underscore = true;
  const named presets[] = {{"uts46_default", puny::idna::uts46_default},
                           {"url", puny::idna::url},
                           {"url_strict", puny::idna::url_strict},
                           {"registration", puny::idna::registration},
                           {"transitional", transitional},
                           {"uts46_raw", puny::idna::uts46_raw},
                           {"registration+allow_underscore", underscore}};
  std::size_t compared = 0;
  for (const named& p : presets) {
    for (const std::string& in : inputs) {
      const puny::idna::detailed d = puny::idna::to_ascii_detailed(in, p.opt);
      const puny::idna::trace t = puny::idna::explain_to_ascii(in, p.opt);
      const auto& e = t.result;
      const bool same = e.output == d.output && e.best_effort == d.best_effort &&
                        e.errors.all.size() == d.errors.all.size() &&
                        e.errors.first.code == d.errors.first.code &&
                        e.errors.first.offset == d.errors.first.offset &&
                        e.errors.first.label == d.errors.first.label;
      EXPECT_TRUE(same) << what << ", preset " << p.name << ", input \"" << in << "\"\n"
                        << "  explain:  ok=" << e.ok() << " \"" << e.best_effort << "\" "
                        << describe(e.errors) << "\n  detailed: ok=" << d.ok() << " \""
                        << d.best_effort << "\" " << describe(d.errors);
      if (!same) return compared;
      for (std::size_t k = 0; k < e.errors.all.size(); ++k) {
        EXPECT_EQ(e.errors.all[k].code, d.errors.all[k].code) << what << " " << in;
        EXPECT_EQ(e.errors.all[k].offset, d.errors.all[k].offset) << what << " " << in;
      }
      ++compared;
    }
  }
  return compared;
}

std::vector<std::string> read_text_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

}  // namespace

TEST(ExplainToAscii, AgreesWithToAsciiDetailedOnIdnaTestV2) {
  const std::vector<test_line> lines = read_lines();
  ASSERT_GT(lines.size(), 6000u) << "IdnaTestV2.txt is missing or unexpectedly short";
  std::vector<std::string> inputs;
  // Surrogates become their (ill-formed) three-byte forms: invalid UTF-8
  // must be handled alike too.
  for (const test_line& t : lines) inputs.push_back(to_utf8(t.source));
  const std::size_t compared = explain_agrees(inputs, "IdnaTestV2.txt");
  std::printf("explain vs to_ascii_detailed: %zu IdnaTestV2 (source, preset) pairs agree\n",
              compared);
  EXPECT_EQ(compared, 7 * inputs.size());
}

TEST(ExplainToAscii, AgreesWithToAsciiDetailedOnBenchData) {
  const std::string dir = PUNY_BENCH_DATA_DIR;
  const char* files[] = {"domains-mixed.txt", "domains-idn.txt",  "domains-idn.ascii.txt",
                         "domains-skew.txt",  "labels.txt",       "labels.puny.txt",
                         "long-1024.txt",     "long-4096.txt",    "long-4096.puny.txt",
                         "long-16384.txt",    "long-65536.txt",   "long-262144.txt"};
  std::size_t total = 0;
  for (const char* f : files) {
    const std::vector<std::string> inputs = read_text_lines(dir + "/" + f);
    ASSERT_FALSE(inputs.empty()) << f;
    const std::size_t compared = explain_agrees(inputs, f);
    EXPECT_EQ(compared, 7 * inputs.size()) << f;
    total += compared;
  }
  std::printf("explain vs to_ascii_detailed: %zu bench-data (line, preset) pairs agree\n", total);
}

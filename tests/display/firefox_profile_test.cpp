// The `firefox` profile (today's nsIDNService::IsLabelSafe) on Firefox's own
// IDN table (data/firefox_idn_cases.tsv, its source in the file), and the
// retired restriction-profile pair kept as it was.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "idn_cases.hpp"
#include "puny/display.hpp"

namespace {

using namespace puny::display;
using puny::test::idn_case;
using puny::test::read_cases;

// docs/display.md's list of the rows of Firefox's table where the firefox
// profile answers otherwise: A-label -> the profile's answer (safe, unsafe
// or invalid), from the table under the heading that names the list.
std::map<std::string, std::string> documented_differences() {
  const std::string path = std::string(PUNY_SOURCE_DIR) + "/docs/display.md";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "missing " << path;
  std::map<std::string, std::string> rows;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) {
      inside = line.find("Where `firefox` and Firefox's table differ") != std::string::npos;
      continue;
    }
    // | `xn--...` | `unsafe` | ... |
    if (!inside || line.rfind("| `", 0) != 0) continue;
    const std::size_t a_end = line.find('`', 3);
    const std::size_t b_start = line.find("| `", a_end);
    const std::size_t b_end = b_start == std::string::npos ? b_start : line.find('`', b_start + 3);
    EXPECT_NE(b_end, std::string::npos) << path << ": a row without the profile's answer: " << line;
    if (b_end == std::string::npos) continue;
    const std::string a_label = line.substr(3, a_end - 3);
    EXPECT_TRUE(rows.emplace(a_label, line.substr(b_start + 3, b_end - b_start - 3)).second)
        << path << ": " << a_label << " listed twice";
  }
  EXPECT_FALSE(rows.empty()) << path << " has no table under \"Where `firefox` and Firefox's table differ\"";
  return rows;
}

// Every row of Firefox's table: the firefox profile answers as Firefox does,
// or the row is in docs/display.md's list of differences with the answer
// the profile gives; a listed row that agrees (or is not in the table) fails
// too, so the list stays exact.
TEST(FirefoxProfile, FirefoxTable) {
  const auto cases = read_cases(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/firefox_idn_cases.tsv");
  ASSERT_GE(cases.size(), 400u);
  const profile_info* firefox = find_profile("firefox");
  ASSERT_NE(firefox, nullptr) << "no profile named firefox";
  auto listed = documented_differences();
  options opt;
  opt.which = firefox->id;
  int passed = 0, known = 0;
  for (const idn_case& c : cases) {
    const auto r = decide(c.input, opt);
    std::string got = r.ok() ? r.value.display : "error " + puny::to_string(r.status);
    std::string answer = !r.ok() ? "invalid" : got == c.unicode ? "safe" : got == c.input ? "unsafe" : "shown as " + got;
    if (r.ok()) {
      const auto shown = to_display(c.input, opt);
      if (!shown.ok() || shown.value != got) answer += " (to_display gave " + shown.value + ")";
    }
    const auto entry = listed.find(c.input);
    if (answer == c.expected) {
      ++passed;
      EXPECT_EQ(entry, listed.end()) << "line " << c.line << ": " << c.input
                                     << " is listed in docs/display.md as a difference, but the profile answers "
                                     << answer << " as Firefox does";
    } else if (entry != listed.end() && entry->second == answer) {
      ++known;
    } else {
      if (r.ok())
        for (const auto& l : r.value.labels)
          for (const auto& f : l.findings) answer += " [" + std::string(f.step) + "]";
      ADD_FAILURE() << "line " << c.line << ": " << c.input << " Firefox: " << c.expected << " (" << c.unicode
                    << "), firefox profile: " << answer
                    << (entry == listed.end() ? "" : ", docs/display.md lists: " + entry->second);
    }
    if (entry != listed.end()) listed.erase(entry);
  }
  for (const auto& [a_label, answer] : listed)
    ADD_FAILURE() << "docs/display.md lists " << a_label << " (" << answer << "), which is not in Firefox's table";
  std::printf("Firefox IDN table: %zu rows, %d as Firefox answers, %d known differences (docs/display.md)\n",
              cases.size(), passed, known);
  EXPECT_EQ(passed + known, static_cast<int>(cases.size()));
}

// What today's Firefox changed against the restriction-profile pair: Latin
// with another script (Armenian here) is refused whatever the old pref said;
// the Cyrillic and digit lookalike rules are new; each reason names its step.
TEST(FirefoxProfile, OneScriptRuleAndTheLookalikeSteps) {
  options now, moderate;
  now.which = find_profile("firefox")->id;
  moderate.which = profile::firefox_moderate;
  EXPECT_TRUE(decide("b\xD5\xBDs.com", moderate).value.all_shown());  // retired pair unchanged
  const auto mixed = decide("b\xD5\xBDs.com", now);
  ASSERT_TRUE(mixed.ok());
  ASSERT_FALSE(mixed.value.labels[0].findings.empty());
  EXPECT_EQ(mixed.value.labels[0].findings[0].why, reason::restriction_level);
  EXPECT_EQ(mixed.value.labels[0].findings[0].step, "firefox/3-script-mixing");
  const auto scope = decide("\xD1\x95\xD1\x81\xD0\xBE\xD1\x80\xD0\xB5.com", now);  // Cyrillic "scope"
  ASSERT_TRUE(scope.ok());
  bool cyrillic = false;
  for (const auto& f : scope.value.labels[0].findings)
    cyrillic = cyrillic || (f.why == reason::whole_script_confusable && f.step == "firefox/6-cyrillic-lookalikes" &&
                            f.code_point == U'\u0455');
  EXPECT_TRUE(cyrillic);
  EXPECT_TRUE(decide("\xD1\x95\xD1\x81\xD0\xBE\xD1\x80\xD0\xB5.com", moderate).value.all_shown());
  // Today's built-in blocklist has the hyphen U+2010 and U+2019, which the
  // pref-era default list lacked: abc\u2010def.com is blocked now, shown then.
  const auto hyphen = decide("abc\xE2\x80\x90" "def.com", now);
  ASSERT_TRUE(hyphen.ok());
  ASSERT_FALSE(hyphen.value.labels[0].findings.empty());
  EXPECT_EQ(hyphen.value.labels[0].findings[0].why, reason::blocklisted_character);
  EXPECT_EQ(hyphen.value.labels[0].findings[0].step, "firefox/1-blocklist");
  EXPECT_EQ(hyphen.value.labels[0].findings[0].code_point, U'\u2010');
  EXPECT_TRUE(decide("abc\xE2\x80\x90" "def.com", moderate).value.all_shown());
  EXPECT_FALSE(decide("a\xE2\x80\x99" "b.com", now).value.all_shown());
  // The profile list: firefox last (the numbering of the others unchanged).
  EXPECT_EQ(info(profile::firefox).name, "firefox");
  EXPECT_EQ(&profiles()[profiles().size() - 1], &info(profile::firefox));
}

}  // namespace

// The `firefox` profile (today's nsIDNService::IsLabelSafe) on Firefox's own
// IDN table (data/firefox_idn_cases.tsv, its source in the file), and the
// retired restriction-profile pair kept as it was.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "idn_cases.hpp"
#include "puny/display.hpp"

namespace {

using namespace puny::display;
using puny::test::idn_case;
using puny::test::read_cases;

TEST(FirefoxProfile, FirefoxTable) {
  const auto cases = read_cases(std::string(PUNY_SOURCE_DIR) + "/tests/display/data/firefox_idn_cases.tsv");
  ASSERT_GE(cases.size(), 60u);
  const profile_info* firefox = find_profile("firefox");
  ASSERT_NE(firefox, nullptr) << "no profile named firefox";
  options opt;
  opt.which = firefox->id;
  int passed = 0, failed = 0;
  for (const idn_case& c : cases) {
    const auto r = decide(c.input, opt);
    std::string got = r.ok() ? r.value.display : "error " + puny::to_string(r.status);
    const std::string want = c.expected == "safe" ? c.unicode : c.input;
    bool ok = c.expected == "invalid" ? !r.ok() : (r.ok() && got == want);
    if (ok) {
      const auto shown = to_display(c.input, opt);
      ok = shown.ok() && shown.value == got;
      if (!ok) got += " (to_display gave " + shown.value + ")";
    }
    if (ok) {
      ++passed;
    } else {
      ++failed;
      if (r.ok())
        for (const auto& l : r.value.labels)
          for (const auto& f : l.findings) got += " [" + std::string(f.step) + "]";
      ADD_FAILURE() << "line " << c.line << ": " << c.input << " expected " << c.expected << " (" << c.unicode
                    << "), got " << got;
    }
  }
  std::printf("Firefox IDN table: %d passed, %d failed\n", passed, failed);
  EXPECT_EQ(failed, 0);
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
  // The profile list: firefox last (the numbering of the others unchanged).
  EXPECT_EQ(info(profile::firefox).name, "firefox");
  EXPECT_EQ(&profiles()[profiles().size() - 1], &info(profile::firefox));
}

}  // namespace

// The lists (src/display/lists.cpp) keep a line of lowercase LDH labels,
// none an ACE label, as its own A-label and U-label form without converting
// it.  These tests hold the premise (UTS #46 maps such a name to itself
// under the lists' options) and the lists' answers for lines on either side
// of it: hyphens in every place, ACE labels, uppercase, Unicode.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "puny/display.hpp"
#include "puny/idna.hpp"

namespace {

using puny::display::list_error;
using puny::display::protected_domains;
using puny::display::public_suffix_list;

// The options lists.cpp reads names under (host names with "--" in
// positions 3-4 are real: r2---sn-x.googlevideo.com).
constexpr puny::idna::options list_names = puny::idna::uts46_default.with_check_hyphens(false);

// Random names of 1-4 labels of a-z, 0-9 and '-' (hyphens first, last and
// doubled in positions 3-4 often), lengths 1 to 63.
std::string random_ldh_name(std::mt19937& rng) {
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789-";
  std::string name;
  const int labels = 1 + static_cast<int>(rng() % 4);
  for (int l = 0; l < labels; ++l) {
    if (l > 0) name += '.';
    const std::size_t length = rng() % 8 == 0 ? 1 + rng() % 63 : 1 + rng() % 10;
    std::string label;
    for (std::size_t i = 0; i < length; ++i) label += alphabet[rng() % (sizeof alphabet - 1)];
    if (rng() % 4 == 0 && label.size() >= 4) label[2] = label[3] = '-';
    if (rng() % 6 == 0) label[0] = '-';
    if (rng() % 6 == 0) label.back() = '-';
    if (label.compare(0, 4, "xn--") == 0) label[0] = 'y';  // an ACE label decodes
    name += label;
  }
  return name;
}

TEST(ListForms, LdhNamesAreTheirOwnAsciiAndUnicodeForms) {
  std::mt19937 rng(54);
  int checked = 0;
  for (int n = 0; n < 20000; ++n) {
    const std::string name = random_ldh_name(rng);
    const auto ascii = puny::idna::to_ascii(name, list_names);
    const auto unicode = puny::idna::to_unicode(name, list_names);
    ASSERT_TRUE(ascii.ok()) << name;
    ASSERT_TRUE(unicode.ok()) << name;
    ASSERT_EQ(ascii.value, name);
    ASSERT_EQ(unicode.value, name);
    ++checked;
  }
  EXPECT_EQ(checked, 20000);
}

// Lines on both sides of the shortcut give the same answers whichever
// form a name is looked up in.
TEST(ListForms, SuffixRulesInEveryForm) {
  public_suffix_list psl;
  list_error error;
  ASSERT_TRUE(public_suffix_list::parse(
      "com\nab--cd.example\n-lead.test\ntrail-.test\nxn--fiqs8s\n\xC3\xA4.example\n"
      "Upper.Example\n*.xn--p1ai\n",
      "forms.dat", psl, error))
      << error.text;
  EXPECT_EQ(psl.registrable_domain("a.b.ab--cd.example"), "b.ab--cd.example");
  EXPECT_EQ(psl.registrable_domain("a.b.-lead.test"), "b.-lead.test");
  EXPECT_EQ(psl.registrable_domain("a.b.trail-.test"), "b.trail-.test");
  EXPECT_EQ(psl.registrable_domain("a.b.xn--fiqs8s"), "b.xn--fiqs8s");
  EXPECT_EQ(psl.registrable_domain("a.b.\xE4\xB8\xAD\xE5\x9B\xBD"), "b.\xE4\xB8\xAD\xE5\x9B\xBD");
  EXPECT_EQ(psl.registrable_domain("a.b.xn--4ca.example"), "b.xn--4ca.example");
  EXPECT_EQ(psl.registrable_domain("a.b.\xC3\xA4.example"), "b.\xC3\xA4.example");
  EXPECT_EQ(psl.registrable_domain("a.b.upper.example"), "b.upper.example");  // lowercased rule
  EXPECT_EQ(psl.registrable_domain("a.b.c.\xD1\x80\xD1\x84"), "b.c.\xD1\x80\xD1\x84");  // *.рф
  // A line that is not a name still fails, with its line.
  EXPECT_FALSE(public_suffix_list::parse("com\nok-.example\n\xFF.example\n", "bad.dat", psl, error));
  EXPECT_EQ(error.line, 3u);
}

TEST(ListForms, ProtectedDomainsInEveryForm) {
  protected_domains domains;
  list_error error;
  ASSERT_TRUE(protected_domains::parse("google.com\nab--cd.example\nxn--bcher-kva.example\n"
                                       "B\xC3\x9C" "CHER.test\n",
                                       "top.list", domains, error))
      << error.text;
  EXPECT_EQ(domains.size(), 4u);
  EXPECT_EQ(domains.lookalike_of("goog1e.com"), "google.com");
  EXPECT_EQ(domains.lookalike_of("google.com"), "");  // the domain itself
  EXPECT_EQ(domains.lookalike_of("ab--cd.example"), "");
  EXPECT_EQ(domains.lookalike_of("xn--bcher-kva.example"), "");
  EXPECT_EQ(domains.lookalike_of("b\xC3\xBC" "cher.example"), "");
  EXPECT_FALSE(protected_domains::parse("google.com\nnot a name\n", "top.list", domains, error));
  EXPECT_EQ(error.line, 2u);
}

}  // namespace

// puny::display::decide with a decision_visitor (issue 44): the labels it
// hands over are the whole decision's, in order, for every profile and for
// names whose offsets cannot be mapped; a visitor may decide other names
// while it is called; an invalid name calls nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puny/display.hpp"

namespace {

using namespace puny::display;

struct collected {
  std::string registrable;
  std::size_t announced = 0;
  bool began = false;
  std::vector<label_verdict> labels;
};

class collector : public decision_visitor {
 public:
  explicit collector(collected& into, const options* nested = nullptr) : into_(into), nested_(nested) {}
  void begin(std::string_view registrable_domain, std::size_t label_count) override {
    EXPECT_FALSE(into_.began) << "begin came twice";
    EXPECT_TRUE(into_.labels.empty()) << "begin came after a label";
    into_.began = true;
    into_.registrable.assign(registrable_domain.data(), registrable_domain.size());
    into_.announced = label_count;
  }
  void label(const label_verdict& verdict) override {
    EXPECT_TRUE(into_.began) << "a label before begin";
    into_.labels.push_back(verdict);
    if (nested_ != nullptr) {
      // Another decision on this thread, in the middle of the run.
      auto other = decide("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com", *nested_);
      EXPECT_TRUE(other.ok());
    }
  }

 private:
  collected& into_;
  const options* nested_;
};

void expect_same(const decision& whole, const collected& streamed, const std::string& name) {
  SCOPED_TRACE(name);
  EXPECT_TRUE(streamed.began);
  EXPECT_EQ(streamed.registrable, whole.registrable_domain);
  EXPECT_EQ(streamed.announced, whole.labels.size());
  ASSERT_EQ(streamed.labels.size(), whole.labels.size());
  for (std::size_t i = 0; i < whole.labels.size(); ++i) {
    const label_verdict& a = whole.labels[i];
    const label_verdict& b = streamed.labels[i];
    EXPECT_EQ(a.a_label, b.a_label) << i;
    EXPECT_EQ(a.u_label, b.u_label) << i;
    EXPECT_EQ(a.show_unicode, b.show_unicode) << i;
    EXPECT_EQ(a.offset, b.offset) << i;
    ASSERT_EQ(a.findings.size(), b.findings.size()) << i;
    for (std::size_t k = 0; k < a.findings.size(); ++k) {
      EXPECT_EQ(a.findings[k].why, b.findings[k].why);
      EXPECT_EQ(a.findings[k].offset, b.findings[k].offset);
      EXPECT_EQ(a.findings[k].label, b.findings[k].label);
      EXPECT_EQ(a.findings[k].code_point, b.findings[k].code_point);
      EXPECT_EQ(a.findings[k].step, b.findings[k].step);
      EXPECT_EQ(a.findings[k].similar_to, b.findings[k].similar_to);
      EXPECT_EQ(a.findings[k].imitates, b.findings[k].imitates);
    }
  }
}

const char* const names[] = {
    "b\xC3\xBC" "cher.de",
    "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com",                 // whole-script confusable
    "www.p\xD0\xB0ypal.com.",                                          // mixed scripts, root label
    "a\xE3\x80\x82" "b\xC3\xBC\xEF\xBC\x8E" "c\xEF\xBD\xA1xn--bcher-kva.example",  // ideographic dots
    "\xE2\x92\x88" "b\xC3\xBC.com",  // U+2488 maps to "1.": offsets unknown
    "xn--80ak6aa92e.xn--p1ai",
    "na\xC4\xB1\xCC\x88ve.com",
    "",
    ".",
    "a..b",
};

TEST(DecisionVisitor, HandsOverTheWholeDecisionLabelByLabel) {
  protected_domains top;
  list_error error;
  ASSERT_TRUE(protected_domains::parse("apple.com\npaypal.com\n", "top", top, error)) << error.text;
  for (const profile_info& p : profiles()) {
    for (const char* name : names) {
      const protected_domains* lists[] = {nullptr, &top};
      for (const protected_domains* list : lists) {
        options opt;
        opt.which = p.id;
        opt.protected_list = list;
        auto whole = decide(name, opt);
        collected streamed;
        collector visitor(streamed);
        const puny::status st = decide(name, opt, visitor);
        EXPECT_EQ(st.code, whole.status.code) << p.name << " " << name;
        if (!whole.ok()) {
          EXPECT_FALSE(streamed.began) << name;
          EXPECT_TRUE(streamed.labels.empty()) << name;
          continue;
        }
        expect_same(whole.value, streamed, std::string(p.name) + " " + name);
      }
    }
  }
}

TEST(DecisionVisitor, MayDecideOtherNamesWhileCalled) {
  options opt;
  const std::string name = "p\xD0\xB0ypal.b\xC3\xBC" "cher.\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com";
  auto whole = decide(name, opt);
  ASSERT_TRUE(whole.ok());
  collected streamed;
  collector visitor(streamed, &opt);
  ASSERT_TRUE(decide(name, opt, visitor).ok());
  expect_same(whole.value, streamed, name);
}

TEST(DecisionVisitor, ManyLabelsInOrder) {
  std::string name;
  for (int i = 0; i < 5000; ++i) name += i % 3 == 0 ? "\xC3\xBC." : "a.";
  name += "com";
  auto whole = decide(name);
  ASSERT_TRUE(whole.ok());
  collected streamed;
  collector visitor(streamed);
  ASSERT_TRUE(decide(name, {}, visitor).ok());
  expect_same(whole.value, streamed, "5001 labels");
  EXPECT_EQ(streamed.labels.back().offset, name.size() - 3);
}

}  // namespace

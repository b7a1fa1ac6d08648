// Regression tests for the 2025-2026 advisory classes of other Punycode and
// IDNA implementations, one test suite per advisory, named after it
// (docs/security.md, "Known bug classes", maps each to its test).  Each
// test drives every public entry point the class concerns, through the
// helpers of every_entry_point.hpp.  This file: how a host is spelled
// (ACE labels that decode to ASCII, dots, stripped characters); the Punycode
// codec's advisories are in advisories_codec_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "advisory_helpers.hpp"
#include "every_entry_point.hpp"
#include "puny/bootstring.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace {

using puny::errc;
using puny::test::every_entry_point;
using puny::test::every_preset;
using puny::test::every_to_ascii;
using puny::test::every_to_unicode;
using puny::test::has_error_at;
using puny::test::outcome;
namespace idna = puny::idna;
namespace pc = puny::punycode;
namespace bs = puny::bootstring;
using namespace puny::test::advisory;

// ------------------------------------------------------------------------
// symfony/polyfill-intl-idn CVE-2026-46644: an xn-- label whose Punycode
// decodes to ASCII only ("xn--ascii-" -> "ascii") was accepted, so two
// spellings named one host; in a mixed domain such as "xn--ascii-.日本"
// the Unicode label made the name skip the ASCII-only shortcut and the
// ACE label went through unchecked.  UTS #46 section 4.1 step 4 (rev 33+):
// such a label is an error (P4) in ToASCII and ToUnicode.

struct ace_case {
  std::string input;
  std::size_t label;   // index of the ACE label
  std::size_t offset;  // its byte offset
};

TEST(Symfony_CVE_2026_46644, PayloadsDecodeToAsciiOnly) {
  // The payloads are valid Punycode: the error below is the ASCII-only
  // rule, not a decoding failure.
  for (const char* payload : {"ascii-", "example-", "a-", "0-", "ASCII-"}) {
    const auto d = pc::decode(payload);
    ASSERT_TRUE(d.ok()) << payload;
    EXPECT_FALSE(d.value.empty());
    EXPECT_TRUE(std::all_of(d.value.begin(), d.value.end(), [](char32_t c) { return c < 0x80; }));
  }
}

TEST(Symfony_CVE_2026_46644, AsciiOnlyAceLabelsFailInEveryEntryPoint) {
  const std::vector<ace_case> cases = {
      {"xn--ascii-." + nihon, 0, 0},
      {nihon + ".xn--ascii-", 1, 7},
      {"XN--ASCII-." + nihon, 0, 0},
      {"xn--ascii-" + ideographic_stop + nihon, 0, 0},
      {"b\xC3\xBC" "cher.xn--example-.de", 1, 8},
      {"www.xn--a-.b\xC3\xBC" "cher", 1, 4},
      {"xn--0-." + nihon, 0, 0},
      // All-ASCII names too (only the URL Standard's pass-through lets them
      // through, by design: see below).
      {"xn--ascii-", 0, 0},
      {"www.xn--example-.com", 1, 4},
  };
  for (const auto& preset : every_preset()) {
    for (const ace_case& c : cases) {
      const bool url_pass_through = preset.opt.url_family() && all_ascii(c.input);
      for (const outcome& o : every_entry_point(c.input, preset.opt)) {
        SCOPED_TRACE(preset.name + std::string(" ") + o.form + " " + c.input);
        const bool is_to_ascii = o.form.rfind("to_ascii", 0) == 0 || o.form == "explain_to_ascii";
        if (url_pass_through && is_to_ascii) {
          // whatwg/url#914: ASCII input is returned lower-cased, unexamined.
          std::string lowered = c.input;
          for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          ASSERT_TRUE(o.ok());
          EXPECT_EQ(o.value, lowered);
          continue;
        }
        EXPECT_FALSE(o.ok());
        if (is_to_ascii) {
          EXPECT_TRUE(o.value.empty());
        }
        // The first error is the ACE label's (the other labels are valid).
        EXPECT_EQ(o.first.code, errc::invalid_ace_label);
        EXPECT_EQ(idna::uts46_code(o.first), "P4");
        EXPECT_EQ(o.first.label, c.label);
        EXPECT_EQ(o.offset8, c.offset);
      }
    }
  }
}

TEST(Symfony_CVE_2026_46644, ExplainTraceShowsTheAsciiDecoding) {
  const idna::trace t = idna::explain_to_ascii("xn--ascii-." + nihon);
  ASSERT_EQ(t.labels.size(), 2u);
  EXPECT_TRUE(t.labels[0].ace);
  EXPECT_EQ(t.labels[0].decoded, U"ascii");
  ASSERT_FALSE(t.labels[0].errors.empty());
  EXPECT_EQ(t.labels[0].errors.front().code, errc::invalid_ace_label);
  EXPECT_TRUE(t.labels[1].errors.empty());
}

// ------------------------------------------------------------------------
// fast-uri CVE-2026-13676: "127。0。0。1" (U+3002 IDEOGRAPHIC FULL STOP) was
// not folded to "127.0.0.1" by one API while another did, so an allow-list
// check and the connection saw different hosts.  UTS #46 section 4 step 1
// maps U+3002, U+FF0E and U+FF61 to U+002E: every entry point and every
// preset must give exactly what the ASCII-dot spelling gives.

TEST(FastUri_CVE_2026_13676, IdeographicAndFullwidthDotsFoldTheSameInEveryApi) {
  // Templates with '|' where a dot goes.
  const std::vector<std::string> templates = {
      "127|0|0|1", "b\xC3\xBC" "cher|de", "xn--bcher-kva|example", "a||b", "a|", "|",
      "127|0|0|-1",  // V3 in label 3 (with CheckHyphens)
      "a|b_c",       // U1 with UseSTD3ASCIIRules
      "\xD7\x90|1",  // Bidi: an RTL label then a digit label (B1)
      std::string(63, 'a') + "|" + std::string(64, 'b'),  // A4_2 with VerifyDnsLength
  };
  const std::vector<std::string> dots = {ideographic_stop, fullwidth_stop,
                                         halfwidth_ideographic_stop};
  for (const auto& preset : every_preset()) {
    for (const std::string& tpl : templates) {
      std::string ascii_dots = tpl;
      std::replace(ascii_dots.begin(), ascii_dots.end(), '|', '.');
      const std::vector<outcome> ref = every_entry_point(ascii_dots, preset.opt);
      const std::u32string ref32 = utf32(ascii_dots);
      for (std::size_t variant = 0; variant <= dots.size(); ++variant) {
        // Each kind of dot, and all three mixed (variant == dots.size()).
        std::string in;
        std::size_t k = 0;
        for (char ch : tpl) {
          if (ch != '|') {
            in.push_back(ch);
            continue;
          }
          in += dots[variant < dots.size() ? variant : k++ % dots.size()];
        }
        const std::u32string in32 = utf32(in);
        const std::vector<outcome> got = every_entry_point(in, preset.opt);
        ASSERT_EQ(got.size(), ref.size());
        for (std::size_t j = 0; j < got.size(); ++j) {
          const outcome& a = ref[j];
          const outcome& b = got[j];
          SCOPED_TRACE(std::string(preset.name) + " " + b.form + " " + in);
          // The URL pass-through returns all-ASCII input unchanged, so the
          // ASCII spelling and the folded one differ only in that they are
          // examined at all: compare the folded input with the UTS #46
          // answer then (its dots become '.' and the rest is identical).
          const bool pass_through = preset.opt.url_family() && all_ascii(ascii_dots) &&
                                    (b.form.rfind("to_ascii", 0) == 0 || b.form == "explain_to_ascii");
          if (pass_through) {
            idna::options no_pass = preset.opt;
            no_pass = no_pass.with_url_domain_to_ascii(false);
            const auto strict = idna::to_ascii(ascii_dots, no_pass);
            EXPECT_EQ(b.ok(), strict.ok());
            if (b.ok()) {
              EXPECT_EQ(b.value, a.value);
            }
            continue;
          }
          EXPECT_EQ(b.ok(), a.ok());
          EXPECT_EQ(b.first.code, a.first.code);
          EXPECT_EQ(b.first.label, a.first.label);
          // The URL Standard's domain to Unicode returns its input when an
          // error is recorded: each spelling is then its own output (the
          // dots are not folded there, by the spec).
          const bool input_returned =
              preset.opt.url_family() && !a.ok() && b.form.rfind("to_unicode", 0) == 0;
          if (input_returned) {
            EXPECT_EQ(a.value, ascii_dots);
            EXPECT_EQ(b.value, in);
          } else {
            EXPECT_EQ(b.value, a.value);
          }
          EXPECT_EQ(b.all.size(), a.all.size());
          if (!a.ok()) {
            // Same place in code points (each dot is one code point in
            // both spellings).
            const std::size_t a_cp = utf32(ascii_dots.substr(0, a.offset8)).size();
            const std::size_t b_cp = utf32(in.substr(0, b.offset8)).size();
            EXPECT_EQ(b_cp, a_cp);
          }
        }
        EXPECT_EQ(in32.size(), ref32.size());
      }
    }
  }
}

// ------------------------------------------------------------------------
// CVE-2026-110180: a host parser stripped TAB, CR and LF, and dropped what
// came before '@', inside domain-to-ASCII, so "exa<TAB>mple.com" and
// "evil@example.com" became "example.com" after an allow-list check had
// seen the original.  The URL Standard strips tabs and newlines from the
// whole URL and splits userinfo before host parsing, never inside it; here
// every such character is either kept in the output or reported as an error
// at its offset, by every entry point and preset.

TEST(CVE_2026_110180, TabCrLfAndDataBeforeAtNeverStrippedSilently) {
  const std::vector<std::string> inputs = {
      "exa\tmple.com",   "example.com\t",     "\texample.com",      "exa\rmple.com",
      "exa\nmple.com",   "example.com\r\n",   "user@example.com",   "user:pass@example.com",
      "@example.com",    "a@b@c",             "b\xC3\xBC" "cher\t.de", "user@b\xC3\xBC" "cher.de",
      "\xE6\x97\xA5\t" "\xE6\x9C\xAC.jp",     "x\x0B\x0C" "y.com",
  };
  auto special = [](char c) { return c == '\t' || c == '\r' || c == '\n' || c == '@' ||
                                     c == '\x0B' || c == '\x0C' || c == ':'; };
  for (const auto& preset : every_preset()) {
    for (const std::string& in : inputs) {
      const std::size_t first_special =
          static_cast<std::size_t>(std::find_if(in.begin(), in.end(), special) - in.begin());
      const auto count = [&](std::string_view s) { return std::count_if(s.begin(), s.end(), special); };
      for (const outcome& o : every_entry_point(in, preset.opt)) {
        SCOPED_TRACE(std::string(preset.name) + " " + o.form + " [" + in + "]");
        const bool is_to_unicode = o.form.rfind("to_unicode", 0) == 0;
        if (o.ok() || is_to_unicode) {
          // Kept: every special character is in the output (ToUnicode's
          // best-effort string keeps them even when it reports an error).
          EXPECT_EQ(count(o.value), count(in));
        }
        // The URL preset's forbidden-code-point offset is checked on its
        // own below (UrlForbiddenCodePointAtItsInputOffset).
        if (!o.ok() && o.first.code != errc::forbidden_domain_code_point) {
          // Reported no later than the first special character...
          EXPECT_LE(o.offset8, first_special);
          // ...and, where every error is listed, at that character.
          if (!o.all.empty() && o.offset8 < first_special) {
            bool at_special = false;
            for (const puny::status& s : o.all) at_special |= s.offset == first_special;
            EXPECT_TRUE(at_special);
          }
        }
      }
    }
  }
  // Under the presets that forbid them the answer is an error at the
  // character, never a shorter name.
  const auto url = idna::to_ascii("exa\tmple.com", idna::url);
  EXPECT_EQ(url.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(url.status.offset, 3u);
  const auto at = idna::to_ascii("evil@example.com", idna::registration);
  EXPECT_EQ(at.status.code, errc::std3_disallowed);
  EXPECT_EQ(idna::uts46_code(at.status), "U1");
  EXPECT_EQ(at.status.offset, 4u);
  const auto at_url = idna::to_ascii("evil@example.com", idna::url);
  EXPECT_EQ(at_url.status.code, errc::forbidden_domain_code_point);
  EXPECT_EQ(at_url.status.offset, 4u);
}

TEST(CVE_2026_110180, UrlForbiddenCodePointAtItsInputOffset) {
  // The url preset reports a forbidden domain code point (URL Standard,
  // "domain to ASCII" step 4) at its offset in the caller's input, in every
  // encoding, also when the name needs Punycode or mapping (where the
  // character sits elsewhere in the ASCII result).
  struct forbidden_case {
    std::string input;
    std::size_t offset;  // of the forbidden code point, UTF-8 bytes
  };
  const std::vector<forbidden_case> cases = {
      {"exa\tmple.com", 3},
      {"b\xC3\xBC" "cher\t.de", 7},
      {"user@b\xC3\xBC" "cher.de", 4},
      {"\xE6\x97\xA5\t" "\xE6\x9C\xAC.jp", 3},
      {"\xEF\xBC\xA1\xEF\xBC\xA2@c", 6},  // fullwidth AB, mapped to "ab"
      {"b\xC3\xBC" "cher.de/path", 10},
  };
  for (const forbidden_case& c : cases) {
    for (const outcome& o : every_to_ascii(c.input, idna::url)) {
      SCOPED_TRACE(o.form + " [" + c.input + "]");
      EXPECT_EQ(o.first.code, errc::forbidden_domain_code_point);
      EXPECT_EQ(o.offset8, c.offset);
    }
  }
}

}  // namespace

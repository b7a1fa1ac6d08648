// The IDN route of ToASCII (src/idna/idn_path.cpp) and the valid-mark kind
// of ucd::idna_plain_kind that it and the ACE route of ToUnicode read:
//  * which names the route takes (so that the common IDN name skips the
//    workspace: Devanagari and Thai marks, capital Cyrillic, Hebrew) and
//    which it must leave to the pipeline (a mark starting a label, marks
//    out of canonical order, joiners, deviations, emoji, Bidi failures,
//    "xn--" and hyphen rules), its result equal to the pipeline's;
//  * every entry point with and without the fast paths on names built from
//    those pieces, under every flag combination (fuzz/idna_all_paths.hpp).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "idna/fast_path.hpp"
#include "idna_all_paths.hpp"
#include "puny/idna.hpp"

namespace {

namespace idna = puny::idna;
namespace detail = puny::idna::detail;

// The route's result, or "(declined)".
std::string route(const std::string& in, const idna::options& opt = idna::uts46_default) {
  std::string out(detail::idn_output_room(in.size()), '\0');
  const std::size_t n = detail::idn_to_ascii(in.data(), in.size(), opt, &out[0]);
  if (n == detail::idn_declined) return "(declined)";
  out.resize(n);
  return out;
}

// The pipeline's result with every fast path off.
std::string pipeline(const std::string& in, const idna::options& opt = idna::uts46_default) {
  detail::fast_paths_disabled.store(true);
  const auto r = idna::to_ascii(in, opt);
  detail::fast_paths_disabled.store(false);
  return r.ok() ? r.value : "(error)";
}

TEST(IdnRoute, TakesNamesOneReadVouchesFor) {
  const char* const taken[] = {
      "\xE0\xA4\xB9\xE0\xA4\xBF\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6\xE0\xA5\x80.com",  // हिन्दी: virama, Mc
      "\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2.com",                                       // ไทย
      "\xE0\xB8\x81\xE0\xB8\xB8\xE0\xB9\x88.th",  // ก + sara u (ccc 103) + mai ek (ccc 107): in order
      "\xD0\x9F\xD0\xA0\xD0\x98\xD0\x9C\xD0\x95\xD0\xA0.\xD1\x80\xD1\x84",              // ПРИМЕР.рф
      "\xD7\x90\xD7\x91.co.il",                                                         // Hebrew
      "B\xC3\xBC" "cher.DE.",                                                           // root label
      "\xE4\xBE\x8B\xE3\x81\x88.jp",
      "\xC3\x9F.de",                       // a deviation, kept (nontransitional)
      "\xCF\x82.gr",                       // final sigma, the same
      "\xF0\x9F\x98\x80.com",              // beyond the BMP: looked up one property at a time
      "\xF0\xA0\x80\x80.cn",               // U+20000
  };
  for (const char* in : taken) {
    const std::string got = route(in);
    EXPECT_NE(got, "(declined)") << in;
    EXPECT_EQ(got, pipeline(in)) << in;
  }
  EXPECT_EQ(route("\xD0\x9F\xD0\xA0\xD0\x98\xD0\x9C\xD0\x95\xD0\xA0.\xD1\x80\xD1\x84"),
            "xn--e1afmkfd.xn--p1ai");
}

TEST(IdnRoute, LeavesEveryOtherNameToThePipeline) {
  const char* const declined[] = {
      "\xE0\xA5\x8D" "a.com",              // V6: a mark starts the label
      "\xE0\xB8\x81\xE0\xB9\x88\xE0\xB8\xB8.th",  // mai ek (107) before sara u (103): not NFC
      "a\xE2\x80\x8D" "b.com",             // ZWJ: CheckJoiners
      "\xE1\xBA\x9E.de",                   // capital sharp s maps to U+00DF, a deviation
      "a\xC2\xAD" "b.com",                 // U+00AD is ignored
      "\xD7\x90" "1.com",                  // passes; but 1abc below fails the Bidi rule
      "\xD7\x90.1abc",                     // RFC 5893 rule 1 on the ASCII label
      "xn--bcher-kva.\xC3\xA9",            // an ACE label
      "ab--\xC3\xA9",                      // V2
      "-\xC3\xA9.com",                     // V3
      "a..\xC3\xA9",                       // an empty label
      "a_\xC3\xA9",                        // not LDH
      "\xEF\xBC\xA1" "b\xC3\xA9",          // fullwidth A maps to ASCII
      "a\xE3\x80\x82\xC3\xA9",             // ideographic full stop maps to '.'
      "\xC3\xA9\xFF",                      // ill-formed
      "\xED\xA0\x80",                      // an encoded surrogate
  };
  for (const char* in : declined) {
    const std::string s = in;
    if (s == "\xD7\x90" "1.com") {
      EXPECT_NE(route(s), "(declined)");  // an RTL label may end in a digit
      EXPECT_EQ(route(s), pipeline(s));
      continue;
    }
    EXPECT_EQ(route(s), "(declined)") << s;
  }
  EXPECT_EQ(route("b\xC3\xBC" "cher.de", idna::uts46_default.with_verify_dns_length()), "(declined)");
  idna::options transitional;
  transitional.transitional_processing = true;
  EXPECT_EQ(route("\xC3\x9F.de", transitional), "(declined)");  // a deviation maps
  detail::fast_paths_disabled.store(true);
  EXPECT_EQ(route("b\xC3\xBC" "cher.de"), "(declined)");
  detail::fast_paths_disabled.store(false);
}

// Names built from the route's pieces, every entry point both ways.
TEST(IdnRoute, EveryEntryPointAgreesWithThePipeline) {
  const std::string pieces[] = {
      "a", "Z", "-", ".", "0", "xn--", "\xC3\xA9", "\xD0\x9F", "\xD1\x80",
      "\xE0\xA4\xB9", "\xE0\xA5\x8D", "\xE0\xA4\xBC", "\xE0\xB8\x81", "\xE0\xB8\xB8",
      "\xE0\xB9\x88", "\xCC\x81", "\xCC\x96", "\xD7\x90", "\xD9\xA0", "\xD8\xA7",
      "\xE2\x80\x8C", "\xC3\x9F", "\xF0\x9F\x98\x80", "\xEF\xBC\xA1", "\xE1\xBA\x9E", "_"};
  std::vector<idna::options> opts;
  for (unsigned b = 0; b < 64; ++b) {
    idna::options o;
    o.check_hyphens = b & 1;
    o.check_bidi = b & 2;
    o.use_std3_ascii_rules = b & 4;
    o.transitional_processing = b & 8;
    o.verify_dns_length = b & 16;
    o.check_joiners = b & 32;
    opts.push_back(o);
  }
  opts.push_back(idna::url);
  opts.push_back(idna::registration);
  std::mt19937_64 rng(54);
  std::size_t failures = 0, checks = 0, taken = 0;
  for (int k = 0; k < 3000; ++k) {
    std::string s;
    const std::size_t parts = 1 + rng() % 12;
    for (std::size_t j = 0; j < parts; ++j) s += pieces[rng() % (sizeof pieces / sizeof pieces[0])];
    if (route(s) != "(declined)") ++taken;
    for (const idna::options& o : opts) {
      ++checks;
      const std::string diff = puny::fuzz::fast_path_mismatch(s, o);
      if (!diff.empty() && ++failures <= 5) ADD_FAILURE() << s << "\n" << diff;
    }
  }
  EXPECT_EQ(failures, 0u) << failures << " mismatches in " << checks << " checks";
  EXPECT_GT(taken, 100u) << "the route took too few of the names to test it";
}

// ToUnicode's ACE route over 64 bytes (ace_to_unicode_long): names the
// decision does not classify, lowercased and split by the route itself.
TEST(AceRouteLong, TakesLongNamesAndAgreesWithThePipeline) {
  const std::string labels[] = {"xn--bcher-kva", "XN--E1AFMKFD", "xn--p1ai", "example",
                                "xn--4dbrk0ce", "xn--mgbh0fb", "xn--h2brj9c", "a-b", "xn--zca"};
  std::mt19937_64 rng(5493);
  std::size_t taken = 0, failures = 0;
  const std::vector<idna::options> opts = {idna::uts46_default, idna::uts46_raw, idna::url,
                                           idna::registration};
  for (int k = 0; k < 2000; ++k) {
    std::string s;
    while (s.size() <= 64) {
      if (!s.empty()) s += '.';
      s += labels[rng() % (sizeof labels / sizeof labels[0])];
    }
    if (rng() % 8 == 0) s += '.';
    if (rng() % 16 == 0) s[rng() % s.size()] = '_';  // declined: not LDH
    std::string out(4 * s.size(), '\0');
    if (detail::ace_to_unicode_long(s.data(), s.size(), idna::uts46_default, &out[0]) !=
        detail::ace_declined)
      ++taken;
    for (const idna::options& o : opts) {
      const std::string diff = puny::fuzz::fast_path_mismatch(s, o);
      if (!diff.empty() && ++failures <= 5) ADD_FAILURE() << s << "\n" << diff;
    }
  }
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(taken, 500u) << "the long ACE route took too few names";
  // Over ace_max_input bytes, and with fast paths off: declined.
  const std::string longest(300, 'a');
  std::string out(4 * longest.size(), '\0');
  EXPECT_EQ(detail::ace_to_unicode_long(longest.data(), longest.size(), idna::uts46_default, &out[0]),
            detail::ace_declined);
}

}  // namespace

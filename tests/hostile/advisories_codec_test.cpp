// Regression tests for the advisories of other Punycode implementations'
// codecs (a 32-bit delta accumulator, truncated ACE labels, an encoder
// looping on malformed UTF-8, non-canonical A-labels), one test suite per
// advisory, named after it (docs/security.md, "Known bug classes").  Host
// spelling advisories are in advisories_test.cpp; the helpers are shared
// through advisory_helpers.hpp.
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
// Net::IDN::Encode CVE-2026-74765 and CVE-2026-87081: the delta accumulator
// was a 32-bit signed integer.  1927 basic letters followed by U+10FFFF make
// the first delta (0x10FFFF - 0x80) * 1928 + 1927 = 2,147,761,151, just
// above 2^31 - 1; 10^5 distinct code points in one label make the encoder
// run its outer loop 10^5 times with large h.

// RFC 3492 section 6.3, one variable-length integer with the given bias,
// written independently of the library.
std::string encode_integer(std::uint64_t q, std::uint32_t bias) {
  const char* digits = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string out;
  for (std::uint32_t k = 36;; k += 36) {
    const std::uint32_t t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias);
    if (q < t) break;
    out.push_back(digits[t + (q - t) % (36 - t)]);
    q = (q - t) / (36 - t);
  }
  out.push_back(digits[q]);
  return out;
}

TEST(NetIdn_CVE_2026_74765, Letters1927ThenMaxCodePoint) {
  for (std::size_t letters : {std::size_t{1926}, std::size_t{1927}, std::size_t{1928},
                              std::size_t{3855}, std::size_t{3856}}) {
    SCOPED_TRACE(letters);
    std::u32string in(letters, U'a');
    in.push_back(0x10FFFF);
    const std::uint64_t delta = std::uint64_t{0x10FFFF - 0x80} * (letters + 1) + letters;
    if (letters >= 1927) {
      EXPECT_GT(delta, std::uint64_t{0x7FFFFFFF});
    }
    if (letters >= 3856) {
      EXPECT_GT(delta, std::uint64_t{0xFFFFFFFF});
    }
    const std::string expected = std::string(letters, 'a') + "-" + encode_integer(delta, 72);

    const auto enc = pc::encode(in);
    ASSERT_TRUE(enc.ok());
    EXPECT_EQ(enc.value, expected);
    EXPECT_EQ(pc::encode_utf8(utf8(in)).value, expected);
    for (bs::strategy st : {bs::strategy::simple, bs::strategy::fenwick}) {
      std::string out;
      ASSERT_TRUE(bs::encode(in, pc::profile, out, nullptr, bs::advanced_options{st, nullptr}).ok());
      EXPECT_EQ(out, expected);
      std::u32string back;
      ASSERT_TRUE(bs::decode(expected, pc::profile, back, nullptr, bs::advanced_options{st, nullptr}).ok());
      EXPECT_EQ(back, in);
    }
    std::unique_ptr<char[]> buf(new char[expected.size()]);
    const auto eb = pc::encode(in, buf.get(), expected.size());
    ASSERT_TRUE(eb.ok());
    EXPECT_EQ(std::string(buf.get(), eb.size), expected);
    EXPECT_EQ(pc::decode(expected).value, in);
    EXPECT_EQ(pc::decode_to_utf8(expected).value, utf8(in));
    std::unique_ptr<char32_t[]> dbuf(new char32_t[in.size()]);
    const auto db = pc::decode(expected, dbuf.get(), in.size());
    ASSERT_TRUE(db.ok());
    EXPECT_EQ(std::u32string(dbuf.get(), db.size), in);

    // One more step of the same digit pushes the delta past U+10FFFF's
    // position: decoded_out_of_range, not a wrapped value.
    const std::string beyond = std::string(letters, 'a') + "-" + encode_integer(delta + letters + 1, 72);
    EXPECT_EQ(pc::decode(beyond).status.code, errc::decoded_out_of_range);

    // IDNA: U+10FFFF is a noncharacter, disallowed (V7) at its offset; in
    // an ACE label the decoded label is checked the same way.
    const auto a = idna::to_ascii(utf8(in));
    EXPECT_EQ(a.status.code, errc::disallowed);
    EXPECT_EQ(a.status.offset, letters);
    const auto u = idna::to_unicode("xn--" + expected);
    EXPECT_EQ(u.status.code, errc::disallowed);
    EXPECT_EQ(idna::uts46_code(u.status), "V7");
  }
  // The same edge with a code point IDNA accepts (U+3134A, CJK Extension G):
  // a full round trip through ToASCII and ToUnicode.
  std::u32string valid(1927, U'a');
  valid.push_back(0x3134A);
  const auto a = idna::to_ascii(utf8(valid));
  ASSERT_TRUE(a.ok());
  const std::uint64_t delta = std::uint64_t{0x3134A - 0x80} * 1928 + 1927;
  EXPECT_EQ(a.value, "xn--" + std::string(1927, 'a') + "-" + encode_integer(delta, 72));
  const auto u = idna::to_unicode(a.value);
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u.value, utf8(valid));
}

TEST(NetIdn_CVE_2026_87081, HundredThousandDistinctCodePointsInOneLabel) {
  // 10^5 distinct code points IDNA accepts as they are (CJK ideographs of
  // the URO and Extensions A-G, Hangul syllables), in a scrambled order.
  std::u32string label;
  const std::pair<char32_t, char32_t> ranges[] = {
      {0x4E00, 0x9FFF}, {0x3400, 0x4DBF}, {0xAC00, 0xD7A3}, {0x20000, 0x2A6DF},
      {0x2A700, 0x2EBE0}, {0x30000, 0x3134A}};
  for (const auto& [lo, hi] : ranges)
    for (char32_t c = lo; c <= hi && label.size() < 100000; ++c)
      if (idna::to_ascii(utf8(std::u32string(1, c))).ok()) label.push_back(c);
  ASSERT_EQ(label.size(), 100000u);
  std::uint64_t x = 0x9E3779B97F4A7C15u;
  for (std::size_t j = label.size() - 1; j > 0; --j) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    std::swap(label[j], label[(x >> 33) % (j + 1)]);
  }
  std::u32string sorted = label;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());

  const auto enc = pc::encode(label);
  ASSERT_TRUE(enc.ok());
  EXPECT_TRUE(all_ascii(enc.value));
  std::string fenwick;
  ASSERT_TRUE(bs::encode(label, pc::profile, fenwick, nullptr,
                         bs::advanced_options{bs::strategy::fenwick, nullptr}).ok());
  EXPECT_EQ(fenwick, enc.value);
  const auto dec = pc::decode(enc.value);
  ASSERT_TRUE(dec.ok());
  EXPECT_EQ(dec.value, label);
  // The RFC's loop on a prefix (it is quadratic in the distinct count).
  const std::u32string prefix = label.substr(0, 3000);
  std::string simple;
  ASSERT_TRUE(bs::encode(prefix, pc::profile, simple, nullptr,
                         bs::advanced_options{bs::strategy::simple, nullptr}).ok());
  EXPECT_EQ(simple, pc::encode(prefix).value);

  const std::string text = utf8(label);
  const auto a = idna::to_ascii(text);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value, "xn--" + enc.value);
  EXPECT_EQ(idna::to_ascii(text, idna::registration).status.code, errc::label_too_long);
  const auto u = idna::to_unicode(a.value);
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u.value, text);
}

// ------------------------------------------------------------------------
// Net::IDN CVE-2026-87080: a truncated ACE label decoded to a string with a
// character the full label does not have (the decoder inserted the partial
// integer as if complete).  A cut after the delimiter either fails with
// truncated_number at the end of the input, or (at an integer boundary)
// decodes to the state after fewer insertions: a strict subsequence of the
// full label, never a new character.

bool is_subsequence(std::u32string_view part, std::u32string_view whole) {
  std::size_t j = 0;
  for (char32_t c : whole)
    if (j < part.size() && part[j] == c) ++j;
  return j == part.size();
}

TEST(NetIdn_CVE_2026_87080, TruncatedLabelsNeverAddACharacter) {
  const std::vector<std::string> words = {
      "3\xE5\xB9\xB4" "B\xE7\xB5\x84\xE9\x87\x91\xE5\x85\xAB\xE5\x85\x88\xE7\x94\x9F",  // 3年B組金八先生
      "b\xC3\xBC" "cher", "ma\xC3\xB1" "ana",
      "\xD9\x84\xD9\x8A\xD9\x87\xD9\x85\xD8\xA7\xD8\xA8\xD8\xAA\xD9\x83\xD9\x84\xD9\x85\xD9\x88"
      "\xD8\xB4\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\x9F",  // RFC 3492 sample A (Arabic)
      "\xF0\x9F\x98\x80\xF0\x9F\x98\x81\xF0\x9F\x98\x82" "abc",
      "\xE4\xBB\x96\xE4\xBB\xAC\xE4\xB8\xBA\xE4\xBB\x80\xE4\xB9\x88\xE4\xB8\x8D\xE8\xAF\xB4"
      "\xE4\xB8\xAD\xE6\x96\x87",  // RFC 3492 sample B (Chinese)
  };
  std::size_t boundary_cuts = 0;
  std::size_t inside_cuts = 0;
  for (const std::string& word : words) {
    const std::u32string full = utf32(word);
    const std::u32string full_mapped = utf32(lower(word));
    const std::string ace = pc::encode(full).value;
    const std::size_t delimiter = ace.rfind('-');
    const std::size_t digits = delimiter == std::string::npos ? 0 : delimiter + 1;
    for (std::size_t k = digits; k < ace.size(); ++k) {
      const std::string cut = ace.substr(0, k);
      SCOPED_TRACE(cut);
      const auto d = pc::decode(cut);
      const auto d8 = pc::decode_to_utf8(cut);
      std::unique_ptr<char32_t[]> buf(new char32_t[k + 1]);
      const auto db = pc::decode(cut, buf.get(), k + 1);
      EXPECT_EQ(d.status.code, d8.status.code);
      EXPECT_EQ(d.status.code, db.status.code);
      if (d.ok()) {
        ++boundary_cuts;
        EXPECT_LT(d.value.size(), full.size());
        EXPECT_TRUE(is_subsequence(d.value, full));
        EXPECT_EQ(d8.value, utf8(d.value));
        EXPECT_EQ(std::u32string(buf.get(), db.size), d.value);
      } else {
        ++inside_cuts;
        EXPECT_EQ(d.status.code, errc::truncated_number);
        EXPECT_EQ(d.status.offset, k);
      }
      // The same through ToUnicode, which maps (lower-cases) the label
      // first: an error (P4) or a subsequence of the mapped full label.
      const auto u = idna::to_unicode("xn--" + cut);
      if (d.ok()) {
        EXPECT_TRUE(is_subsequence(utf32(u.value), full_mapped) || !u.ok());
      } else {
        EXPECT_EQ(u.status.code, errc::truncated_number);
        EXPECT_EQ(idna::uts46_code(u.status), "P4");
        // Inside the truncated integer: the Punycode layer reports the end
        // of the input (k), ToUnicode the label's last character.
        EXPECT_GE(u.status.offset, 4 + digits);
        EXPECT_LE(u.status.offset, 4 + k);
        EXPECT_EQ(u.value, lower("xn--" + cut));  // kept as mapped, nothing decoded into it
      }
      EXPECT_FALSE(idna::to_ascii("xn--" + cut).ok() && !d.ok());
    }
  }
  // Both kinds of cut occurred.
  EXPECT_GT(boundary_cuts, 5u);
  EXPECT_GT(inside_cuts, 5u);
}

TEST(NetIdn_CVE_2026_87080, TruncatedUtf8GivesOneReplacementCharacter) {
  // Cutting a UTF-8 name inside a sequence leaves one U+FFFD and an error at
  // the cut, never an extra character (and never a dropped one).
  const std::string name = "3\xE5\xB9\xB4" "b\xE7\xB5\x84.\xF0\x9F\x98\x80" "b\xC3\xBC";
  for (std::size_t k = 0; k <= name.size(); ++k) {
    const std::string cut = name.substr(0, k);
    // Where the sequence the cut falls into starts (k itself at a boundary).
    std::size_t start = k;
    if (k < name.size())
      while (start > 0 && (static_cast<unsigned char>(name[start]) & 0xC0) == 0x80) --start;
    SCOPED_TRACE(k);
    const auto u = idna::to_unicode_detailed(cut);
    const std::u32string got = utf32(u.best_effort);
    const std::u32string head = utf32(cut.substr(0, start));
    if (start == k) {
      EXPECT_TRUE(u.ok());
      EXPECT_EQ(got, head);
    } else {
      EXPECT_FALSE(u.ok());
      EXPECT_TRUE(has_error_at(u.errors.all, errc::invalid_utf8, start));
      EXPECT_EQ(got, head + U"\uFFFD");
      EXPECT_EQ(idna::to_ascii(cut).status.offset, start);
    }
  }
}

// ------------------------------------------------------------------------
// CVE-2026-87082: an encoder given malformed UTF-8 skipped one byte too few
// after an ill-formed sequence and looped forever (or reported no position).
// Every encoder that takes UTF-8 fails with invalid_utf8 at the byte offset
// of the ill-formed sequence, and 256 KiB of ill-formed bytes finish (in
// linear time: about 1,300 instructions a byte for to_unicode_detailed).

TEST(CVE_2026_87082, MalformedUtf8ToEveryEncoderFailsWithItsOffset) {
  const std::vector<std::string> bad = {
      "\x80", "\xBF", "\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF", "\xE0\x9F\xBF",
      "\xED\xA0\x80", "\xED\xBF\xBF", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",
      "\xF8\x88\x80\x80\x80", "\xFE", "\xFF", "\xC3", "\xE6\x97", "\xF0\x9F\x98",
  };
  const std::vector<std::string> before = {"", "ab", nihon, "a.", "xn--bcher-kva."};
  const std::vector<std::string> after = {"", "cd", ".com", nihon};
  for (const std::string& b : bad) {
    for (const std::string& pre : before) {
      for (const std::string& post : after) {
        const std::string in = pre + b + post;
        const std::size_t at = pre.size();
        SCOPED_TRACE(in);
        std::u32string ignored;
        const auto u = puny::unicode::utf8_to_utf32(in, ignored);
        EXPECT_EQ(u.code, errc::invalid_utf8);
        EXPECT_EQ(u.offset, at);
        const auto e = pc::encode_utf8(in);
        EXPECT_EQ(e.status.code, errc::invalid_utf8);
        EXPECT_EQ(e.status.offset, at);
        EXPECT_TRUE(e.value.empty());
        for (std::size_t capacity : {std::size_t{0}, std::size_t{4}, std::size_t{256}}) {
          std::unique_ptr<char[]> buf(new char[capacity + 1]);
          const auto eb = pc::encode_utf8(in, buf.get(), capacity);
          EXPECT_EQ(eb.status.code, errc::invalid_utf8);
          EXPECT_EQ(eb.status.offset, at);
        }
        for (const auto& preset : every_preset()) {
          for (const outcome& o : every_entry_point(in, preset.opt)) {
            SCOPED_TRACE(std::string(preset.name) + " " + o.form);
            EXPECT_FALSE(o.ok());
            // A label error at an earlier offset may come first (the
            // prefix "xn--bcher-kva." is valid, "a." too).
            EXPECT_LE(o.offset8, at);
            if (!o.all.empty()) {
              EXPECT_TRUE(has_error_at(o.all, errc::invalid_utf8, at));
            }
          }
        }
      }
    }
  }
}

TEST(CVE_2026_87082, LongRunsOfIllFormedBytesFinish) {
  for (const std::string& unit : {std::string("\xFF"), std::string("\xC3"), std::string("\xE6\x97"),
                                  std::string("\xED\xA0\x80"), std::string("a\x80")}) {
    std::string in;
    while (in.size() < (1u << 18)) in += unit;  // 256 KiB
    const std::size_t first = unit[0] == 'a' ? 1 : 0;
    const auto e = pc::encode_utf8(in);
    EXPECT_EQ(e.status.code, errc::invalid_utf8);
    EXPECT_EQ(e.status.offset, first);
    const auto a = idna::to_ascii(in);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.status.offset, first);
    const auto u = idna::to_unicode_detailed(in);
    EXPECT_FALSE(u.ok());
    EXPECT_EQ(u.errors.first.offset, first);
    // One U+FFFD per maximal ill-formed subpart (Unicode 17 section 3.9,
    // "U+FFFD Substitution of Maximal Subparts"): as many as errors.
    const std::u32string best = utf32(u.best_effort);
    const auto replacements = static_cast<std::size_t>(std::count(best.begin(), best.end(), U'\uFFFD'));
    std::size_t utf8_errors = 0;
    for (const puny::status& s : u.errors.all) utf8_errors += s.code == errc::invalid_utf8;
    EXPECT_EQ(replacements, utf8_errors);
    EXPECT_GE(utf8_errors, in.size() / unit.size());
  }
}

// ------------------------------------------------------------------------
// RFC 5891 section 5.4: an A-label must round-trip (decode, re-encode,
// compare).  "xn---9uc" is the classic non-canonical spelling: a decoder
// that consumes a leading delimiter reads "9uc" as digits and accepts a
// label whose re-encoding ("xn--9uc") differs.  RFC 3492 section 6.2
// consumes the last delimiter only after at least one basic code point, so
// "-9uc" is an invalid digit at its offset.

TEST(Rfc5891_5_4, XnHyphenHyphen9ucRefusedWhereALabelsMustRoundTrip) {
  const auto d = pc::decode("-9uc");
  EXPECT_EQ(d.status.code, errc::invalid_digit);
  EXPECT_EQ(d.status.offset, 0u);
  EXPECT_EQ(d.status.code_point, U'-');
  for (const std::string in : {"xn---9uc", "XN---9UC", "xn---9uc.com", "a.xn---9uc"}) {
    const std::size_t label_start = in.rfind("xn---9uc") != std::string::npos
                                        ? in.rfind("xn---9uc") : in.rfind("XN---9UC");
    for (const auto& preset : every_preset()) {
      const bool pass_through = preset.opt.url_family();
      for (const outcome& o : every_entry_point(in, preset.opt)) {
        SCOPED_TRACE(std::string(preset.name) + " " + o.form + " " + in);
        if (pass_through && (o.form.rfind("to_ascii", 0) == 0 || o.form == "explain_to_ascii")) {
          continue;  // whatwg/url#914
        }
        // IgnoreInvalidPunycode (opt-in, never where A-labels must round
        // trip) keeps the undecodable label as it is and goes on with the
        // next label (UTS #46 section 4 step 4.1): never decoded.
        if (preset.opt.ignore_invalid_punycode) {
          EXPECT_TRUE(o.ok());
          EXPECT_EQ(o.value, lower(in));
          continue;
        }
        EXPECT_FALSE(o.ok());
        EXPECT_EQ(o.first.code, errc::invalid_digit);
        EXPECT_EQ(idna::uts46_code(o.first), "P4");
        EXPECT_EQ(o.offset8, label_start + 4);
      }
    }
  }
  // IDNA2008 registration and lookup (RFC 5891 sections 4.4 and 5.4 both
  // require the round trip): refused in both output forms, allocating and
  // caller-buffer, with the same error at the same byte.
  namespace i8 = puny::idna2008;
  for (const std::string in : {"xn---9uc", "XN---9UC", "xn---9uc.com", "a.xn---9uc"}) {
    const std::size_t label_start = in.rfind("xn---9uc") != std::string::npos
                                        ? in.rfind("xn---9uc") : in.rfind("XN---9UC");
    for (const i8::output_form form : {i8::output_form::ascii, i8::output_form::unicode}) {
      i8::options opt;
      opt.output = form;
      using profile_fn = puny::result<std::string> (*)(std::string_view, const i8::options&);
      using buffer_fn = puny::status (*)(std::string_view, char*, std::size_t, std::size_t&,
                                         const i8::options&);
      const struct {
        const char* name;
        profile_fn allocating;
        buffer_fn into_buffer;
      } profiles[] = {{"registration", &i8::registration, &i8::registration},
                      {"lookup", &i8::lookup, &i8::lookup}};
      for (const auto& p : profiles) {
        SCOPED_TRACE(std::string("idna2008 ") + p.name + " " + in);
        const auto r = p.allocating(in, opt);
        EXPECT_FALSE(r.ok());
        EXPECT_TRUE(r.value.empty());
        EXPECT_EQ(r.status.code, errc::invalid_digit);
        EXPECT_EQ(r.status.offset, label_start + 4);
        EXPECT_EQ(r.status.label, label_start == 0 ? 0u : 1u);
        char out[64];
        std::size_t written = 99;
        const puny::status s = p.into_buffer(in, out, sizeof out, written, opt);
        EXPECT_EQ(s.code, errc::invalid_digit);
        EXPECT_EQ(s.offset, label_start + 4);
      }
    }
  }
  // Every A-label ToUnicode accepts re-encodes to itself (lower-cased):
  // the round trip RFC 5891 section 5.4 requires.
  for (const char* ace : {"xn--bcher-kva", "xn--3b-ww4c5e180e575a65lsy2b", "xn--mnchen-3ya",
                          "xn--ls8h", "xn--zca", "XN--BCHER-KVA", "xn--Bcher-KVA"}) {
    const auto u = idna::to_unicode(ace);
    ASSERT_TRUE(u.ok()) << ace;
    std::string lowered = ace;
    for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ("xn--" + pc::encode_utf8(u.value).value, lowered) << ace;
  }
}

}  // namespace

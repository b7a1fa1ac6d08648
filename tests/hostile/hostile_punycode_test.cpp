// Hostile input for the Punycode / Bootstring layer: huge strings, integers
// crafted to overflow at each step, truncated input, invalid UTF-8 and
// UTF-16, NUL bytes, delimiter-only strings, caller buffers of exactly the
// needed size and one less, decoded values outside Unicode.
//
// Each test asserts the error code (and offset where the API documents it)
// or the exact result.  Buffers handed to the caller-buffer functions are
// heap blocks of exactly `capacity` elements, so a write one past the end is
// caught by AddressSanitizer in the sanitizer build (scripts/sanitize-tests.sh).
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace {

using puny::errc;
namespace bs = puny::bootstring;
namespace pc = puny::punycode;

__extension__ typedef unsigned __int128 u128;

std::string utf8(std::u32string_view s) {
  std::string out;
  EXPECT_TRUE(puny::unicode::utf32_to_utf8(s, out).ok());
  return out;
}

std::u32string repeat(char32_t c, std::size_t n) { return std::u32string(n, c); }

// A heap copy of exactly s.size() bytes, so reading past the end is caught.
struct exact_input {
  explicit exact_input(std::string_view s) : data(new char[s.size()]), size(s.size()) {
    std::copy(s.begin(), s.end(), data.get());
  }
  std::string_view view() const { return {data.get(), size}; }
  std::unique_ptr<char[]> data;
  std::size_t size;
};

// ---------------------------------------------------------------- sizes

TEST(HostilePunycode, OneMegabyteLabelRoundTrips) {
  std::mt19937_64 rng(1);
  std::u32string text;
  std::size_t bytes = 0;
  while (bytes < (1u << 20)) {
    const char32_t c = (rng() % 4 == 0) ? static_cast<char32_t>('a' + rng() % 26)
                                        : static_cast<char32_t>(0x4E00 + rng() % 0x5000);
    text.push_back(c);
    bytes += puny::unicode::utf8_length(c);
  }
  const auto enc = pc::encode(text);
  ASSERT_TRUE(enc.ok());
  const auto dec = pc::decode(enc.value);
  ASSERT_TRUE(dec.ok());
  EXPECT_EQ(dec.value, text);
  // The UTF-8 forms and the caller-buffer form agree on the same megabyte.
  const std::string text8 = utf8(text);
  const auto enc8 = pc::encode_utf8(text8);
  ASSERT_TRUE(enc8.ok());
  EXPECT_EQ(enc8.value, enc.value);
  std::unique_ptr<char[]> buf(new char[text8.size()]);
  const auto r = pc::decode_to_utf8(enc.value, buf.get(), text8.size());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::string_view(buf.get(), r.size), text8);
}

TEST(HostilePunycode, OneMegabyteOfDigitsAndOfBasics) {
  // 2^20 'a' digits: every integer is 0, so U+0080 is inserted 2^20 times.
  const std::string digits(1u << 20, 'a');
  const auto d = pc::decode(digits);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.value, repeat(0x80, 1u << 20));
  EXPECT_EQ(pc::encode(d.value).value, digits);
  // 2^20 basic code points then the delimiter.
  const std::string basics = std::string(1u << 20, 'Q') + "-";
  const auto b = pc::decode(basics);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.value.size(), 1u << 20);
  // 2^20 '9' digits never end an integer: overflow long before the end.
  const auto nines = pc::decode(std::string(1u << 20, '9'));
  EXPECT_EQ(nines.status.code, errc::overflow);
  EXPECT_LT(nines.status.offset, 30u);
}

// ------------------------------------------------------- crafted overflow

// RFC 3492 section 6.2 with 128-bit integers: the reference for which
// inputs must fail.  Returns the error the library must report.
struct model_result {
  errc code = errc::ok;
  std::size_t offset = 0;
  std::u32string value;
};

model_result model_decode(std::string_view in) {
  const u128 limit = u128{1} << 64;
  model_result r;
  std::size_t b = 0, pos = 0;
  // Section 6.2: the last delimiter is consumed only when code points
  // precede it; a leading one is then read as a (non-)digit.
  if (const auto last = in.rfind('-'); last != std::string_view::npos && last > 0) {
    for (std::size_t j = 0; j < last; ++j) r.value.push_back(static_cast<unsigned char>(in[j]));
    b = last;
    pos = last + 1;
  }
  (void)b;
  u128 n = 0x80, i = 0;
  std::uint32_t bias = 72;
  while (pos < in.size()) {
    const u128 old_i = i;
    u128 w = 1;
    const std::size_t start = pos;
    for (std::uint32_t k = 36;; k += 36) {
      if (pos >= in.size()) return {errc::truncated_number, in.size(), {}};
      const char c = in[pos++];
      int d = c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A'
                                           : c >= '0' && c <= '9' ? c - '0' + 26 : -1;
      if (d < 0) return {errc::invalid_digit, pos - 1, {}};
      i += static_cast<u128>(d) * w;
      if (i >= limit) return {errc::overflow, pos - 1, {}};
      const std::uint32_t t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (static_cast<std::uint32_t>(d) < t) break;
      w *= 36 - t;
      if (w >= limit) return {errc::overflow, pos - 1, {}};
    }
    const u128 len = r.value.size() + 1;
    u128 delta = i - old_i;
    n += i / len;
    i %= len;
    if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) return {errc::decoded_out_of_range, start, {}};
    // adapt()
    delta = old_i == 0 ? delta / 700 : delta / 2;
    delta += delta / len;
    std::uint32_t k = 0;
    while (delta > 455) {
      delta /= 35;
      k += 36;
    }
    bias = static_cast<std::uint32_t>(k + 36 * delta / (delta + 38));
    r.value.insert(r.value.begin() + static_cast<std::ptrdiff_t>(i), static_cast<char32_t>(n));
    ++i;
  }
  return r;
}

TEST(HostilePunycode, DeltasCraftedToOverflowAtEachStep) {
  // Prefixes leave the decoder in different states (bias, i, n, length);
  // then integers of growing length push i, w or n past their limits at
  // every possible digit.  The library must report exactly what a decoder
  // with exact arithmetic and 64-bit limits reports.
  const std::vector<std::string> prefixes = {"", "abc-", "a", "ba", "tda", "-9", "zz-5c",
                                             "3B-ww4c5e180e575a65lsy2b"};
  const std::vector<char> fillers = {'9', 'z', '8', 'Z', '0'};
  std::size_t overflow_seen = 0, range_seen = 0;
  for (const auto& prefix : prefixes)
    for (char filler : fillers)
      for (std::size_t len = 1; len <= 24; ++len)
        for (const char* tail : {"", "a", "b9a"}) {
          const std::string in = prefix + std::string(len, filler) + tail;
          const model_result want = model_decode(in);
          const auto got = pc::decode(in);
          EXPECT_EQ(got.status.code, want.code) << in;
          if (want.code != errc::ok) {
            EXPECT_EQ(got.status.offset, want.offset) << in;
          } else {
            EXPECT_EQ(got.value, want.value) << in;
          }
          overflow_seen += want.code == errc::overflow;
          range_seen += want.code == errc::decoded_out_of_range;
        }
  // The family really exercises both limits.
  EXPECT_GT(overflow_seen, 100u);
  EXPECT_GT(range_seen, 100u);
}

TEST(HostilePunycode, LargestDeltaStillDecodes) {
  // U+10FFFF after 63 basic code points: the largest first delta a DNS
  // label can need.  Encodes and decodes exactly.
  std::u32string text(63, U'a');
  text.push_back(0x10FFFF);
  const auto e = pc::encode(text);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(pc::decode(e.value).value, text);
}

TEST(HostilePunycode, DigitsPastTheEnd) {
  // Every proper prefix of an encoding either ends on an integer boundary
  // (and decodes) or ends inside one: truncated_number at the input's end,
  // with no read past it (exact heap copy).
  for (const char* s : {"bcher-kva", "3B-ww4c5e180e575a65lsy2b", "egbpdaj6bu4bxfgehfvwxn",
                        "ihqwcrb4cv8a8dqg056pqjye", "--pvdrkcr2b7dva7j", "ls8h"}) {
    const std::string full = s;
    for (std::size_t len = 0; len < full.size(); ++len) {
      const exact_input in(std::string_view(full).substr(0, len));
      const auto r = pc::decode(in.view());
      if (!r.ok()) {
        // Cutting can also leave an integer whose value is out of range, or
        // a lone leading delimiter (not consumed, so read as a digit).
        EXPECT_TRUE(r.status.code == errc::truncated_number ||
                    r.status.code == errc::decoded_out_of_range ||
                    (r.status.code == errc::invalid_digit && len == 1 && full[0] == '-'))
            << full << " cut at " << len;
        if (r.status.code == errc::truncated_number) {
          EXPECT_EQ(r.status.offset, len);
        }
      }
      std::unique_ptr<char32_t[]> out(new char32_t[len]);
      const auto rb = pc::decode(in.view(), out.get(), len);
      EXPECT_EQ(rb.status.code, r.status.code);
    }
  }
  EXPECT_EQ(pc::decode("abc-z").status.code, errc::truncated_number);
  EXPECT_EQ(pc::decode("abc-z").status.offset, 5u);
}

// ------------------------------------------------------------ encodings

TEST(HostilePunycode, InvalidAndOverlongUtf8) {
  struct bad {
    std::string bytes;
    std::size_t offset;
  };
  const std::vector<bad> cases = {
      {"ab\xC0\xAF", 2},           // overlong '/'
      {"\xE0\x80\xAF", 0},         // overlong 3-byte '/'
      {"x\xF0\x80\x80\xAF", 1},    // overlong 4-byte '/'
      {"\xC1\xBF", 0},             // overlong U+007F
      {"a\xED\xA0\x80z", 1},       // encoded surrogate U+D800
      {"\xED\xBF\xBF", 0},         // encoded surrogate U+DFFF
      {"\xF4\x90\x80\x80", 0},     // U+110000
      {"\xF5\x80\x80\x80", 0},     // lead byte above F4
      {"abc\xE3\x81", 3},          // truncated sequence at the end
      {"\x80", 0},                 // lone continuation byte
      {"a\xFF", 1},                // never valid
      {std::string("\xC3\x00", 2), 0},  // lead byte then NUL
  };
  for (const auto& c : cases) {
    const exact_input in(c.bytes);
    const auto r = pc::encode_utf8(in.view());
    EXPECT_EQ(r.status.code, errc::invalid_utf8);
    EXPECT_EQ(r.status.offset, c.offset);
    std::unique_ptr<char[]> out(new char[64]);
    const auto rb = pc::encode_utf8(in.view(), out.get(), 64);
    EXPECT_EQ(rb.status.code, errc::invalid_utf8);
    EXPECT_EQ(rb.status.offset, c.offset);
  }
}

TEST(HostilePunycode, LoneSurrogatesInUtf16AndUtf32) {
  const std::vector<std::pair<std::u16string, std::size_t>> cases = {
      {u"a\xD800", 1}, {u"\xDC00" u"a", 0}, {u"ab\xDC00\xD800", 2}, {u"\xD800" u"a", 0},
      {u"\xDBFF", 0}};
  for (const auto& [s, offset] : cases) {
    std::u32string out;
    const auto st = puny::unicode::utf16_to_utf32(s, out);
    EXPECT_EQ(st.code, errc::invalid_utf16);
    EXPECT_EQ(st.offset, offset);
  }
  // UTF-32 input: surrogates and values above U+10FFFF are not encoded.
  for (char32_t bad : {char32_t{0xD800}, char32_t{0xDFFF}, char32_t{0x110000},
                       char32_t{0xFFFFFFFF}}) {
    const std::u32string s = {U'a', bad, U'b'};
    const auto r = pc::encode(s);
    EXPECT_EQ(r.status.code, errc::invalid_code_point);
    EXPECT_EQ(r.status.offset, 1u);
    EXPECT_EQ(r.status.code_point, bad);
  }
}

TEST(HostilePunycode, NulBytesAreBasicCodePoints) {
  // U+0000 is a basic code point: copied, never truncating the string.
  const std::string with_nul("a\0b\0", 4);
  const auto e = pc::encode_utf8(with_nul);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.value, std::string("a\0b\0-", 5));
  const auto d = pc::decode_to_utf8(e.value);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.value, with_nul);
  // NUL after the delimiter is not a digit.
  const auto bad = pc::decode(std::string("abc-\0", 5));
  EXPECT_EQ(bad.status.code, errc::invalid_digit);
  EXPECT_EQ(bad.status.offset, 4u);
  // U+0080 next to NULs.
  const std::u32string mixed = {0, 0x80, 0, 0xFC};
  const auto m = pc::encode(mixed);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(pc::decode(m.value).value, mixed);
}

TEST(HostilePunycode, StringsOfOnlyDelimiters) {
  // "-" alone: no code point precedes the delimiter, so RFC 3492 section
  // 6.2 does not consume it and it is read as a digit, which it is not.
  EXPECT_EQ(pc::decode("-").status.code, errc::invalid_digit);
  EXPECT_EQ(pc::decode("-").status.offset, 0u);
  EXPECT_EQ(pc::decode("-abc").status.code, errc::invalid_digit);
  for (std::size_t n = 2; n <= 64; ++n) {
    const std::string in(n, '-');
    const auto r = pc::decode(in);
    ASSERT_TRUE(r.ok()) << n;
    EXPECT_EQ(r.value, std::u32string(n - 1, U'-'));
    // And back: n - 1 hyphens encode as themselves plus the delimiter.
    EXPECT_EQ(pc::encode(r.value).value, in);
  }
  EXPECT_EQ(pc::decode(std::string(1u << 16, '-')).value.size(), (1u << 16) - 1);
}

// ----------------------------------------------- caller buffers (CVE-2022-3602)

TEST(HostilePunycode, BufferOfExactSizeAndOneLess) {
  const std::vector<std::string> texts = {
      "b\xC3\xBC" "cher", "\xF0\x9F\x98\x80\xF0\x9F\x98\x80", "3\xE5\xB9\xB4" "B\xE7\xB5\x84",
      "a", "\xC3\xBC", std::string(600, 'a') + "\xC3\xBC",  // above inplace_limit
      "\xE4\xBB\x96\xE4\xBB\xAC\xE4\xB8\xBA\xE4\xBB\x80\xE4\xB9\x88\xE4\xB8\x8D\xE8\xAF\xB4"};
  for (const std::string& text : texts) {
    const std::string ace = pc::encode_utf8(text).value;
    const std::u32string cps = pc::decode(ace).value;
    // decode to UTF-32 (the OpenSSL bug: the size check was off by one).
    {
      const std::size_t n = cps.size();
      std::unique_ptr<char32_t[]> exact(new char32_t[n]);
      auto r = pc::decode(ace, exact.get(), n);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(std::u32string_view(exact.get(), r.size), cps);
      std::unique_ptr<char32_t[]> less(new char32_t[n - 1]);
      r = pc::decode(ace, less.get(), n - 1);
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, n);
    }
    // decode to UTF-8.
    {
      const std::size_t n = text.size();
      std::unique_ptr<char[]> exact(new char[n]);
      auto r = pc::decode_to_utf8(ace, exact.get(), n);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(std::string_view(exact.get(), r.size), text);
      std::unique_ptr<char[]> less(new char[n - 1]);
      r = pc::decode_to_utf8(ace, less.get(), n - 1);
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, n);
    }
    // encode from UTF-32 and UTF-8.
    {
      const std::size_t n = ace.size();
      std::unique_ptr<char[]> exact(new char[n]);
      auto r = pc::encode(cps, exact.get(), n);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(std::string_view(exact.get(), r.size), ace);
      r = pc::encode_utf8(text, exact.get(), n);
      ASSERT_TRUE(r.ok());
      std::unique_ptr<char[]> less(new char[n - 1]);
      r = pc::encode(cps, less.get(), n - 1);
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, n);
      r = pc::encode_utf8(text, less.get(), n - 1);
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, n);
    }
  }
  // Capacity 0 with a null pointer is a size query.
  const auto q = pc::decode_to_utf8("bcher-kva", nullptr, 0);
  EXPECT_EQ(q.status.code, errc::buffer_too_small);
  EXPECT_EQ(q.status.needed, 7u);
}

// --------------------------------------------- values outside Unicode

// Punycode's parameters with the code point checks lifted, to produce the
// encodings a hostile peer could send.
bs::parameters unchecked_punycode() {
  bs::parameters p = pc::profile;
  p.max_code_point = 0x7FFFFFFF;
  p.reject_surrogates = false;
  return p;
}

TEST(HostilePunycode, DecodedValuesAboveMaxOrSurrogates) {
  const bs::parameters loose = unchecked_punycode();
  for (char32_t bad : {char32_t{0xD800}, char32_t{0xDBFF}, char32_t{0xDC00}, char32_t{0xDFFF},
                       char32_t{0x110000}, char32_t{0x7FFFFFFF}}) {
    for (const std::u32string& text :
         {std::u32string{bad}, std::u32string{U'a', U'b', bad}, std::u32string{0xFC, bad, 0xFC}}) {
      std::string ace;
      ASSERT_TRUE(bs::encode(text, loose, ace).ok());
      const auto r = pc::decode(ace);
      EXPECT_EQ(r.status.code, errc::decoded_out_of_range) << ace;
      if (bad <= 0x10FFFF) {
        EXPECT_EQ(r.status.code_point, bad) << ace;
      }
      std::unique_ptr<char32_t[]> out(new char32_t[8]);
      EXPECT_EQ(pc::decode(ace, out.get(), 8).status.code, errc::decoded_out_of_range);
      EXPECT_EQ(pc::decode_to_utf8(ace).status.code, errc::decoded_out_of_range);
    }
  }
  // U+10FFFF itself is fine.
  std::string ace;
  ASSERT_TRUE(bs::encode(U"\U0010FFFF", loose, ace).ok());
  EXPECT_TRUE(pc::decode(ace).ok());
}

// --------------------------------------- fuzz finding (fuzz_bootstring)

// Found by fuzz_bootstring: with tmin = 0 a digit 0 does not end an integer
// while k <= bias, so a large initial_bias made the encoder write a run of
// zero digits whose weight passes 2^64; decode() of that output failed with
// overflow.  The encoder now refuses (errc::overflow) instead of writing
// what the decoder cannot read.
TEST(HostileBootstring, ZeroTminLargeBiasEncodeNeverWritesUndecodable) {
  const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  for (std::uint32_t bias_digits = 0; bias_digits <= 20; ++bias_digits) {
    const bs::parameters p =
        bs::make_parameters(36, 0, 26, 38, 700, 36 * bias_digits, 0x80, '-', alphabet);
    ASSERT_EQ(bs::validate(p), bs::parameter_error::ok);
    for (const std::u32string& text :
         {std::u32string{0x80}, std::u32string{U'x', 0x2A6D6, 0x80}, std::u32string{0x10FFFF}}) {
      std::string enc;
      const puny::status s = bs::encode(text, p, enc);
      std::string enc_fenwick;
      const puny::status sf = bs::encode(text, p, enc_fenwick, nullptr,
                                         bs::advanced_options{bs::strategy::fenwick, nullptr});
      EXPECT_EQ(s.code, sf.code);
      if (s.ok()) {
        std::u32string back;
        ASSERT_TRUE(bs::decode(enc, p, back).ok()) << bias_digits;
        EXPECT_EQ(back, text);
        EXPECT_EQ(enc, enc_fenwick);
      } else {
        EXPECT_EQ(s.code, errc::overflow);
        EXPECT_TRUE(enc.empty());  // restored on failure
        // Only a bias of 13 or more zero-threshold digits (36^13 > 2^64)
        // reaches the limit.
        EXPECT_GE(bias_digits, 12u);
      }
    }
  }
  // The exact reproducer: U+0080 alone, bias 20 * 36.
  const bs::parameters p = bs::make_parameters(36, 0, 26, 38, 700, 720, 0x80, '-', alphabet);
  std::string enc;
  const puny::status s = bs::encode(U"\u0080", p, enc);
  EXPECT_EQ(s.code, errc::overflow);
  EXPECT_EQ(s.offset, 0u);
  char buf[64];
  EXPECT_EQ(bs::encode(U"\u0080", p, buf, sizeof buf).status.code, errc::overflow);
}

// Found by fuzz_bootstring (a timeout): RFC 3492 section 4 allows
// tmin = tmax = base - 1, but adapt()'s loop "while delta > ((base - tmin) *
// tmax) div 2: delta = delta div (base - tmin)" then divides by 1 forever
// for any delta > 1, so encode and decode hung on every non-basic input.
TEST(HostileBootstring, TminOneBelowBaseTerminates) {
  struct profile {
    std::uint32_t base;
    const char* alphabet;
  };
  for (const profile& pr : {profile{2, "ab"}, profile{10, "0123456789"},
                            profile{36, "abcdefghijklmnopqrstuvwxyz0123456789"}}) {
    const std::uint32_t t = pr.base - 1;
    bs::parameters p = bs::make_parameters(pr.base, t, t, 38, 700, 0, 0x80, '-', pr.alphabet);
    p.max_code_point = 0xFF;  // deltas cost one digit per unit of value
    ASSERT_EQ(bs::validate(p), bs::parameter_error::ok);
    for (const std::u32string& text :
         {std::u32string{0x80}, std::u32string{0xFF, U' ', 0x80, 0xFF},
          std::u32string(40, 0xC0)}) {
      std::string enc;
      ASSERT_TRUE(bs::encode(text, p, enc).ok()) << pr.base;
      std::u32string back;
      ASSERT_TRUE(bs::decode(enc, p, back).ok()) << pr.base;
      EXPECT_EQ(back, text);
      std::string enc_fenwick;
      ASSERT_TRUE(bs::encode(text, p, enc_fenwick, nullptr,
                             bs::advanced_options{bs::strategy::fenwick, nullptr})
                      .ok());
      EXPECT_EQ(enc_fenwick, enc);
    }
  }
}

}  // namespace

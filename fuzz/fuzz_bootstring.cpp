// Fuzz target: generic Bootstring with random *valid* parameter sets.
//
// Input layout: 12 bytes choose the parameters (see make_profile), one byte
// the mode and capacity, one a spare capacity; the rest is either code
// points to encode (mode bit 0 set; 3 bytes each) or a string to decode.
//
// Parameter generation: base in [2, 40]; initial_n in [base + 1, 0x80]; the
// digits and the delimiter are base + 1 distinct characters drawn from
// [0, initial_n) except 'A'-'Z' (NUL and control characters included), so
// every constraint of RFC 3492 section 4 and of validate() holds; the
// case-insensitive flag decides whether upper-case input digits are read.
// tmax <= base - 2 unless max_code_point is small: with tmax = base - 1 a
// digit can carry weight factor 1 and the encoded length grows linearly with
// the delta value (a legal but useless profile, see docs/security.md); such
// profiles get at most 64 code points below initial_n + 64.
//
// Properties:
//  1. validate() accepts every generated profile.
//  2. Encoding: fails only with invalid_code_point at the first code point
//     above max_code_point or (when rejected) a surrogate, or with overflow
//     when tmin is 0 and the decoder's digit weight would pass 2^64 (the
//     encoder refuses to write what the decoder cannot read); otherwise the
//     output is ASCII and decoding it gives the input back, with identical
//     results from the simple and fenwick strategies and from the
//     caller-buffer form at any capacity.
//  3. Decoding: simple and fenwick agree; when it succeeds every decoded
//     code point is allowed by the profile, and re-encoding gives the
//     canonical form (digits mapped through digits[digit_values[c]], a sole
//     delimiter at position 0 dropped).
#include <algorithm>
#include <memory>
#include <string>

#include "fuzz_support.hpp"
#include "puny/bootstring.hpp"

namespace {

namespace bs = puny::bootstring;
using puny::errc;
using puny::fuzz::pick_capacity;
using puny::fuzz::same_error;

bs::parameters make_profile(puny::fuzz::reader& rd) {
  const bool case_insensitive = rd.flag();
  const std::uint32_t base = 2 + rd.byte() % 39;  // 2..40
  // Pool of candidate characters below initial_n.
  const std::uint32_t initial_n = base + 1 + rd.byte() % (0x80 - base);  // base+1 .. 0x80
  // validate() rejects an alphabet holding a letter in both cases even for
  // a case-sensitive profile, so upper-case letters are left out; at least
  // 65 characters remain whenever initial_n reaches 'A', so the pool always
  // holds base + 1 of them.
  std::string pool;
  for (std::uint32_t c = 0; c < initial_n; ++c) {
    if (c >= 'A' && c <= 'Z') continue;
    pool.push_back(static_cast<char>(c));
  }
  // Partial Fisher-Yates shuffle driven by the input.
  std::uint32_t seed = rd.u32() | 1u;
  for (std::size_t j = 0; j <= base && j + 1 < pool.size(); ++j) {
    seed = seed * 1664525u + 1013904223u;
    const std::size_t k = j + (seed >> 8) % (pool.size() - j);
    std::swap(pool[j], pool[k]);
  }
  const std::string alphabet = pool.substr(0, base);
  const char delimiter = pool[base];

  const std::uint8_t cp_choice = rd.byte();
  char32_t max_code_point = 0x10FFFF;
  if (cp_choice % 4 == 1) max_code_point = 0xFFFF;
  if (cp_choice % 4 == 2) max_code_point = initial_n + (cp_choice >> 2) * 8;
  const bool small_range = max_code_point <= 0x1000;

  std::uint32_t tmax_limit = base - 1;
  if (!small_range && base >= 3) tmax_limit = base - 2;
  if (!small_range && base < 3) max_code_point = initial_n + 0x100;
  const std::uint32_t tmax = 1 + rd.byte() % tmax_limit;
  // With tmax = base - 1 a digit may multiply the weight by 1, so an integer
  // can take as many digits as its value: keep the values (and, in
  // check_encode, the length) small.
  if (tmax == base - 1 && max_code_point > initial_n + 63) max_code_point = initial_n + 63;
  const std::uint32_t tmin = rd.byte() % (tmax + 1);
  const std::uint32_t skew = 1 + rd.byte() % 100;
  const std::uint32_t damp = 2 + rd.u16() % 1000;
  std::uint32_t initial_bias = rd.u16() % 1000;
  if (initial_bias % base > base - tmin) initial_bias -= initial_bias % base;

  bs::parameters p = bs::make_parameters(base, tmin, tmax, skew, damp, initial_bias, initial_n,
                                         delimiter, alphabet, case_insensitive);
  p.max_code_point = max_code_point;
  p.reject_surrogates = (cp_choice & 0x80) == 0;
  return p;
}

bool allowed(const bs::parameters& p, char32_t c) {
  if (c > p.max_code_point) return false;
  return !(p.reject_surrogates && c >= 0xD800 && c <= 0xDFFF);
}

void check_encode(const bs::parameters& p, const std::u32string& in, std::uint8_t cap_choice,
                  std::uint8_t cap_extra) {
  if (p.tmax == p.base - 1 && in.size() > 64) {
    check_encode(p, in.substr(0, 64), cap_choice, cap_extra);
    return;
  }
  std::string simple, fenwick, automatic;
  const puny::status s1 =
      bs::encode(in, p, simple, nullptr, bs::advanced_options{bs::strategy::simple, nullptr});
  const puny::status s2 =
      bs::encode(in, p, fenwick, nullptr, bs::advanced_options{bs::strategy::fenwick, nullptr});
  const puny::status s3 = bs::encode(in, p, automatic);
  PUNY_FUZZ_CHECK(same_error(s1, s2) && same_error(s1, s3));
  PUNY_FUZZ_CHECK(simple == fenwick && simple == automatic);

  std::size_t first_bad = in.size();
  for (std::size_t j = 0; j < in.size(); ++j)
    if (!allowed(p, in[j])) {
      first_bad = j;
      break;
    }
  if (first_bad < in.size()) {
    // The code point check runs before any delta is encoded.
    PUNY_FUZZ_CHECK(s1.code == errc::invalid_code_point && s1.offset == first_bad);
  } else if (s1.code == errc::overflow) {
    // The decoder's digit weight would pass 2^64: only when a digit 0 need
    // not end an integer (tmin 0) and the bias is far above base.
    PUNY_FUZZ_CHECK(p.tmin == 0);
    return;
  } else {
    PUNY_FUZZ_CHECK(s1.ok());
  }

  const std::size_t n = simple.size();
  const std::size_t capacity = pick_capacity(cap_choice, n, cap_extra);
  std::unique_ptr<char[]> buf(new char[capacity]);
  const bs::buffer_result r = bs::encode(in, p, buf.get(), capacity);
  if (!s1.ok()) {
    PUNY_FUZZ_CHECK(same_error(r.status, s1));
    return;
  }
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(r.ok() && r.size == n && std::string_view(buf.get(), n) == simple);
  } else {
    PUNY_FUZZ_CHECK(r.status.code == errc::buffer_too_small && r.status.needed == n);
  }

  for (char c : simple) PUNY_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80);
  std::u32string back;
  PUNY_FUZZ_CHECK(bs::decode(simple, p, back).ok());
  PUNY_FUZZ_CHECK(back == in);
  std::u32string back_fenwick;
  PUNY_FUZZ_CHECK(bs::decode(simple, p, back_fenwick, nullptr,
                             bs::advanced_options{bs::strategy::fenwick, nullptr})
                      .ok());
  PUNY_FUZZ_CHECK(back_fenwick == in);
}

std::string canonical(const bs::parameters& p, std::string_view in) {
  const std::size_t last = in.rfind(p.delimiter);
  std::string out;
  std::size_t digits = 0;
  if (last != std::string_view::npos) {
    if (last > 0) out.assign(in.substr(0, last + 1));
    digits = last + 1;
  }
  for (std::size_t j = digits; j < in.size(); ++j) {
    const auto c = static_cast<unsigned char>(in[j]);
    out.push_back(p.digits[static_cast<std::size_t>(p.digit_values[c])]);
  }
  return out;
}

void check_decode(const bs::parameters& p, std::string_view in, std::uint8_t cap_choice,
                  std::uint8_t cap_extra) {
  std::u32string simple, fenwick;
  const puny::status s1 =
      bs::decode(in, p, simple, nullptr, bs::advanced_options{bs::strategy::simple, nullptr});
  const puny::status s2 =
      bs::decode(in, p, fenwick, nullptr, bs::advanced_options{bs::strategy::fenwick, nullptr});
  PUNY_FUZZ_CHECK(same_error(s1, s2));
  PUNY_FUZZ_CHECK(simple == fenwick);

  const std::size_t n = simple.size();
  const std::size_t capacity = pick_capacity(cap_choice, n, cap_extra);
  std::unique_ptr<char32_t[]> buf(new char32_t[capacity]);
  const bs::buffer_result r = bs::decode(in, p, buf.get(), capacity);
  if (!s1.ok()) {
    PUNY_FUZZ_CHECK(same_error(r.status, s1));
    return;
  }
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(r.ok() && r.size == n && std::u32string_view(buf.get(), n) == simple);
  } else {
    PUNY_FUZZ_CHECK(r.status.code == errc::buffer_too_small && r.status.needed == n);
  }

  for (char32_t c : simple) PUNY_FUZZ_CHECK(allowed(p, c));
  std::string again;
  PUNY_FUZZ_CHECK(bs::encode(simple, p, again).ok());
  PUNY_FUZZ_CHECK(again == canonical(p, in));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const bs::parameters p = make_profile(rd);
  PUNY_FUZZ_CHECK(bs::validate(p) == bs::parameter_error::ok);
  const std::uint8_t mode = rd.byte();
  const std::uint8_t cap_extra = rd.byte();
  const auto cap_choice = static_cast<std::uint8_t>(mode >> 1);
  if ((mode & 1) == 0) {
    check_decode(p, rd.rest(), cap_choice, cap_extra);
    return 0;
  }
  // Code points: the first byte of each triple picks a range so that basic,
  // small non-basic, BMP and astral values (and out-of-range ones) all occur.
  std::u32string in;
  while (rd.remaining() >= 3) {
    const std::uint8_t kind = rd.byte();
    const std::uint32_t v = rd.u16();
    char32_t c;
    switch (kind % 5) {
      case 0: c = static_cast<char32_t>(v % p.initial_n); break;
      case 1: c = static_cast<char32_t>(p.initial_n + v % 64); break;
      case 2: c = static_cast<char32_t>(v); break;
      case 3: c = static_cast<char32_t>(((kind >> 3) << 16) | v); break;  // up to 0x1FFFFF
      default: c = static_cast<char32_t>(p.initial_n + v % (p.max_code_point - p.initial_n + 1)); break;
    }
    in.push_back(c);
  }
  check_encode(p, in, cap_choice, cap_extra);
  return 0;
}

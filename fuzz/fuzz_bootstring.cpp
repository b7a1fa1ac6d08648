// Fuzz target: generic Bootstring with random *valid* parameter sets.
//
// Input layout: 12 bytes choose the parameters (see random_profile), one byte
// the mode and capacity, one a spare capacity; the rest is either code
// points to encode (mode bit 0 set; 3 bytes each) or a string to decode.
//
// Parameters: tests/reference/random_profile.hpp (random valid profiles,
// including degenerate ones: tmin 0, tmax = base - 1, tiny max_code_point).
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
#include "random_profile.hpp"

namespace {

namespace bs = puny::bootstring;
using puny::errc;
using puny::fuzz::pick_capacity;
using puny::fuzz::same_error;

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
  const bs::parameters p = puny::reference::random_profile(rd);
  PUNY_FUZZ_CHECK(bs::validate(p) == bs::parameter_error::ok);
  const std::uint8_t mode = rd.byte();
  const std::uint8_t cap_extra = rd.byte();
  const auto cap_choice = static_cast<std::uint8_t>(mode >> 1);
  if ((mode & 1) == 0) {
    check_decode(p, rd.rest(), cap_choice, cap_extra);
    return 0;
  }
  std::u32string in;
  while (rd.remaining() >= 3) in.push_back(puny::reference::random_code_point(rd, p));
  check_encode(p, in, cap_choice, cap_extra);
  return 0;
}

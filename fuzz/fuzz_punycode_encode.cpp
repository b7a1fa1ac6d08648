// Fuzz target: Punycode encoding of arbitrary code point sequences.
//
// Input layout: byte 0 chooses the mode and capacities, byte 1 is a spare
// capacity value.  Mode bit 0 set: the rest is UTF-8 text (may be
// ill-formed).  Clear: the rest is a sequence of 32-bit little-endian
// values; mode bit 1 reduces each modulo 0x110000 (scalar values and
// surrogates), else the raw value is kept (anything up to 0xFFFFFFFF).
// The remaining bytes of byte 0 seed the case flags.
//
// Properties:
//  1. Encoding fails exactly when the input holds a non-scalar value
//     (invalid_code_point at the index of the first one) or, for UTF-8, is
//     ill-formed (invalid_utf8 at the byte offset utf8_to_utf32 reports).
//  2. simple, fenwick and automatic give the same status and output.
//  3. Encode then decode gives the input back exactly (UTF-32 and UTF-8).
//  4. The output is ASCII and contains no character >= 0x80.
//  5. Caller-buffer forms agree with the allocating ones at every capacity
//     and never write past it.
//  6. Mixed case: encode(x, f) lower-cased is encode(x) lower-cased;
//     decoding it gives x with its basic letters cased by f, and flags f'
//     with encode(x, f') == encode(x, f).
#include <memory>
#include <vector>

#include "fuzz_support.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace {

namespace bs = puny::bootstring;
namespace pc = puny::punycode;
using puny::errc;
using puny::fuzz::pick_capacity;
using puny::fuzz::lower_ascii;
using puny::fuzz::check_buffer_form;
using puny::fuzz::same_error;


void check_buffer_encode(std::u32string_view in, const puny::result<std::string>& ref,
                         std::size_t capacity) {
  check_buffer_form([&](char* out, std::size_t cap) { return pc::encode(in, out, cap); }, ref,
                    capacity, /*prefix_kept=*/true);
}

void check_buffer_encode_utf8(std::string_view in, const puny::result<std::string>& ref,
                              std::size_t capacity) {
  check_buffer_form([&](char* out, std::size_t cap) { return pc::encode_utf8(in, out, cap); },
                    ref, capacity, /*prefix_kept=*/true);
}

void check_encoded(std::u32string_view in, const puny::result<std::string>& enc,
                   std::uint8_t cap_choice, std::uint8_t cap_extra, std::uint8_t flag_seed) {
  // 2. Strategies agree.
  std::string simple, fenwick;
  const puny::status s1 = bs::encode(in, pc::profile, simple, nullptr,
                                     bs::advanced_options{bs::strategy::simple, nullptr});
  const puny::status s2 = bs::encode(in, pc::profile, fenwick, nullptr,
                                     bs::advanced_options{bs::strategy::fenwick, nullptr});
  PUNY_FUZZ_CHECK(same_error(s1, enc.status) && same_error(s2, enc.status));
  PUNY_FUZZ_CHECK(simple == enc.value && fenwick == enc.value);

  // 5. Caller buffers.
  const std::size_t n = enc.ok() ? enc.value.size() : 0;
  check_buffer_encode(in, enc, pick_capacity(cap_choice, n, cap_extra));
  check_buffer_encode(in, enc, n == 0 ? 0 : n - 1);
  check_buffer_encode(in, enc, n);

  if (!enc.ok()) return;
  // 4. ASCII output.
  for (char c : enc.value) PUNY_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80);
  // 3. Round trip.
  const puny::result<std::u32string> dec = pc::decode(enc.value);
  PUNY_FUZZ_CHECK(dec.ok());
  PUNY_FUZZ_CHECK(dec.value == in);

  // 6. Mixed-case annotation.
  std::vector<bool> flags(in.size());
  std::uint32_t x = flag_seed | 1u;
  for (std::size_t j = 0; j < in.size(); ++j) {
    x = x * 1103515245u + 12345u;
    flags[j] = ((x >> 16) & 1u) != 0;
  }
  const puny::result<std::string> mixed = pc::encode(in, flags);
  PUNY_FUZZ_CHECK(mixed.ok());
  PUNY_FUZZ_CHECK(lower_ascii(mixed.value) == lower_ascii(enc.value));
  // Basic letters carry their flag as their own case (RFC 3492 appendix A),
  // so the decoded text is the input with those letters re-cased.
  std::u32string recased(in);
  for (std::size_t j = 0; j < recased.size(); ++j) {
    char32_t& c = recased[j];
    if (flags[j] && c >= 'a' && c <= 'z') c = c - 'a' + 'A';
    if (!flags[j] && c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
  }
  const puny::result<pc::annotated> ann = pc::decode_annotated(mixed.value);
  PUNY_FUZZ_CHECK(ann.ok() && ann.value.text == recased);
  const puny::result<std::string> mixed2 = pc::encode(in, ann.value.uppercase);
  PUNY_FUZZ_CHECK(mixed2.ok() && mixed2.value == mixed.value);
  // A flag list of the wrong length is rejected, not read past its end.
  std::vector<bool> short_flags(flags.begin(), flags.end());
  short_flags.push_back(true);
  PUNY_FUZZ_CHECK(pc::encode(in, short_flags).status.code == errc::case_flags_mismatch);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t mode = rd.byte();
  const std::uint8_t cap_extra = rd.byte();
  const std::uint8_t cap_choice = static_cast<std::uint8_t>(mode >> 2);

  if ((mode & 1) != 0) {
    // UTF-8 input.
    const std::string_view text = rd.rest();
    std::u32string cps;
    const puny::status u = puny::unicode::utf8_to_utf32(text, cps);
    const puny::result<std::string> enc8 = pc::encode_utf8(text);
    if (!u.ok()) {
      PUNY_FUZZ_CHECK(same_error(enc8.status, u));
      check_buffer_encode_utf8(text, enc8, pick_capacity(cap_choice, 0, cap_extra));
      return 0;
    }
    PUNY_FUZZ_CHECK(enc8.ok());
    const puny::result<std::string> enc = pc::encode(cps);
    PUNY_FUZZ_CHECK(enc.ok() && enc.value == enc8.value);
    check_buffer_encode_utf8(text, enc8, pick_capacity(cap_choice, enc8.value.size(), cap_extra));
    const puny::result<std::string> back = pc::decode_to_utf8(enc8.value);
    PUNY_FUZZ_CHECK(back.ok() && back.value == text);
    check_encoded(cps, enc, cap_choice, cap_extra, mode);
    return 0;
  }

  // UTF-32 input.
  const bool reduce = (mode & 2) != 0;
  std::u32string cps;
  while (rd.remaining() >= 4) {
    std::uint32_t v = rd.u32();
    if (reduce) v %= 0x110000u;
    cps.push_back(static_cast<char32_t>(v));
  }
  const puny::result<std::string> enc = pc::encode(cps);
  std::size_t first_bad = cps.size();
  for (std::size_t j = 0; j < cps.size(); ++j)
    if (!puny::unicode::is_scalar_value(cps[j])) {
      first_bad = j;
      break;
    }
  // 1. Errors exactly on non-scalar values.
  if (first_bad < cps.size()) {
    PUNY_FUZZ_CHECK(enc.status.code == errc::invalid_code_point);
    PUNY_FUZZ_CHECK(enc.status.offset == first_bad && enc.status.code_point == cps[first_bad]);
  } else {
    PUNY_FUZZ_CHECK(enc.ok());
  }
  check_encoded(cps, enc, cap_choice, cap_extra, mode);
  return 0;
}

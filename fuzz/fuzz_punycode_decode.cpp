// Fuzz target: Punycode decoding of arbitrary bytes.
//
// Input layout: byte 0 picks the caller-buffer capacities, byte 1 is a
// spare capacity value; the rest is the string handed to the decoder.
//
// Properties (asserted, not just "no crash"):
//  1. The simple and fenwick strategies give the same status (code and
//     offset) and the same code points and case flags; so does automatic.
//  2. The UTF-32 and UTF-8 allocating forms agree.
//  3. The caller-buffer forms agree with the allocating ones for every
//     capacity: on success the same output; when the capacity is below the
//     size, errc::buffer_too_small with status.needed equal to that size;
//     nothing is written past the capacity (buffers are heap blocks of
//     exactly `capacity` elements, so ASan sees a one-past write).
//  4. When decoding succeeds, encoding the result succeeds and gives the
//     canonical form of the input, which is the input with every letter
//     after the last delimiter (the digits) lower-cased; letters before it
//     are basic code points and keep their case.  (A delimiter at position 0
//     is not consumed, RFC 3492 section 6.2, so such input fails to decode;
//     canonical() would drop it, as the encoder writes no delimiter then.)
//     Decoding is otherwise injective: a variable-length integer has one
//     spelling for a given bias, and the insertion order is forced.
//  5. Mixed-case annotation: re-encoding with the decoded case flags and
//     decoding again gives the same text and flags, and the re-encoding
//     lower-cased equals the plain canonical form.
#include <cstring>
#include <memory>

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


std::string canonical(std::string_view in) {
  const std::size_t last = in.rfind('-');
  if (last == std::string_view::npos) return lower_ascii(std::string(in));
  std::string out;
  if (last > 0) out.assign(in.substr(0, last + 1));
  out += lower_ascii(std::string(in.substr(last + 1)));
  return out;
}

void check_buffer_decode(std::string_view in, const puny::result<std::u32string>& ref,
                         std::size_t capacity) {
  std::unique_ptr<char32_t[]> buf(new char32_t[capacity]);
  const bs::buffer_result r = pc::decode(in, buf.get(), capacity);
  if (!ref.ok()) {
    PUNY_FUZZ_CHECK(same_error(r.status, ref.status));
    return;
  }
  const std::size_t n = ref.value.size();
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(r.ok());
    PUNY_FUZZ_CHECK(r.size == n);
    PUNY_FUZZ_CHECK(std::u32string_view(buf.get(), n) == ref.value);
  } else {
    PUNY_FUZZ_CHECK(r.status.code == errc::buffer_too_small);
    PUNY_FUZZ_CHECK(r.status.needed == n);
  }
}

void check_buffer_decode_flags(std::string_view in, const puny::result<pc::annotated>& ref,
                               std::size_t capacity) {
  std::unique_ptr<char32_t[]> buf(new char32_t[capacity]);
  std::unique_ptr<bool[]> flags(new bool[capacity]);
  const bs::buffer_result r = bs::decode(in, pc::profile, buf.get(), capacity, flags.get());
  if (!ref.ok()) {
    PUNY_FUZZ_CHECK(same_error(r.status, ref.status));
    return;
  }
  const std::size_t n = ref.value.text.size();
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(r.ok() && r.size == n);
    PUNY_FUZZ_CHECK(std::u32string_view(buf.get(), n) == ref.value.text);
    for (std::size_t j = 0; j < n; ++j) PUNY_FUZZ_CHECK(flags[j] == ref.value.uppercase[j]);
  } else {
    PUNY_FUZZ_CHECK(r.status.code == errc::buffer_too_small && r.status.needed == n);
  }
}

void check_buffer_decode_utf8(std::string_view in, const puny::result<std::string>& ref,
                              std::size_t capacity) {
  check_buffer_form(
      [&](char* out, std::size_t cap) { return pc::decode_to_utf8(in, out, cap); }, ref,
      capacity, /*prefix_kept=*/false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t cap_choice = rd.byte();
  const std::uint8_t cap_extra = rd.byte();
  const std::string_view in = rd.rest();

  // 1. Strategies agree.
  const puny::result<std::u32string> ref = pc::decode(in);
  std::u32string simple, fenwick;
  std::vector<bool> simple_flags, fenwick_flags;
  const puny::status s1 = bs::decode(in, pc::profile, simple, &simple_flags,
                                     bs::advanced_options{bs::strategy::simple, nullptr});
  const puny::status s2 = bs::decode(in, pc::profile, fenwick, &fenwick_flags,
                                     bs::advanced_options{bs::strategy::fenwick, nullptr});
  PUNY_FUZZ_CHECK(same_error(s1, ref.status));
  PUNY_FUZZ_CHECK(same_error(s2, ref.status));
  if (ref.ok()) {
    PUNY_FUZZ_CHECK(simple == ref.value && fenwick == ref.value);
    PUNY_FUZZ_CHECK(simple_flags == fenwick_flags);
  } else {
    // On failure the output is left as it was (empty here).
    PUNY_FUZZ_CHECK(simple.empty() && fenwick.empty() && simple_flags.empty() &&
                    fenwick_flags.empty());
  }
  const puny::result<pc::annotated> ann = pc::decode_annotated(in);
  PUNY_FUZZ_CHECK(same_error(ann.status, ref.status));
  if (ann.ok()) {
    PUNY_FUZZ_CHECK(ann.value.text == ref.value);
    PUNY_FUZZ_CHECK(ann.value.uppercase == simple_flags);
  }

  // 2. UTF-8 form agrees.
  const puny::result<std::string> ref8 = pc::decode_to_utf8(in);
  PUNY_FUZZ_CHECK(same_error(ref8.status, ref.status));
  if (ref.ok()) {
    std::string expected;
    PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf8(ref.value, expected).ok());
    PUNY_FUZZ_CHECK(ref8.value == expected);
  }

  // 3. Caller buffers.
  const std::size_t n32 = ref.ok() ? ref.value.size() : 0;
  const std::size_t n8 = ref8.ok() ? ref8.value.size() : 0;
  check_buffer_decode(in, ref, pick_capacity(cap_choice, n32, cap_extra));
  check_buffer_decode(in, ref, n32 == 0 ? 0 : n32 - 1);
  check_buffer_decode_flags(in, ann, pick_capacity(cap_choice, n32, cap_extra));
  check_buffer_decode_utf8(in, ref8, pick_capacity(cap_choice / 6, n8, cap_extra));
  check_buffer_decode_utf8(in, ref8, n8);

  if (!ref.ok()) return 0;

  // 4. Decode then encode gives the canonical form.
  const puny::result<std::string> again = pc::encode(ref.value);
  PUNY_FUZZ_CHECK(again.ok());
  PUNY_FUZZ_CHECK(again.value == canonical(in));

  // 5. Mixed-case annotation is stable.
  const puny::result<std::string> annotated = pc::encode(ann.value.text, ann.value.uppercase);
  PUNY_FUZZ_CHECK(annotated.ok());
  PUNY_FUZZ_CHECK(lower_ascii(annotated.value.substr(annotated.value.rfind('-') + 1)) ==
                  again.value.substr(again.value.rfind('-') + 1));
  const puny::result<pc::annotated> ann2 = pc::decode_annotated(annotated.value);
  PUNY_FUZZ_CHECK(ann2.ok());
  PUNY_FUZZ_CHECK(ann2.value.text == ann.value.text);
  PUNY_FUZZ_CHECK(ann2.value.uppercase == ann.value.uppercase);
  return 0;
}

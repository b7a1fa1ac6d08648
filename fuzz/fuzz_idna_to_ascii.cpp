// Fuzz target: UTS #46 ToASCII (puny::idna::to_ascii) with random options.
//
// Input layout: two bytes choose the options (a preset or every flag), one
// the caller-buffer capacity, one a spare capacity; the rest is the domain
// as UTF-8 (may be ill-formed).
//
// Properties:
//  1. Ill-formed UTF-8 fails, with errc::invalid_utf8 among the errors.
//  2. On success the output is ASCII without upper-case letters; with
//     VerifyDnsLength every label is 1..63 bytes and the name 1..253.
//  3. Idempotence: to_ascii(to_ascii(x)) == to_ascii(x).
//  4. to_unicode(to_ascii(x)) succeeds (except under the URL pass-through,
//     which lets bogus xn-- labels through by design, whatwg/url#914), and
//     then to_ascii of that gives to_ascii(x) again (nontransitional only:
//     under Transitional_Processing "xn--zca" is kept but U+00DF maps to
//     "ss").
//  5. The UTF-16 and UTF-32 overloads give the same value and error code;
//     to_ascii_detailed agrees; the caller-buffer form agrees at every
//     capacity and never writes past it.
//  6. On failure the value is empty.
#include "idna_fuzz_support.hpp"

namespace {

using puny::errc;
namespace idna = puny::idna;

void check_buffer(std::string_view in, const idna::options& opt,
                  const puny::result<std::string>& ref, std::size_t capacity) {
  puny::fuzz::check_idna_buffer(
      [&](char* out, std::size_t cap, std::size_t& written) {
        return idna::to_ascii(in, out, cap, written, opt);
      },
      ref, capacity, /*output_on_error=*/false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t a = rd.byte();
  const std::uint8_t b = rd.byte();
  const idna::options opt = puny::fuzz::pick_options(a, b);
  const std::uint8_t cap_choice = rd.byte();
  const std::uint8_t cap_extra = rd.byte();
  const std::string_view in = rd.rest();

  const puny::result<std::string> r = idna::to_ascii(in, opt);
  const idna::detailed d = idna::to_ascii_detailed(in, opt);
  PUNY_FUZZ_CHECK(d.ok() == r.ok());
  PUNY_FUZZ_CHECK(puny::fuzz::same_error(d.errors.first, r.status));
  PUNY_FUZZ_CHECK(d.output == r.value);
  if (!r.ok()) {
    PUNY_FUZZ_CHECK(r.value.empty());
    PUNY_FUZZ_CHECK(!d.errors.all.empty());
  }
  PUNY_FUZZ_CHECK(d.ok() == d.errors.all.empty());

  // 5. Caller buffer.
  const std::size_t n = r.ok() ? r.value.size() : 0;
  check_buffer(in, opt, r, puny::fuzz::pick_capacity(cap_choice, n, cap_extra));
  check_buffer(in, opt, r, n == 0 ? 0 : n - 1);

  // 1. / 5. Other encodings.
  std::u32string u32;
  if (!puny::unicode::utf8_to_utf32(in, u32).ok()) {
    // Ill-formed sequences become U+FFFD with an invalid_utf8 error; an
    // error at the same offset (a label error) may come first.
    PUNY_FUZZ_CHECK(!r.ok());
    PUNY_FUZZ_CHECK(puny::fuzz::has_error(d.errors, errc::invalid_utf8));
    return 0;
  }
  const puny::result<std::string> r32 = idna::to_ascii(std::u32string_view(u32), opt);
  PUNY_FUZZ_CHECK(r32.status.code == r.status.code && r32.value == r.value);
  std::u16string u16;
  PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf16(u32, u16).ok());
  const puny::result<std::string> r16 = idna::to_ascii(std::u16string_view(u16), opt);
  PUNY_FUZZ_CHECK(r16.status.code == r.status.code && r16.value == r.value);

  if (!r.ok()) return 0;
  // 2. Output shape.
  puny::fuzz::check_ascii_output(r.value, opt);
  // 3. Idempotence.
  const puny::result<std::string> again = idna::to_ascii(r.value, opt);
  PUNY_FUZZ_CHECK(again.ok());
  PUNY_FUZZ_CHECK(again.value == r.value);
  // 4. Back to Unicode and forth.
  if (!opt.url_family()) {
    const puny::result<std::string> u = idna::to_unicode(r.value, opt);
    PUNY_FUZZ_CHECK(u.ok());
    const puny::result<std::string> forth = idna::to_ascii(u.value, opt);
    PUNY_FUZZ_CHECK(forth.ok());
    // Under Transitional_Processing "xn--zca" stays (decoded labels are
    // validated as Nontransitional), but its Unicode form U+00DF maps to
    // "ss": the round trip holds only for nontransitional processing.
    if (!opt.transitional_processing) PUNY_FUZZ_CHECK(forth.value == r.value);
  }
  return 0;
}

// Fuzz target: UTS #46 ToUnicode (puny::idna::to_unicode) with random
// options.
//
// Input layout: two bytes choose the options; the rest is the domain as
// UTF-8 (may be ill-formed).
//
// Properties:
//  1. The output is always well-formed UTF-8 (ToUnicode always produces a
//     string, errors become U+FFFD; the URL family's "input unchanged" on
//     error has its ill-formed sequences as U+FFFD) and ok() matches the
//     detailed report;
//     ill-formed input fails with errc::invalid_utf8 among the errors.
//  2. The UTF-16 and UTF-32 overloads give the same error code and the same
//     string in their encoding.
//  3. The caller-buffer form gives the same result and first error with a
//     buffer of the result's size or more, and buffer_too_small with the
//     size needed one byte short, never writing past the capacity.
//  4. When ToUnicode succeeds: its output y converts again, to y itself
//     unless Transitional_Processing is on (see below); to_ascii(x) succeeds with VerifyDnsLength off (ToASCII adds
//     only the length checks and Punycode encoding, which cannot fail for a
//     valid label) when the URL pass-through is off as well; and
//     to_unicode(to_ascii(x)) == y.
#include "idna_fuzz_support.hpp"

namespace {

using puny::errc;
namespace idna = puny::idna;

// Property 3 at one capacity.
void check_buffer(std::string_view in, const idna::options& opt,
                  const puny::result<std::string>& ref, std::size_t capacity) {
  puny::fuzz::check_idna_buffer(
      [&](char* out, std::size_t cap, std::size_t& written) {
        return idna::to_unicode(in, out, cap, written, opt);
      },
      ref, capacity, /*output_on_error=*/true);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t a = rd.byte();
  const std::uint8_t b = rd.byte();
  const idna::options opt = puny::fuzz::pick_options(a, b);
  const std::string_view in = rd.rest();

  const puny::result<std::string> r = idna::to_unicode(in, opt);
  const idna::detailed d = idna::to_unicode_detailed(in, opt);
  PUNY_FUZZ_CHECK(d.ok() == r.ok());
  PUNY_FUZZ_CHECK(puny::fuzz::same_error(d.errors.first, r.status));
  PUNY_FUZZ_CHECK(d.best_effort == r.value);
  PUNY_FUZZ_CHECK(d.ok() == d.errors.all.empty());
  check_buffer(in, opt, r, r.value.size());
  check_buffer(in, opt, r, r.value.size() + 7);
  if (!r.value.empty()) check_buffer(in, opt, r, r.value.size() - 1);

  // 1. Well-formed output, even for ill-formed input.
  PUNY_FUZZ_CHECK(puny::fuzz::is_utf8(r.value));
  std::u32string u32;
  if (!puny::unicode::utf8_to_utf32(in, u32).ok()) {
    // Ill-formed sequences become U+FFFD with an invalid_utf8 error; an
    // error at the same offset (a label error) may come first.
    PUNY_FUZZ_CHECK(!r.ok());
    PUNY_FUZZ_CHECK(puny::fuzz::has_error(d.errors, errc::invalid_utf8));
    return 0;
  }
  // 2. Other encodings.
  const puny::result<std::u32string> r32 = idna::to_unicode(std::u32string_view(u32), opt);
  PUNY_FUZZ_CHECK(r32.status.code == r.status.code);
  std::string r32_as_8;
  PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf8(r32.value, r32_as_8).ok());
  PUNY_FUZZ_CHECK(r32_as_8 == r.value);
  std::u16string u16;
  PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf16(u32, u16).ok());
  const puny::result<std::u16string> r16 = idna::to_unicode(std::u16string_view(u16), opt);
  PUNY_FUZZ_CHECK(r16.status.code == r.status.code);
  std::u16string expected16;
  PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf16(r32.value, expected16).ok());
  PUNY_FUZZ_CHECK(r16.value == expected16);

  if (!r.ok()) return 0;
  // The URL family's domain to Unicode succeeds whatever ToUnicode records:
  // then the output is the input and the errors are validation errors.
  if (opt.url_family() && !d.validation_errors.empty()) {
    PUNY_FUZZ_CHECK(r.value == in);
    return 0;
  }
  PUNY_FUZZ_CHECK(d.validation_errors.empty());
  // 4. Success implies the rest.  Idempotence does not hold under
  // Transitional_Processing: an xn-- label is validated with the
  // Nontransitional criteria (UTS #46 section 4 step 4), so "xn--zca" gives
  // U+00DF, which the Map step of a second pass turns into "ss".
  const puny::result<std::string> again = idna::to_unicode(r.value, opt);
  PUNY_FUZZ_CHECK(again.ok());
  if (!opt.transitional_processing) PUNY_FUZZ_CHECK(again.value == r.value);
  idna::options no_length = opt;
  no_length.verify_dns_length = false;
  // The URL pass-through belongs to ToASCII only and fails on empty names
  // and forbidden domain code points that ToUnicode accepts.
  no_length = no_length.with_url_domain_to_ascii(false);
  const puny::result<std::string> ascii = idna::to_ascii(in, no_length);
  PUNY_FUZZ_CHECK(ascii.ok());
  const puny::result<std::string> back = idna::to_unicode(ascii.value, opt);
  PUNY_FUZZ_CHECK(back.ok() && back.value == r.value);
  return 0;
}

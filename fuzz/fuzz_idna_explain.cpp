// Fuzz target: every UTS #46 entry point against explain_to_ascii, on
// input biased to the edge of the ASCII fast paths.  (fuzz_idna_fast_path
// compares each form with itself with the fast paths switched off; this one
// compares the forms with the tracing pipeline `puny explain` shows.)
//
// to_ascii and to_unicode take shortcuts for ASCII letters, digits, hyphens
// and dots (a 64-byte mask path, the general fast-path check, the caller
// buffer's copy); explain_to_ascii runs the whole pipeline (Map, NFC,
// Break, Convert/Validate, Punycode) on every input with the same options.
// The input is biased towards what the fast paths accept: each byte is
// turned into a character of a small alphabet (lower and upper case
// letters, digits, '-', '.', the "xn--" letters) and, rarely, a non-ASCII
// or forbidden character, so that most inputs sit at the edge between the
// fast path and the pipeline.
//
// Input layout: two bytes choose the options (as in the other IDNA targets),
// the rest is mapped byte by byte to the domain.
//
// Properties:
//  1. to_ascii (UTF-8, allocating), to_ascii_detailed, the caller-buffer
//     form and the UTF-16 / UTF-32 overloads give exactly the full
//     pipeline's result (explain_to_ascii(x).result): output, first error
//     code, offset and label.
//  2. to_unicode (UTF-8, allocating and caller buffer) gives the same
//     string and first error as to_unicode_detailed, and for input the fast
//     path accepts, the lowercased input.
//  3. URL family (the URL Standard's domain parser and domain to Unicode):
//     the validation errors of to_ascii_detailed and explain_to_ascii are
//     the same list, and it is every error of ToASCII under the options
//     with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on (steps
//     1-2); other options have none.  A to_unicode (domain to Unicode) of
//     well-formed UTF-8 never fails: when ToUnicode records an error it
//     returns its input and lists the errors as validation errors.
#include <cstring>

#include "idna_fuzz_support.hpp"

namespace {

namespace idna = puny::idna;
using puny::errc;
using puny::fuzz::same_error;

// 64 entries: what each input byte (mod 64) becomes.
const char* const alphabet[64] = {
    "a", "b", "c", "x", "n", "-", ".", "0", "9", "z", "A", "X", "N", "Z", "--", "xn--",
    "a", "e", "k", "v", "-", ".", "1", "5", "q", "m", "B", "K", "V", "-", "xn--", "..",
    "a", "s", "t", "x", "n", "-", ".", "2", "8", "y", "E", "S", "T", "_", " ", "\t",
    "\xC3\xBC", "\xC3\x9F", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xE2\x80\x8D", "\xD7\x90", "\xCC\x88",
    "\xF0\x9F\x98\x80", "@", "/", "%", "\x7F", "\xFF", "\xC3", "\x00", "\xEF\xBC\xA1"};

bool same_statuses(const std::vector<puny::status>& a, const std::vector<puny::status>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_error(a[i], b[i]) || a[i].label != b[i].label || a[i].code_point != b[i].code_point)
      return false;
  return true;
}

bool fast_shaped(std::string_view s) {
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t a = rd.byte();
  const std::uint8_t b = rd.byte();
  const idna::options opt = puny::fuzz::pick_options(a, b);
  std::string in;
  for (char c : rd.rest()) {
    const char* piece = alphabet[static_cast<std::uint8_t>(c) % 64];
    if (*piece == '\0')
      in.push_back('\0');
    else
      in += piece;
  }

  // 1. ToASCII: every fast form against the full pipeline.
  const idna::trace full = idna::explain_to_ascii(in, opt);
  const puny::status& want = full.result.errors.first;
  const puny::result<std::string> r = idna::to_ascii(in, opt);
  PUNY_FUZZ_CHECK(same_error(r.status, want) && r.status.label == want.label);
  PUNY_FUZZ_CHECK(r.value == full.result.output);
  const idna::detailed d = idna::to_ascii_detailed(in, opt);
  PUNY_FUZZ_CHECK(same_error(d.errors.first, want) && d.output == full.result.output);
  PUNY_FUZZ_CHECK(d.errors.all.size() == full.result.errors.all.size());
  char buf[2048];
  std::size_t written = 0;
  const puny::status sb = idna::to_ascii(in, buf, sizeof buf, written, opt);
  if (r.value.size() <= sizeof buf) {
    PUNY_FUZZ_CHECK(same_error(sb, want));
    PUNY_FUZZ_CHECK(std::string_view(buf, written) == r.value);
  }
  std::u32string u32;
  if (puny::unicode::utf8_to_utf32(in, u32).ok()) {
    const puny::result<std::string> r32 = idna::to_ascii(std::u32string_view(u32), opt);
    PUNY_FUZZ_CHECK(r32.status.code == want.code && r32.value == r.value);
    std::u16string u16;
    PUNY_FUZZ_CHECK(puny::unicode::utf32_to_utf16(u32, u16).ok());
    const puny::result<std::string> r16 = idna::to_ascii(std::u16string_view(u16), opt);
    PUNY_FUZZ_CHECK(r16.status.code == want.code && r16.value == r.value);
  }

  // 2. ToUnicode: the fast forms against the detailed one.
  const idna::detailed du = idna::to_unicode_detailed(in, opt);
  const puny::result<std::string> u = idna::to_unicode(in, opt);
  PUNY_FUZZ_CHECK(same_error(u.status, du.errors.first) && u.value == du.best_effort);
  written = 0;
  const puny::status su = idna::to_unicode(in, buf, sizeof buf, written, opt);
  if (u.value.size() <= sizeof buf) {
    PUNY_FUZZ_CHECK(same_error(su, u.status));
    PUNY_FUZZ_CHECK(std::string_view(buf, written) == u.value);
  }
  if (fast_shaped(in) && u.ok() && in.find("xn--") == std::string::npos) PUNY_FUZZ_CHECK(u.value == in);

  // 3. The URL Standard's validation errors and domain to Unicode.
  PUNY_FUZZ_CHECK(same_statuses(d.validation_errors, full.result.validation_errors));
  if (!opt.url_family()) {
    PUNY_FUZZ_CHECK(d.validation_errors.empty());
    return 0;
  }
  const idna::options strict = opt.with_url_domain_to_ascii(false)
                                   .with_check_hyphens()
                                   .with_use_std3_ascii_rules()
                                   .with_verify_dns_length()
                                   .with_allow_underscore(false)
                                   .with_forbid_domain_code_points(false);
  PUNY_FUZZ_CHECK(same_statuses(d.validation_errors, idna::to_ascii_detailed(in, strict).errors.all));
  if (puny::fuzz::is_utf8(in)) {
    PUNY_FUZZ_CHECK(u.ok());
    if (!du.validation_errors.empty()) PUNY_FUZZ_CHECK(u.value == in);
  }
  return 0;
}

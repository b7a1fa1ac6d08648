// puny: UTS #46 (Unicode IDNA Compatibility Processing, revision 35,
// Unicode 18.0.0 or 17.0.0, see unicode_version) ToASCII and ToUnicode.
//
// Two families are kept apart on purpose:
//   * strict UTS #46 processing (presets uts46_default, uts46_strict), and
//   * the WHATWG URL Standard (presets url, url_strict), as of its 2026
//     wording (whatwg/url#914 and the commits of 2026-06-25): the "domain
//     parser" (formerly "domain to ASCII") runs a strict ToASCII whose
//     failure is only a validation error, then with beStrict=false returns
//     all-ASCII input lowercased whatever ToASCII says; "domain to Unicode"
//     returns its input unchanged when ToUnicode records any error.
//     docs/url-standard.md maps each step to this API.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::idna {

// One field per UTS #46 processing flag (section 4, "Processing"), then
// puny's own.  Build variations with the with_* functions (constexpr),
// e.g. `idna::uts46_default.with_verify_dns_length()`, rather than with
// positional lists of bools.
struct options {
  bool check_hyphens = true;             // CheckHyphens
  bool check_bidi = true;                // CheckBidi
  bool check_joiners = true;             // CheckJoiners
  bool use_std3_ascii_rules = false;     // UseSTD3ASCIIRules
  bool transitional_processing = false;  // Transitional_Processing
  bool verify_dns_length = false;        // VerifyDnsLength
  bool ignore_invalid_punycode = false;  // IgnoreInvalidPunycode
  // The URL Standard's "domain parser" with beStrict=false and its "domain
  // to Unicode" (the url preset).  Selects the URL family, never mixed with
  // strict UTS #46:
  //  * to_ascii of an input that is all ASCII returns it ASCII-lowercased
  //    whatever UTS #46 ToASCII says, so bogus xn-- labels pass through
  //    (whatwg/url#914, the 2026 change);
  //  * to_ascii fails when the result is empty (errc::empty_label) or holds
  //    a forbidden domain code point (errc::forbidden_domain_code_point);
  //  * to_ascii_detailed and explain_to_ascii also run the domain parser's
  //    strict ToASCII (these flags with CheckHyphens, UseSTD3ASCIIRules and
  //    VerifyDnsLength on) and list its errors in
  //    detailed::validation_errors: the URL Standard's non-fatal
  //    "domain-to-ASCII" validation errors;
  //  * to_unicode (every form) returns the input unchanged, and succeeds,
  //    when any error is recorded ("domain to Unicode" step 2), see
  //    to_unicode below.
  // Not a UTS #46 flag.
  bool url_domain_to_ascii = false;
  // With use_std3_ascii_rules: U+005F '_' is allowed too (SRV and DMARC
  // owner names such as "_dmarc.example.com", RFC 2782 / RFC 7489).  Not a
  // UTS #46 flag; no preset sets it.
  bool allow_underscore = false;
  // Host-name safety, on by default: a forbidden domain code point of the
  // URL Standard (space, C0 controls, U+007F, # % / : < > ? @ [ \ ] ^ |)
  // anywhere in the processed domain is an error
  // (errc::forbidden_domain_code_point, offset of the code point in the
  // caller's input), for to_ascii and to_unicode alike, so that "a/b.com",
  // "a b.com", URLs, e-mail addresses and lines with stray whitespace do not
  // "convert" into host names that a later parser splits differently.
  // Plain UTS #46 (UseSTD3ASCIIRules=false) allows those code points; clear
  // this field, or use the uts46_raw options ("uts46-raw" preset), for it.
  // Not a UTS #46 flag.  Not applied where it cannot add anything: with
  // use_std3_ascii_rules (STD3 rules refuse every one of those code points
  // first) and in the URL family (the URL Standard makes its own check,
  // url.cpp).
  bool forbid_domain_code_points = true;

  // Whether these options select the URL family (url_domain_to_ascii; the
  // field was called url_ascii_fast_pass before it was named for what it
  // is, the URL Standard's behaviour rather than an optimization).
  constexpr bool url_family() const noexcept { return url_domain_to_ascii; }

  // Named builders: a copy with one field set.
  constexpr options with_check_hyphens(bool on = true) const noexcept { return with(&options::check_hyphens, on); }
  constexpr options with_check_bidi(bool on = true) const noexcept { return with(&options::check_bidi, on); }
  constexpr options with_check_joiners(bool on = true) const noexcept { return with(&options::check_joiners, on); }
  constexpr options with_use_std3_ascii_rules(bool on = true) const noexcept {
    return with(&options::use_std3_ascii_rules, on);
  }
  constexpr options with_transitional_processing(bool on = true) const noexcept {
    return with(&options::transitional_processing, on);
  }
  constexpr options with_verify_dns_length(bool on = true) const noexcept {
    return with(&options::verify_dns_length, on);
  }
  constexpr options with_ignore_invalid_punycode(bool on = true) const noexcept {
    return with(&options::ignore_invalid_punycode, on);
  }
  constexpr options with_url_domain_to_ascii(bool on = true) const noexcept {
    return with(&options::url_domain_to_ascii, on);
  }
  constexpr options with_allow_underscore(bool on = true) const noexcept {
    return with(&options::allow_underscore, on);
  }
  constexpr options with_forbid_domain_code_points(bool on = true) const noexcept {
    return with(&options::forbid_domain_code_points, on);
  }

 private:
  constexpr options with(bool options::*field, bool on) const noexcept {
    options o = *this;
    o.*field = on;
    return o;
  }
};

// UTS #46 defaults: nontransitional, every check except DNS length, and
// host-name safety (forbid_domain_code_points): the default of every
// surface refuses "a/b.com" and "a b.com".
inline constexpr options uts46_default{};

// Plain UTS #46 with its own defaults (UseSTD3ASCIIRules=false and nothing
// of puny's): what IdnaTestV2.txt tests, and what a caller gets who needs
// the specification's exact behaviour on names that are not host names.
inline constexpr options uts46_raw = options{}.with_forbid_domain_code_points(false);

// URL Standard "domain parser" with beStrict = false, and "domain to
// Unicode" (whose flags are these: CheckHyphens and UseSTD3ASCIIRules off).
// The domain parser checks forbidden domain code points itself (url.cpp),
// and "domain to Unicode" does not, so the field of puny's own is off.
inline constexpr options url = options{}
                                   .with_check_hyphens(false)
                                   .with_url_domain_to_ascii()
                                   .with_forbid_domain_code_points(false);

// URL Standard "domain parser" with beStrict = true: the result is the
// strict ToASCII (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to
// beStrict), whose failure is the failure; the empty-result and forbidden
// code point steps cannot fail after it (VerifyDnsLength and STD3 reject
// both first).  Plain UTS #46 processing, so it is not the URL family: its
// errors are fatal and it has no validation_errors.
inline constexpr options url_strict = options{}
                                          .with_use_std3_ascii_rules()
                                          .with_verify_dns_length()
                                          .with_forbid_domain_code_points(false);

// Strict UTS #46: every check on (the same flags as url_strict today, but a
// UTS #46 preset: it will never take URL Standard behaviour).  It still maps
// (case, width, compatibility: "\u216B.com" -> "xii.com") and accepts what
// IdnaMappingTable.txt calls valid (symbols, emoji): it is not IDNA2008.  For
// IDNA2008 registration and lookup see puny/idna2008.hpp.
inline constexpr options uts46_strict =
    options{}.with_use_std3_ascii_rules().with_verify_dns_length();
// The old name of uts46_strict (CLI: --preset registration).
inline constexpr options registration = uts46_strict;

// UTS #46 status code as IdnaTestV2.txt writes it ("P4", "V6", "B1", ...);
// empty for errc values that are not IDNA errors (invalid_utf8, ...,
// forbidden_domain_code_point).  status::detail refines some codes:
//   errc::bidi         detail 1..6 = B1..B6 (RFC 5893 section 2 rule)
//   errc::contextj     detail 1 = C1 (U+200C), 2 = C2 (U+200D)
//   errc::empty_label  detail 1 = X4_2 (found by to_unicode), else A4_2
// The Punycode decoding errors (invalid_digit, truncated_number, overflow,
// decoded_out_of_range, non_basic_before_delimiter) of an xn-- label are P4.
// The same as puny::uts46_code(s, error_source::uts46) (puny/status.hpp),
// which also names the codes of plain Punycode and IDNA2008 errors.
//
// Offsets: invalid input, V7 (disallowed), U1 (std3_disallowed), C1/C2,
// forbidden_domain_code_point and the Punycode decoding errors point at the
// offending code point in the caller's input; the other label errors point
// at the start of the label (for an empty last label: the input's length);
// domain_too_long and the url preset's empty result point at offset 0.
std::string_view uts46_code(const status& s) noexcept;

// Every error found, in input order, and the first one in `first`.
struct report {
  status first{};
  std::vector<status> all;
};

// ---- UTF-8 ----
// to_ascii: on success `value` is the ASCII domain; on failure `value` is
// empty and `status` says what failed and where.
[[nodiscard]]
result<std::string> to_ascii(std::string_view domain, const options& opt = uts46_default);

// to_unicode always produces output: on error the string still holds the
// best-effort conversion (UTS #46 section 4.3), with U+FFFD in place of each
// code point that fails V7 (disallowed in its label) and of each ill-formed
// input sequence; labels whose Punycode fails to decode are kept as they
// are.  With verify_dns_length, an empty label other than a trailing root
// label is reported as errc::empty_label with detail 1 (X4_2).
//
// The URL family (options::url_domain_to_ascii, the url preset) is the URL
// Standard's "domain to Unicode" instead, which never fails on what ToUnicode
// records: when any error is recorded the output is the input unchanged
// (step 2, so that "xn--8i7caa" round-trips through the domain parser), not
// the best-effort string, and the status is ok; to_unicode_detailed lists
// the errors as validation_errors.  Only ill-formed input (invalid_utf8,
// invalid_utf16, invalid_code_point) fails, with the input as output:
// "unchanged" is code unit for code unit, except that each ill-formed
// sequence becomes U+FFFD (one per sequence, as ToUnicode counts them), so
// the output is always well-formed.  Every to_unicode form (UTF-8, UTF-16,
// UTF-32, caller buffer, detailed) behaves the same way.
[[nodiscard]]
result<std::string> to_unicode(std::string_view domain, const options& opt = uts46_default);

// Like the above, collecting every error and the best-effort string of
// to_ascii too (UTS #46 processing result before the error is applied).
// For to_unicode_detailed, best_effort is exactly what to_unicode returns.
struct detailed {
  std::string output;       // empty when the conversion failed
  std::string best_effort;  // always set
  report errors;            // the errors that decide the result
  // URL family only.  to_ascii_detailed and explain_to_ascii: every error
  // of the URL Standard's strict ToASCII run ("domain parser" steps 1-2:
  // the options with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
  // on), in input order, with code, label and offset like `errors`.
  // to_unicode_detailed: every error ToUnicode recorded but ill-formed
  // input ("domain to Unicode" step 2).  They are validation errors:
  // non-fatal, they do not change the result, and they are listed whether
  // or not the result failed.  Empty for every other preset and when the
  // run records none.
  // E.g. under idna::url: "a_b.com" -> output "a_b.com", validation error
  // U1 at offset 1; "xn--8i7caa" -> output "xn--8i7caa", validation error V7.
  std::vector<status> validation_errors;
  bool ok() const noexcept { return errors.first.ok(); }
};
[[nodiscard]]
detailed to_ascii_detailed(std::string_view domain, const options& opt = uts46_default);
[[nodiscard]]
detailed to_unicode_detailed(std::string_view domain, const options& opt = uts46_default);

// ---- Tracing (`puny explain to-ascii`) ----
// What ToASCII did, step by step, recorded by the same pipeline that
// to_ascii runs with the same options (without the ASCII fast path, so every
// step is visible; the URL family's all-ASCII pass-through included, see
// url_ascii_pass).  result equals to_ascii_detailed(domain, opt).
struct trace {
  // Section 4 step 1 (Map): every code point whose status is not plain
  // "valid", with what it became.
  struct mapping {
    std::size_t offset = 0;          // byte offset in the input
    char32_t code_point = 0;
    std::string_view status;         // "mapped", "ignored", "deviation", "disallowed"
    std::u32string replacement;      // what the Map step produced (may be empty)
  };
  std::vector<mapping> mappings;
  std::u32string mapped;             // the whole domain after step 1
  std::u32string normalized;         // after step 2 (NFC), before the break
  // Steps 3 and 4 (Break, Convert/Validate) and ToASCII per label.
  struct label {
    std::u32string text;             // the label after NFC
    bool ace = false;                // began with "xn--" and was decoded
    std::u32string decoded;          // the Punycode-decoded label (ace only)
    std::vector<status> errors;      // every error found in this label
    std::string ascii;               // ToASCII output for this label
  };
  std::vector<label> labels;
  std::vector<status> domain_errors;  // errors not tied to one label (A4_1, ...)
  // URL family (url_domain_to_ascii) and all-ASCII input: the URL Standard
  // returns the input lowercased whatever ToASCII says, so mapped/normalized
  // are the lowercased input and only the URL checks decided the result
  // (the strict ToASCII run's findings are in result.validation_errors).
  bool url_ascii_pass = false;
  detailed result;                    // exactly what to_ascii_detailed returns
};
[[nodiscard]]
trace explain_to_ascii(std::string_view domain, const options& opt = uts46_default);

// ---- UTF-16 and UTF-32 input (offsets in code units / code points) ----
[[nodiscard]]
result<std::string> to_ascii(std::u16string_view domain, const options& opt = uts46_default);
[[nodiscard]]
result<std::string> to_ascii(std::u32string_view domain, const options& opt = uts46_default);
[[nodiscard]]
result<std::u16string> to_unicode(std::u16string_view domain, const options& opt = uts46_default);
[[nodiscard]]
result<std::u32string> to_unicode(std::u32string_view domain, const options& opt = uts46_default);

// ---- Caller buffer: never writes past capacity; errc::buffer_too_small
// with status.needed when it does not fit.  `out` may overlap `domain` (in
// place or shifted): such an input is copied first, and the result is the
// same as with separate buffers.  Does not allocate when the
// input is lowercase ASCII letters, digits, hyphens and dots without an
// xn-- label (the common case). ----
[[nodiscard]]
status to_ascii(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                const options& opt = uts46_default);

// ToUnicode into a caller buffer (UTF-8).  Like the allocating form it
// writes the best-effort result (U+FFFD where the spec marks errors; for
// the URL family the input unchanged when an error is recorded) and
// returns the first error, with `written` the result's size; when the result
// does not fit it writes nothing and returns errc::buffer_too_small with
// status.needed, whatever the errors (retry with that size to see them).
// Never writes past capacity.  Does not allocate once the calling thread's
// workspace has grown to the names it sees (nor ever for lowercase ASCII
// names without an xn-- label).
[[nodiscard]]
status to_unicode(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                  const options& opt = uts46_default);

// ---- IdnaMappingTable.txt, one code point at a time ----
// UTS #46 section 5: the status of c and its replacement (mapped and
// deviation code points; empty for ignored ones and for deviations that map
// to nothing, e.g. U+200C).  This build's tables have no *_STD3 statuses
// (UTS #46 revision 31 made UseSTD3ASCIIRules a validity check, U1).
enum class mapping_status : std::uint8_t { valid, ignored, mapped, deviation, disallowed };
// The replacement is owned: the tables keep a one-code-point mapping as a
// distance from c, not as a string the entry could view.
struct mapping_entry {
  mapping_status status = mapping_status::disallowed;
  std::u32string replacement;
};
[[nodiscard]] mapping_entry mapping_of(char32_t c);

}  // namespace puny::idna
PUNY_PUBLIC_END

// puny: error codes and the status value every fallible function returns.
//
// Errors are values, never exceptions: an `errc` says what failed and the
// fields of `status` say where (byte or code point offset in the caller's
// input, label index, offending code point).  The only exception any
// function lets through is std::bad_alloc, when memory runs out.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

PUNY_PUBLIC_BEGIN
namespace puny {

enum class errc : std::uint8_t {
  ok = 0,

  // Input encodings (any layer).
  invalid_utf8,        // ill-formed UTF-8 (overlong, truncated, surrogate, > U+10FFFF)
  invalid_utf16,       // unpaired surrogate in UTF-16 input
  invalid_code_point,  // UTF-32 input value that is a surrogate or above U+10FFFF
  buffer_too_small,    // caller buffer too small; status::needed says how large
  input_too_long,      // input beyond a documented or caller-chosen limit

  // Bootstring (RFC 3492 sections 4-6).
  bad_parameters,      // parameter set breaks an RFC 3492 section 4 constraint
  non_basic_before_delimiter,  // decode: code point before the last delimiter is not basic
  invalid_digit,       // decode: character is not a digit of the profile's alphabet
  truncated_number,    // decode: input ended inside a variable-length integer
  overflow,            // arithmetic overflow (RFC 3492 section 6.4)
  decoded_out_of_range,  // decode: value above the profile's maximum or a surrogate
  case_flags_mismatch,   // encode: case flag list length differs from input length

  // IDNA (UTS #46 section 4); the UTS #46 status code is given by uts46_code().
  disallowed,          // V7 / P1: code point status disallowed
  std3_disallowed,     // U1: UseSTD3ASCIIRules forbids this ASCII code point
  invalid_ace_label,   // P4: xn-- label fails to decode, or decodes to ASCII / nothing new
  not_nfc,             // V1
  hyphen_3_4,          // V2: "--" in positions 3 and 4
  leading_hyphen,      // V3
  trailing_hyphen,     // V3
  ace_prefix,          // V4: a label (after decoding) starts with "xn--"
  label_has_dot,       // V5: U+002E inside a label (possible only in a decoded xn-- label)
  leading_combining_mark,  // V6
  contextj,            // C1, C2: ZWNJ / ZWJ in a context RFC 5892 appendix A forbids
  bidi,                // B1-B6: RFC 5893 Bidi rule (the rule number is in status::detail)
  empty_label,         // A4_2 (toASCII) / X4_2 (toUnicode)
  label_too_long,      // A4_2: label longer than 63 bytes
  domain_too_long,     // A4_1: domain longer than 253 bytes
  punycode_encode_failed,  // A3
  forbidden_domain_code_point,  // URL Standard "domain to ASCII" (url preset): forbidden domain code point

  // IDNA2008 (puny/idna2008.hpp; RFC 5891-5893).  The profile also uses
  // disallowed, not_nfc, the hyphen codes, leading_combining_mark, contextj,
  // bidi, invalid_ace_label and the length codes above.
  unassigned,             // RFC 5892 derived property UNASSIGNED in this Unicode version
  contexto,               // RFC 5892 appendix A.3-A.9 rule fails (status::detail = 3..9)
  a_label_not_canonical,  // RFC 5891 5.3: xn-- label is not what encoding its U-label gives

  // Lists read by puny/display.hpp (Public Suffix List, protected domains).
  list_syntax,      // a line of a list is malformed (status::offset = byte offset of the line)
  file_unreadable,  // a list file cannot be opened or read

  // E-mail addresses (puny/email.hpp; RFC 5321, 5322, 6531, 6532).  The
  // domain's IDNA errors keep the IDNA codes above.
  missing_at,                 // no "@" between a local part and a domain
  empty_local_part,           // nothing before the "@" (options may allow it)
  local_part_too_long,        // local part above 64 octets (RFC 5321 4.5.3.1.1)
  address_too_long,           // address above 254 octets (RFC 5321 4.5.3.1.3)
  local_part_character,       // a character not allowed in the local part
  local_part_dot,             // leading, trailing or doubled dot in a dot-atom
  quoted_local_part,          // a quoted local part, and the options refuse them
  unterminated_quote,         // a quoted string with no closing quote
  address_literal,            // an address literal, and the options refuse them
  invalid_address_literal,    // an address literal that is no IPv4 or IPv6 address
  smtputf8_required,          // a non-ASCII local part, and SMTPUTF8 is not allowed
  display_name_syntax,        // a malformed display name or angle brackets
  domain_not_global,          // domain without a dot, or its last label not ending in a letter
  special_use_domain,         // a special-use domain (RFC 6761 and others)
  extra_at_sign,              // a second "@" outside quotes (in the domain)
  domain_character,           // an ASCII character a mail domain cannot hold (RFC 5321 4.1.2)
};

// status::code_point when no code point applies (ill-formed UTF-8, where
// there is only a byte; errors of a whole label or domain).  Not a code
// point, so U+0000 is reported as itself.  (The one value it cannot tell
// apart: a UTF-32 input value of 0xFFFFFFFF, reported by offset alone.)
inline constexpr char32_t no_code_point = 0xFFFFFFFF;

// Where and what. `offset` counts bytes in UTF-8 input, code units in UTF-16
// input and code points in UTF-32 input.
struct status {
  errc code = errc::ok;
  std::size_t offset = 0;     // position of the failure in the input
  std::size_t label = 0;      // 0-based label index (IDNA functions only)
  char32_t code_point = no_code_point;  // offending code point (or UTF-16 unit,
                                        // or UTF-32 value), see has_code_point
  std::uint8_t detail = 0;    // extra detail, e.g. the Bidi rule number 1..6
  std::size_t needed = 0;     // errc::buffer_too_small: the size that would fit

  constexpr bool ok() const noexcept { return code == errc::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
  constexpr bool has_code_point() const noexcept { return code_point != no_code_point; }
};

// Where an error was found, which decides the UTS #46 status code it
// carries (uts46_code below): one rule for every surface.
enum class error_source : std::uint8_t {
  uts46,     // UTS #46 processing (idna::to_ascii, to_unicode, the url and
             // uts46 presets, display, e-mail domains): the code IdnaTestV2.txt
             // writes, refined by status::detail (B1..B6, C1/C2, A4_2/X4_2)
  punycode,  // a plain RFC 3492 encode or decode: P4 for the Bootstring
             // errors (UTS #46 section 4.1 step 4 reports a failed
             // Punycode conversion as P4), none for invalid input text
  idna2008,  // IDNA2008 (puny/idna2008.hpp, the idna2008 presets): none, its
             // errors are RFC 5891-5893's, not UTS #46 status codes
};

// The UTS #46 status code ("P4", "V7", "B1", ...) of an error from
// `source`; empty where none applies.  idna::uts46_code(s) is
// uts46_code(s, error_source::uts46).
std::string_view uts46_code(const status& s, error_source source) noexcept;

// Stable identifier, e.g. "invalid_digit"; used by the CLI and JSON output.
std::string_view to_string(errc code) noexcept;

// One-sentence English description of the error kind.
std::string_view message(errc code) noexcept;

// Human-readable description of a whole status, e.g.
// "invalid_digit at offset 4 (U+0021): character is not a digit ...".
std::string to_string(const status& s);

// A value or a status. `value` is meaningful only when ok().
template <class T>
struct result {
  T value{};
  puny::status status{};

  bool ok() const noexcept { return status.ok(); }
  explicit operator bool() const noexcept { return ok(); }
};

namespace detail {
// True when the caller's buffer out[0, capacity) shares a byte with `in`.
// The caller-buffer conversions copy such an input before writing: they
// write some output before they have read all the input (the fast paths
// lowercase in place), so an input the buffer overlaps, in place or
// shifted, would be read after it was overwritten.  Addresses compare as
// integers (operator< on pointers into different objects is unspecified).
inline bool overlaps(std::string_view in, const char* out, std::size_t capacity) noexcept {
  if (in.empty() || out == nullptr || capacity == 0) return false;
  const auto a = reinterpret_cast<std::uintptr_t>(in.data());
  const auto b = reinterpret_cast<std::uintptr_t>(out);
  return a < b + capacity && b < a + in.size();
}
}  // namespace detail

}  // namespace puny
PUNY_PUBLIC_END

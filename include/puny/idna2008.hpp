// puny: IDNA2008 (RFC 5890-5893) as its own profile, separate from UTS #46.
//
// IDNA2008 does no mapping: no case folding, no width or compatibility
// mapping, no U+3002 as a dot.  The input must already be U-labels, A-labels
// (xn--) or plain ASCII labels, separated by U+002E.  Every code point of a
// U-label is checked against the RFC 5892 derived property of this build's
// Unicode version (puny::unicode::unicode_version), so "💩.la" (DISALLOWED),
// "≠.com" (DISALLOWED) and "Ⅻ.com" (DISALLOWED; UTS #46 would map it to
// "xii.com") are refused.  See docs/idna2008.md.
//
//   registration (RFC 5891 section 4): what a registry accepts.  NFC, every
//     code point PVALID or a CONTEXTJ/CONTEXTO code point whose RFC 5892
//     appendix A rule holds, no "--" in positions 3-4, no leading or trailing
//     hyphen, no leading combining mark, RFC 5893 Bidi, A-labels that
//     round-trip exactly (lowercase, canonical Punycode), labels of 1-63
//     bytes in ACE form, names of at most 253 bytes.  ASCII labels must be
//     LDH (letters, digits, hyphen).
//   lookup (RFC 5891 section 5): what a resolver accepts.  The same checks,
//     except that CONTEXTO rules are not evaluated (5.4 only requires that
//     the code point has a rule), leading and trailing hyphens are allowed,
//     and ASCII labels that are not xn-- labels pass unchanged (5.4: for
//     them the DNS decides).
//
// Errors are values: status::code, ::offset (byte offset in the input),
// ::label (0-based label index), ::code_point and ::detail (the RFC 5893
// rule 1-6 for errc::bidi, 1 = ZWNJ / 2 = ZWJ for errc::contextj, the RFC
// 5892 appendix A rule 3-9 for errc::contexto).  For a check on the U-label
// of an xn-- label the offset is the start of that label.
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::idna2008 {

// RFC 5892 section 5 derived property of one code point (Idna2008.txt of
// this build's Unicode version).  Values above U+10FFFF are unassigned.
enum class property : std::uint8_t { pvalid, contextj, contexto, disallowed, unassigned };
property derived_property(char32_t c) noexcept;

enum class output_form : std::uint8_t {
  ascii,    // A-labels (xn--...), the form that goes into the DNS
  unicode,  // U-labels, for display
};

struct options {
  output_form output = output_form::ascii;
  // RFC 5893.  Registration MUST check it (RFC 5891 section 4.2.3.4), lookup
  // SHOULD (section 5.4); turn it off only when it is enforced elsewhere.
  // Applied to every label of a name that holds an RTL label (RFC 5893
  // section 2).
  bool check_bidi = true;
};

// A trailing dot (the root label) is kept; any other empty label is
// errc::empty_label.  Ill-formed UTF-8 is errc::invalid_utf8 at its byte.
[[nodiscard]]
result<std::string> registration(std::string_view domain, const options& opt = {});
[[nodiscard]]
result<std::string> lookup(std::string_view domain, const options& opt = {});

// Caller buffer: never writes past `capacity`; errc::buffer_too_small with
// status.needed when the result does not fit (the checks' errors first).
// `out` may overlap `domain`: the input is then copied first.
[[nodiscard]]
status registration(std::string_view domain, char* out, std::size_t capacity,
                    std::size_t& written, const options& opt = {});
[[nodiscard]]
status lookup(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
              const options& opt = {});

}  // namespace puny::idna2008
PUNY_PUBLIC_END

#include "puny/status.hpp"

#include <cstdio>

namespace puny {

std::string_view to_string(errc code) noexcept {
  switch (code) {
    case errc::ok: return "ok";
    case errc::invalid_utf8: return "invalid_utf8";
    case errc::invalid_utf16: return "invalid_utf16";
    case errc::invalid_code_point: return "invalid_code_point";
    case errc::buffer_too_small: return "buffer_too_small";
    case errc::input_too_long: return "input_too_long";
    case errc::bad_parameters: return "bad_parameters";
    case errc::non_basic_before_delimiter: return "non_basic_before_delimiter";
    case errc::invalid_digit: return "invalid_digit";
    case errc::truncated_number: return "truncated_number";
    case errc::overflow: return "overflow";
    case errc::decoded_out_of_range: return "decoded_out_of_range";
    case errc::case_flags_mismatch: return "case_flags_mismatch";
    case errc::disallowed: return "disallowed";
    case errc::std3_disallowed: return "std3_disallowed";
    case errc::invalid_ace_label: return "invalid_ace_label";
    case errc::not_nfc: return "not_nfc";
    case errc::hyphen_3_4: return "hyphen_3_4";
    case errc::leading_hyphen: return "leading_hyphen";
    case errc::trailing_hyphen: return "trailing_hyphen";
    case errc::ace_prefix: return "ace_prefix";
    case errc::label_has_dot: return "label_has_dot";
    case errc::leading_combining_mark: return "leading_combining_mark";
    case errc::contextj: return "contextj";
    case errc::bidi: return "bidi";
    case errc::empty_label: return "empty_label";
    case errc::label_too_long: return "label_too_long";
    case errc::domain_too_long: return "domain_too_long";
    case errc::punycode_encode_failed: return "punycode_encode_failed";
    case errc::forbidden_domain_code_point: return "forbidden_domain_code_point";
    case errc::unassigned: return "unassigned";
    case errc::contexto: return "contexto";
    case errc::a_label_not_canonical: return "a_label_not_canonical";
  }
  return "unknown";
}

std::string_view message(errc code) noexcept {
  switch (code) {
    case errc::ok: return "no error";
    case errc::invalid_utf8: return "the input is not well-formed UTF-8";
    case errc::invalid_utf16: return "the input has an unpaired UTF-16 surrogate";
    case errc::invalid_code_point: return "the input holds a surrogate or a value above U+10FFFF";
    case errc::buffer_too_small: return "the output buffer is too small";
    case errc::input_too_long: return "the input is longer than the supported maximum";
    case errc::bad_parameters: return "the Bootstring parameters break an RFC 3492 section 4 constraint";
    case errc::non_basic_before_delimiter:
      return "a character before the last delimiter is not a basic code point";
    case errc::invalid_digit: return "a character after the delimiter is not a digit of the alphabet";
    case errc::truncated_number: return "the input ended inside a variable-length integer";
    case errc::overflow: return "arithmetic overflow (RFC 3492 section 6.4)";
    case errc::decoded_out_of_range:
      return "a decoded value is above U+10FFFF (or the profile's maximum) or is a surrogate";
    case errc::case_flags_mismatch: return "the case flag list does not have one flag per code point";
    case errc::disallowed: return "a code point is disallowed in IDNA";
    case errc::std3_disallowed: return "UseSTD3ASCIIRules allows only letters, digits and hyphens";
    case errc::invalid_ace_label: return "an xn-- label is not valid Punycode for a non-ASCII label";
    case errc::not_nfc: return "a label is not in Normalization Form C";
    case errc::hyphen_3_4: return "a label has hyphens in the third and fourth positions";
    case errc::leading_hyphen: return "a label starts with a hyphen";
    case errc::trailing_hyphen: return "a label ends with a hyphen";
    case errc::ace_prefix: return "a decoded label starts with xn--";
    case errc::label_has_dot: return "a label contains a full stop";
    case errc::leading_combining_mark: return "a label starts with a combining mark";
    case errc::contextj: return "ZERO WIDTH (NON-)JOINER in a context RFC 5892 appendix A forbids";
    case errc::bidi: return "the domain breaks the RFC 5893 Bidi rule";
    case errc::empty_label: return "a label is empty";
    case errc::label_too_long: return "a label is longer than 63 bytes";
    case errc::domain_too_long: return "the domain name is longer than 253 bytes";
    case errc::punycode_encode_failed: return "Punycode encoding of a label failed";
    case errc::forbidden_domain_code_point:
      return "the domain contains a code point the URL Standard forbids in a domain";
    case errc::unassigned: return "a code point is unassigned in this Unicode version (RFC 5892)";
    case errc::contexto:
      return "a CONTEXTO code point in a context RFC 5892 appendix A forbids";
    case errc::a_label_not_canonical:
      return "an A-label is not the lowercase Punycode of its U-label (RFC 5891 section 5.3)";
  }
  return "unknown error";
}

std::string to_string(const status& s) {
  std::string text(to_string(s.code));
  if (s.ok()) return text;
  text += " at offset ";
  text += std::to_string(s.offset);
  if (s.code_point != 0) {
    char buf[16];
    std::snprintf(buf, sizeof buf, " (U+%04X)", static_cast<unsigned>(s.code_point));
    text += buf;
  }
  if (s.code == errc::buffer_too_small) {
    text += " (needs ";
    text += std::to_string(s.needed);
    text += ")";
  }
  text += ": ";
  text += message(s.code);
  return text;
}

}  // namespace puny

// Every error code once: its stable name (to_string, CLI and JSON output),
// its one-sentence message (message) and its UTS #46 status code as
// IdnaTestV2.txt writes it (idna::uts46_code; empty for errors that are
// not IDNA errors).  Rows are in errc order (checked below), so a new code
// is one enum value in puny/status.hpp and one row here.
//
// uts46_code refines three base codes by status::detail: bidi B1 -> B1..B6,
// contextj C1 -> C2, empty_label A4_2 -> X4_2 (found by ToUnicode).
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/status.hpp"

namespace puny::detail {

struct error_info {
  errc code;
  std::string_view name;
  std::string_view uts46;
  std::string_view message;
};

inline constexpr error_info error_table[] = {
    {errc::ok, "ok", "",
     "no error"},
    {errc::invalid_utf8, "invalid_utf8", "",
     "the input is not well-formed UTF-8"},
    {errc::invalid_utf16, "invalid_utf16", "",
     "the input has an unpaired UTF-16 surrogate"},
    {errc::invalid_code_point, "invalid_code_point", "",
     "the input holds a surrogate or a value above U+10FFFF"},
    {errc::buffer_too_small, "buffer_too_small", "",
     "the output buffer is too small"},
    {errc::input_too_long, "input_too_long", "",
     "the input is longer than the supported maximum"},
    {errc::bad_parameters, "bad_parameters", "",
     "the Bootstring parameters break an RFC 3492 section 4 constraint"},
    {errc::non_basic_before_delimiter, "non_basic_before_delimiter", "P4",
     "a character before the last delimiter is not a basic code point"},
    {errc::invalid_digit, "invalid_digit", "P4",
     "a character after the delimiter is not a digit of the alphabet"},
    {errc::truncated_number, "truncated_number", "P4",
     "the input ended inside a variable-length integer"},
    {errc::overflow, "overflow", "P4",
     "arithmetic overflow (RFC 3492 section 6.4)"},
    {errc::decoded_out_of_range, "decoded_out_of_range", "P4",
     "a decoded value is above U+10FFFF (or the profile's maximum) or is a surrogate"},
    {errc::case_flags_mismatch, "case_flags_mismatch", "",
     "the case flag list does not have one flag per code point"},
    {errc::disallowed, "disallowed", "V7",
     "a code point is disallowed in IDNA"},
    {errc::std3_disallowed, "std3_disallowed", "U1",
     "UseSTD3ASCIIRules allows only letters, digits and hyphens"},
    {errc::invalid_ace_label, "invalid_ace_label", "P4",
     "an xn-- label is not valid Punycode for a non-ASCII label"},
    {errc::not_nfc, "not_nfc", "V1",
     "a label is not in Normalization Form C"},
    {errc::hyphen_3_4, "hyphen_3_4", "V2",
     "a label has hyphens in the third and fourth positions"},
    {errc::leading_hyphen, "leading_hyphen", "V3",
     "a label starts with a hyphen"},
    {errc::trailing_hyphen, "trailing_hyphen", "V3",
     "a label ends with a hyphen"},
    {errc::ace_prefix, "ace_prefix", "V4",
     "a decoded label starts with xn--"},
    {errc::label_has_dot, "label_has_dot", "V5",
     "a label contains a full stop"},
    {errc::leading_combining_mark, "leading_combining_mark", "V6",
     "a label starts with a combining mark"},
    {errc::contextj, "contextj", "C1",
     "ZERO WIDTH (NON-)JOINER in a context RFC 5892 appendix A forbids"},
    {errc::bidi, "bidi", "B1",
     "the domain breaks the RFC 5893 Bidi rule"},
    {errc::empty_label, "empty_label", "A4_2",
     "a label is empty"},
    {errc::label_too_long, "label_too_long", "A4_2",
     "a label is longer than 63 bytes"},
    {errc::domain_too_long, "domain_too_long", "A4_1",
     "the domain name is longer than 253 bytes"},
    {errc::punycode_encode_failed, "punycode_encode_failed", "A3",
     "Punycode encoding of a label failed"},
    {errc::forbidden_domain_code_point, "forbidden_domain_code_point", "",
     "the domain contains a code point the URL Standard forbids in a domain"},
    // IDNA2008 (puny/idna2008.hpp) only: no UTS #46 code.
    {errc::unassigned, "unassigned", "",
     "a code point is unassigned in this Unicode version (RFC 5892)"},
    {errc::contexto, "contexto", "",
     "a CONTEXTO code point in a context RFC 5892 appendix A forbids"},
    {errc::a_label_not_canonical, "a_label_not_canonical", "",
     "an A-label is not the lowercase Punycode of its U-label (RFC 5891 section 5.3)"},
    // Lists of puny/display.hpp: no UTS #46 code.
    {errc::list_syntax, "list_syntax", "",
     "a line of a domain list or the Public Suffix List is malformed"},
    {errc::file_unreadable, "file_unreadable", "",
     "a list file cannot be opened or read"},
    // E-mail addresses (puny/email.hpp): no UTS #46 code.
    {errc::missing_at, "missing_at", "",
     "the address has no @ between a local part and a domain"},
    {errc::empty_local_part, "empty_local_part", "",
     "the address has nothing before the @"},
    {errc::local_part_too_long, "local_part_too_long", "",
     "the local part is longer than 64 octets (RFC 5321 section 4.5.3.1.1)"},
    {errc::address_too_long, "address_too_long", "",
     "the address is longer than 254 octets (RFC 5321 section 4.5.3.1.3)"},
    {errc::local_part_character, "local_part_character", "",
     "a character is not allowed in the local part (RFC 5322 atext or qtext, RFC 6532)"},
    {errc::local_part_dot, "local_part_dot", "",
     "a dot starts or ends the local part or follows another dot (RFC 5322 dot-atom)"},
    {errc::quoted_local_part, "quoted_local_part", "",
     "the local part is a quoted string, which the options do not allow"},
    {errc::unterminated_quote, "unterminated_quote", "",
     "a quoted string has no closing quote"},
    {errc::address_literal, "address_literal", "",
     "the domain is an address literal, which the options do not allow"},
    {errc::invalid_address_literal, "invalid_address_literal", "",
     "an address literal is not an IPv4 or IPv6 address (RFC 5321 section 4.1.3)"},
    {errc::smtputf8_required, "smtputf8_required", "",
     "the local part is not ASCII and SMTPUTF8 is not allowed (RFC 6531)"},
    {errc::display_name_syntax, "display_name_syntax", "",
     "the display name or its angle brackets are malformed (RFC 5322 section 3.4)"},
    {errc::domain_not_global, "domain_not_global", "",
     "the domain has no dot or its last label does not end in a letter"},
    {errc::special_use_domain, "special_use_domain", "",
     "the domain is a special-use name that mail cannot reach (RFC 6761)"},
    {errc::extra_at_sign, "extra_at_sign", "",
     "the address has a second @ outside quotes: remove it (an address has one @)"},
    {errc::domain_character, "domain_character", "",
     "a mail domain holds only letters, digits, hyphens and dots (RFC 5321 section 4.1.2)"},
};

constexpr bool error_table_in_order() {
  std::size_t i = 0;
  for (const error_info& e : error_table)
    if (static_cast<std::size_t>(e.code) != i++) return false;
  return true;
}
static_assert(error_table_in_order(), "error_table rows must follow the errc order");
static_assert(static_cast<std::size_t>(errc::domain_character) + 1 ==
                  sizeof error_table / sizeof error_table[0],
              "every errc needs a row in error_table (the last enumerator is checked)");

// The row of `code`, or null for a value outside the enumeration.
constexpr const error_info* find_error(errc code) noexcept {
  const auto i = static_cast<std::size_t>(code);
  return i < sizeof error_table / sizeof error_table[0] ? &error_table[i] : nullptr;
}

// The UTS #46 status code of `s`, from `row` (its code's row; null: none)
// and where the error was found (puny::error_source): the one rule
// behind puny::uts46_code and idna::uts46_code.  Inline, so a module that
// carries only some rows (the Punycode-only WebAssembly entry point,
// surfaces/js) applies it to them.
constexpr std::string_view uts46_code(const error_info* row, const status& s,
                                      error_source source) noexcept {
  if (row == nullptr || source == error_source::idna2008) return {};
  if (source == error_source::punycode) return row->uts46;  // P4 for the Bootstring rows
  switch (s.code) {
    case errc::bidi:  // RFC 5893 section 2 rule number in detail (1..6)
      if (s.detail >= 1 && s.detail <= 6) {
        constexpr std::string_view rules[] = {"B1", "B2", "B3", "B4", "B5", "B6"};
        return rules[s.detail - 1];
      }
      return row->uts46;
    case errc::contextj: return s.detail == 2 ? "C2" : row->uts46;       // detail 2: U+200D
    case errc::empty_label: return s.detail == 1 ? "X4_2" : row->uts46;  // detail 1: ToUnicode
    default: return row->uts46;
  }
}

}  // namespace puny::detail

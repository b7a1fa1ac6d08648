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
  // Lookup only (registration already allows nothing but LDH in an ASCII
  // label): ASCII labels that are not xn-- labels are left to the DNS
  // (RFC 5891 section 5.4), but for what these refuse.
  //  * forbid_domain_code_points (on by default, as in puny::idna::options):
  //    the URL Standard's forbidden domain code points (space, controls,
  //    # % / : < > ? @ [ \ ] ^ |) are errc::forbidden_domain_code_point, so
  //    "a b.com" and "a/b.com" are not host names;
  //  * use_std3_ascii_rules: only letters, digits and hyphen
  //    (errc::std3_disallowed), the STD3 host-name syntax (RFC 1123).
  bool forbid_domain_code_points = true;
  bool use_std3_ascii_rules = false;
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

// ---- The label checks one at a time ----
// The pieces registration() and lookup() are made of, for callers that
// compose them in an order of their own (the Python package's `idna` API,
// docs/python-idna.md).  Labels are code points; nothing is mapped.

// RFC 5891 section 4.2.2 / 5.4: the label is in Unicode Normalization Form C
// (UAX #15).  `nfc` returns the NFC of any sequence of scalar values.
[[nodiscard]] bool is_nfc(std::u32string_view label);
[[nodiscard]] std::u32string nfc(std::u32string_view text);

// RFC 5891 section 4.2.3.2: General_Category is Mark (Mn, Mc or Me).
[[nodiscard]] bool is_combining_mark(char32_t c) noexcept;

// RFC 5892 appendix A.1 (U+200C) and A.2 (U+200D): whether the rule of the
// CONTEXTJ code point label[i] holds; false for any other code point.
[[nodiscard]] bool contextj_holds(std::u32string_view label, std::size_t i) noexcept;

// RFC 5892 appendix A.3-A.9: the rule number (3..9) that governs CONTEXTO
// code point c, 0 when RFC 5892 gives it none; and whether the rule of
// label[i] holds (false when it has none).
[[nodiscard]] std::uint8_t contexto_rule(char32_t c) noexcept;
[[nodiscard]] bool contexto_holds(std::u32string_view label, std::size_t i) noexcept;

// RFC 5892 appendix A on a whole label in one pass, O(label): the index of
// the first CONTEXTJ or CONTEXTO code point whose rule fails (a CONTEXTO
// code point RFC 5892 gives no rule fails too), or std::u32string_view::npos
// when every one holds.  evaluate_contexto = false is lookup's reading
// (RFC 5891 section 5.4): a CONTEXTO code point only needs a rule.  Use this
// to check a label; asking contexto_holds for every position costs
// O(label^2), since rules A.7-A.9 read the whole label.
[[nodiscard]] std::size_t first_context_failure(std::u32string_view label,
                                                bool evaluate_contexto = true) noexcept;

// RFC 5893 section 1.4: the label holds a code point of Bidi_Class R, AL or
// AN (an "RTL label").
[[nodiscard]] bool is_rtl_label(std::u32string_view label) noexcept;
// RFC 5893 section 2 on one non-empty label: bit n-1 is set when rule n
// fails (0: the label satisfies the Bidi rule).  When rule 1 fails (the
// first code point is not L, R or AL) no other rule is evaluated.
[[nodiscard]] unsigned bidi_rule_failures(std::u32string_view label) noexcept;

}  // namespace puny::idna2008
PUNY_PUBLIC_END

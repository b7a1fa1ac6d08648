// puny: e-mail addresses.  One call says what an address is: valid or not
// (and if not, what failed, where, on which code point), its normalized
// form, its ASCII form when one exists, whether delivery needs SMTPUTF8,
// and, on request, whether its domain may be shown in Unicode and whether
// its local part passes a UTS #39 based safety check.
//
// The grammar is RFC 5321 section 4.1.2 (Mailbox: Dot-string or
// Quoted-string, then a Domain or an address literal) with RFC 6531
// section 3.3 and RFC 6532 section 3.2 (UTF-8 in atext, qtext and the
// domain); RFC 5322 section 3.4 for the optional display name
// ("Name <addr>").  No comments (CFWS), no obsolete forms, no folding: what
// a form field or an SMTP envelope carries.  docs/email.md lists each check
// with its section and what is not checked (deliverability, MX records).
#pragma once

#include "puny/config.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::email {

// RFC 5321 section 4.5.3.1: the limits, in octets of the form that travels
// (the normalized local part in UTF-8, the domain in its ASCII form).
inline constexpr std::size_t max_local_part_octets = 64;   // 4.5.3.1.1
inline constexpr std::size_t max_domain_octets = 253;      // 4.5.3.1.2 (255 less the length octets)
inline constexpr std::size_t max_address_octets = 254;     // 4.5.3.1.3 path of 256 less "<" and ">"

// What to accept.  The defaults accept what Python's email-validator
// accepts by default (docs/email.md lists the differences).
struct options {
  bool allow_quoted_local_part = false;  // "john doe"@example.com (RFC 5321 Quoted-string)
  bool allow_address_literal = false;    // a@[192.0.2.1], a@[IPv6:2001:db8::1]
  bool allow_empty_local_part = false;   // @example.com (Postfix aliases)
  bool allow_display_name = false;       // John Doe <john@example.com>
  bool allow_smtputf8 = true;            // a non-ASCII local part (RFC 6531)
  // Refuse domains that no Internet mail can reach: no dot, a top-level
  // label that does not end in a letter, or a special-use name (arpa,
  // invalid, local, localhost, onion, test and their subdomains; RFC 6761,
  // 6762, 7686).  email-validator's globally_deliverable.
  bool require_global_domain = true;
  // The domain policy: an IDNA preset of puny/presets.hpp and its options
  // (null: the preset's own).  Both null (the default): email-validator's
  // policy, the "uts46-strict" preset (UTS #46 mapping, STD3 rules, DNS
  // lengths) and then IDNA2008 registration (RFC 5891 section 4) of its
  // A-labels, which refuses symbols and emoji that UTS #46 admits.
  const preset* domain_preset = nullptr;
  const idna::options* domain_options = nullptr;
  // On request: the display decision for the domain (puny/display.hpp) and
  // the local part's safety check (result::local_part_safe).
  bool check_display = false;
  display::options display{};
  bool check_local_part_security = false;
};

// The parts of a valid address.  Strings are UTF-8.
struct address {
  std::string display_name;  // the display name, unquoted (empty when none)
  std::string local_part;    // NFC when not ASCII (RFC 6532 section 3.1); a quoted
                             // local part stays quoted unless it is a valid dot-atom
  std::string domain;        // U-label form, or the address literal with its brackets
  std::string ascii_domain;  // A-label form (the literal itself for a literal)
  std::string normalized;    // local_part "@" domain
  std::string ascii_email;   // local_part "@" ascii_domain; empty when the local
                             // part is not ASCII (a local part is never Punycoded)
  bool smtputf8 = false;     // delivery needs SMTPUTF8 (non-ASCII local part)
  bool address_literal = false;

  // check_display: the domain's display decision (display form, per-label
  // verdicts).  Not filled for an address literal.
  bool display_checked = false;
  display::decision display;
  // check_local_part_security: whether the local part passes the check of
  // docs/email.md ("Local part safety", after UTS #39 section 3.3); when
  // not, the rule that failed ("identifier_status", "restriction_level",
  // "mixed_numbers"), the byte offset of the local part in the input and
  // the code point to blame when one is (no_code_point otherwise).
  bool local_part_checked = false;
  bool local_part_safe = true;
  std::string_view local_part_rule;
  std::size_t local_part_offset = 0;
  char32_t local_part_code_point = no_code_point;
};

// Checks `input` (one address, no surrounding whitespace).  On failure
// status says what failed, at which byte offset of `input`, and the code
// point when one is to blame; the IDNA errors of the domain keep their
// names (disallowed, bidi, ...) with offsets into `input`.
[[nodiscard]]
result<address> validate(std::string_view input, const options& opt = {});

// The same into a caller's object, reusing its strings.  On failure `out`
// is cleared.
[[nodiscard]]
status validate(std::string_view input, const options& opt, address& out);

}  // namespace puny::email
PUNY_PUBLIC_END

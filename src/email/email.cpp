// puny/email.hpp: one pass over the address, left to right, so the first
// error reported is the first in the input (display name, local part,
// domain), then the length limits on the normalized form.
#include "puny/email.hpp"

#include <algorithm>
#include <string>

#include "internal.hpp"
#include "puny/idna2008.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"
#include "unicode/ucd.hpp"

namespace puny::email {
namespace {

namespace ucd = puny::detail::ucd;

status fail(errc code, std::size_t offset, char32_t cp = no_code_point) {
  status s;
  s.code = code;
  s.offset = offset;
  s.code_point = cp;
  return s;
}

// RFC 5322 section 3.2.3 atext, ASCII part.
bool is_ascii_atext(char32_t c) noexcept {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
    case '-': case '/': case '=': case '?': case '^': case '_': case '`': case '{':
    case '|': case '}': case '~':
      return true;
    default:
      return false;
  }
}

// RFC 6532 section 3.2 admits every non-ASCII scalar value (UTF8-non-ascii)
// in atext and qtext; section 3.1 and RFC 6531 section 3.3 leave it to
// the sender to avoid the harmful ones.  Refused, as email-validator
// refuses General_Category Z* and C*: whitespace and separators (Bidi_Class
// WS, B, S, and what UTS #46 maps to a space, e.g. U+00A0), format and
// other invisible controls (Bidi_Class BN and the explicit Bidi formatting
// characters), and what UTS #46 disallows (controls, unassigned, private
// use, noncharacters).
bool is_unsafe_non_ascii(char32_t c) noexcept {
  using B = ucd::bidi_class;
  switch (ucd::bidi(c)) {
    case B::WS: case B::B: case B::S: case B::BN: case B::LRE: case B::LRO: case B::RLE:
    case B::RLO: case B::PDF: case B::LRI: case B::RLI: case B::FSI: case B::PDI:
      return true;
    default:
      break;
  }
  const ucd::idna_entry e = ucd::idna_lookup(c);
  if (e.status == ucd::idna_status::disallowed) return true;
  if (e.status == ucd::idna_status::mapped)
    for (char32_t m : e.mapping())
      if (m == U' ') return true;
  return false;
}

// RFC 6532 section 3.1 puts the local part in NFC, so what a code point
// becomes there must be allowed too: U+037E GREEK QUESTION MARK is ';'
// once normalized, which no dot-atom may hold (fuzz_email found
// "b\u037E@1263m\u0213" normalized to an address that does not validate).
// Only a code point that is not NFC on its own can change.
status check_normalized_form(char32_t c, std::size_t at, bool quoted) {
  const std::u32string_view one(&c, 1);
  if (ucd::is_nfc(one)) return {};
  for (const char32_t d : ucd::nfc(one)) {
    const bool allowed = d >= 0x80 ? !is_unsafe_non_ascii(d)
                                   : (quoted ? d >= 32 && d <= 126 : is_ascii_atext(d));
    if (!allowed) return fail(errc::local_part_character, at, c);
  }
  return {};
}

// Checks the code points of a local part (dot-atom text, or the content of
// a quoted string) from `begin` to `end` of `in`, appending them to `out`.
// quoted: qtextSMTP / quoted-pairSMTP of RFC 5321 section 4.1.2 (the
// escapes removed); otherwise RFC 5322 dot-atom-text.
status scan_local(std::string_view in, std::size_t begin, std::size_t end, bool quoted,
                  const options& opt, std::u32string& out) {
  bool previous_dot = false;
  for (std::size_t pos = begin; pos < end;) {
    const std::size_t at = pos;
    char32_t c = static_cast<unsigned char>(in[pos]);
    if (c < 0x80)
      ++pos;
    else
      (void)unicode::next_utf8(in, pos, c);  // well-formed: checked first
    if (quoted && c == '\\') {
      // quoted-pairSMTP = %d92 %d32-126
      if (pos >= end || in[pos] < 32 || in[pos] > 126)
        return fail(errc::local_part_character, at, c);
      c = static_cast<unsigned char>(in[pos++]);
    } else if (c >= 0x80) {
      if (is_unsafe_non_ascii(c) || (out.empty() && ucd::is_mark(c)))
        return fail(errc::local_part_character, at, c);
      if (!opt.allow_smtputf8) return fail(errc::smtputf8_required, at, c);
      if (status s = check_normalized_form(c, at, quoted); !s) return s;
    } else if (quoted) {
      // qtextSMTP = %d32-33 / %d35-91 / %d93-126 ('"' ends the string earlier)
      if (c < 32 || c > 126) return fail(errc::local_part_character, at, c);
    } else if (c == '.') {
      if (out.empty() || previous_dot || pos == end) return fail(errc::local_part_dot, at, c);
    } else if (!is_ascii_atext(c)) {
      return fail(errc::local_part_character, at, c);
    }
    previous_dot = !quoted && c == '.';
    out.push_back(c);
  }
  return {};
}

// Whether a local part (unquoted) is a dot-atom: then it needs no quotes.
bool is_dot_atom(std::u32string_view s) noexcept {
  if (s.empty() || s.front() == '.' || s.back() == '.') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char32_t c = s[i];
    if (c == '.') {
      if (s[i - 1] == '.') return false;
    } else if (c < 0x80 ? !is_ascii_atext(c) : is_unsafe_non_ascii(c)) {
      return false;
    }
  }
  return true;
}

void append_utf8(std::u32string_view s, std::string& out) {
  char buf[4];
  for (char32_t c : s) {
    if (c < 0x80)
      out.push_back(static_cast<char>(c));
    else
      out.append(buf, unicode::put_utf8(c, buf));
  }
}

// Whether an ASCII domain holds an ACE prefix ("xn--", any case) anywhere.
bool has_a_label(std::string_view s) noexcept {
  for (std::size_t i = 0; i + 4 <= s.size(); ++i)
    if ((s[i] == 'x' || s[i] == 'X') && (s[i + 1] == 'n' || s[i + 1] == 'N') && s[i + 2] == '-' &&
        s[i + 3] == '-')
      return true;
  return false;
}

// Whether every non-ASCII code point of a U-label form is PVALID in
// IDNA2008 (RFC 5892 section 2; UTF-8 known to be well-formed).
bool all_idna2008_pvalid(std::string_view s) noexcept {
  for (std::size_t pos = 0; pos < s.size();) {
    char32_t c = static_cast<unsigned char>(s[pos]);
    if (c < 0x80) {
      ++pos;
      continue;
    }
    if (!unicode::next_utf8(s, pos, c)) return false;
    if (ucd::idna2008_property(c) != ucd::idna2008::pvalid) return false;
  }
  return true;
}

// RFC 6761 section 6, RFC 6762 section 3, RFC 7686 section 2: names no
// Internet mail reaches (email-validator's list; "example" is left out as
// RFC 6761 section 6.5 asks).
bool is_special_use(std::string_view ascii_domain) noexcept {
  static constexpr std::string_view names[] = {"arpa", "invalid", "local", "localhost", "onion",
                                               "test"};
  const auto ends_with = [&](std::string_view n) {
    if (ascii_domain.size() < n.size()) return false;
    const std::string_view tail = ascii_domain.substr(ascii_domain.size() - n.size());
    for (std::size_t i = 0; i < n.size(); ++i) {
      char c = tail[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != n[i]) return false;
    }
    return ascii_domain.size() == n.size() || ascii_domain[ascii_domain.size() - n.size() - 1] == '.';
  };
  for (std::string_view n : names)
    if (ends_with(n)) return true;
  return false;
}

// The display name of RFC 5322 section 3.4 ("phrase", or a quoted string)
// before "<": atext (with UTF-8, RFC 6532), '.', spaces and tabs.  Sets
// `addr_begin`/`addr_end` to the addr-spec between the angle brackets.
status split_display_name(std::string_view in, std::size_t lt, address& out,
                          std::size_t& addr_begin, std::size_t& addr_end) {
  if (in.empty() || in.back() != '>') return fail(errc::display_name_syntax, in.size());
  std::size_t end = lt;
  while (end > 0 && (in[end - 1] == ' ' || in[end - 1] == '\t')) --end;
  std::size_t begin = 0;
  if (end > 0 && in[0] == '"') {
    // quoted-string: the whole name up to the spaces before '<'.
    std::string name;
    std::size_t pos = 1;
    while (pos < end - 1) {
      const unsigned char b = static_cast<unsigned char>(in[pos]);
      if ((b < 0x20 && b != '\t') || b == 0x7F) return fail(errc::display_name_syntax, pos, b);
      if (b == '"') return fail(errc::display_name_syntax, pos, U'"');
      if (b == '\\') {
        if (pos + 1 >= end - 1) return fail(errc::display_name_syntax, pos, U'\\');
        ++pos;
      }
      name.push_back(in[pos++]);
    }
    if (end < 2 || in[end - 1] != '"' || pos != end - 1)
      return fail(errc::display_name_syntax, end > 0 ? end - 1 : 0);
    out.display_name = std::move(name);
  } else {
    for (std::size_t pos = begin; pos < end;) {
      const std::size_t at = pos;
      char32_t c = 0;
      (void)unicode::next_utf8(in, pos, c);
      const bool ok = c == ' ' || c == '\t' || c == '.' ||
                      (c < 0x80 ? is_ascii_atext(c) : !is_unsafe_non_ascii(c));
      if (!ok) return fail(errc::display_name_syntax, at, c);
    }
    out.display_name.assign(in.substr(begin, end - begin));
  }
  addr_begin = lt + 1;
  addr_end = in.size() - 1;
  return {};
}

// After UTS #39 section 3.3 (Email Security Profiles), as far as puny's
// UTS #39 data reaches (docs/email.md, "Local part safety"): every
// non-ASCII code point has Identifier_Status Allowed (ASCII: atext and
// '.'), the letters and digits are at most Moderately Restrictive
// (section 5.2) and of one numbering system (section 5.3).
void check_local_security(std::u32string_view local, std::size_t offset, address& out) {
  out.local_part_checked = true;
  std::u32string letters;
  for (char32_t c : local) {
    if (c < 0x80) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        letters.push_back(c);
      continue;
    }
    if (uts39::identifier_status_of(c) != uts39::identifier_status::allowed) {
      out.local_part_safe = false;
      out.local_part_rule = "identifier_status";
      out.local_part_offset = offset;
      out.local_part_code_point = c;
      return;
    }
    letters.push_back(c);
  }
  if (uts39::restriction_level_of(letters) > uts39::restriction_level::moderately_restrictive) {
    out.local_part_safe = false;
    out.local_part_rule = "restriction_level";
    out.local_part_offset = offset;
    return;
  }
  const std::size_t mixed = uts39::mixed_numbers_at(letters);
  if (mixed != std::u32string_view::npos) {
    out.local_part_safe = false;
    out.local_part_rule = "mixed_numbers";
    out.local_part_offset = offset;
    out.local_part_code_point = letters[mixed];
  }
}

void clear(address& out) {
  out.display_name.clear();
  out.local_part.clear();
  out.domain.clear();
  out.ascii_domain.clear();
  out.normalized.clear();
  out.ascii_email.clear();
  out.smtputf8 = out.address_literal = false;
  if (out.display_checked || !out.display.labels.empty()) out.display = display::decision{};
  out.display_checked = false;
  out.local_part_checked = false;
  out.local_part_safe = true;
  out.local_part_rule = {};
  out.local_part_offset = 0;
  out.local_part_code_point = no_code_point;
}

// A letter, digit or hyphen (RFC 5321 Let-dig / Ldh-str).
bool is_ldh(unsigned char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

status run(std::string_view in, const options& opt, address& out) {
  clear(out);
  // Well-formed UTF-8 first, so every later step may decode freely.
  for (std::size_t pos = 0; pos < in.size();) {
    char32_t c = 0;
    if (static_cast<unsigned char>(in[pos]) < 0x80)
      ++pos;
    else if (!unicode::next_utf8(in, pos, c))
      return fail(errc::invalid_utf8, pos);
  }

  // Display name (RFC 5322 section 3.4: name-addr = [display-name] angle-addr).
  std::size_t begin = 0, end = in.size();
  const std::size_t lt = in.find('<');
  if (opt.allow_display_name && lt != std::string_view::npos) {
    if (status s = split_display_name(in, lt, out, begin, end); !s) return s;
  }

  // Local part: Quoted-string or Dot-string (RFC 5321 section 4.1.2).
  // The local part as code points; one buffer per thread, so that its
  // storage is reused from address to address.
  thread_local std::u32string local;
  local.clear();
  std::size_t at_sign = 0;
  bool quoted = false;
  if (begin < end && in[begin] == '"') {
    if (!opt.allow_quoted_local_part) return fail(errc::quoted_local_part, begin, U'"');
    quoted = true;
    std::size_t pos = begin + 1;
    while (pos < end && in[pos] != '"') pos += (in[pos] == '\\' && pos + 1 < end) ? 2 : 1;
    if (pos >= end) return fail(errc::unterminated_quote, begin, U'"');
    if (status s = scan_local(in, begin + 1, pos, true, opt, local); !s) return s;
    at_sign = pos + 1;
    if (at_sign >= end || in[at_sign] != '@') {
      if (at_sign >= end) return fail(errc::missing_at, end);
      char32_t c = 0;
      std::size_t p = at_sign;
      (void)unicode::next_utf8(in, p, c);
      return fail(errc::local_part_character, at_sign, c);
    }
  } else {
    const std::size_t found = in.substr(0, end).find('@', begin);
    if (found == std::string_view::npos) {
      // Report a bad character before the missing '@' first: "a b" says
      // where it went wrong better than "no @".
      if (status s = scan_local(in, begin, end, false, opt, local); !s) return s;
      return fail(errc::missing_at, end);
    }
    at_sign = found;
    if (status s = scan_local(in, begin, at_sign, false, opt, local); !s) return s;
  }
  if (local.empty() && !opt.allow_empty_local_part)
    return fail(errc::empty_local_part, begin);

  // RFC 6532 section 3.1: NFC for the non-ASCII local part.
  // NFC may leave only ASCII (U+212A KELVIN SIGN is 'K'): SMTPUTF8 is
  // needed by what travels, the normalized form.
  const auto is_ascii_text = [](std::u32string_view t) {
    return std::all_of(t.begin(), t.end(), [](char32_t c) { return c < 0x80; });
  };
  bool local_ascii = is_ascii_text(local);
  const bool normalized = !local_ascii && !ucd::is_nfc(local);
  if (normalized) {
    local = ucd::nfc(local);
    local_ascii = is_ascii_text(local);
  }
  if (quoted && !is_dot_atom(local)) {
    // Keep the quotes, with the fewest escapes (RFC 5321 section 4.1.2
    // asks senders not to quote needlessly; '"' and '\' need a backslash).
    out.local_part.push_back('"');
    for (char32_t c : local) {
      if (c == '"' || c == '\\') out.local_part.push_back('\\');
      append_utf8(std::u32string_view(&c, 1), out.local_part);
    }
    out.local_part.push_back('"');
  } else if (local_ascii && !quoted && !normalized) {
    out.local_part.assign(in.substr(begin, at_sign - begin));  // the input's own bytes
  } else {
    out.local_part.reserve(local.size() * 3);
    append_utf8(local, out.local_part);
  }
  out.smtputf8 = !local_ascii;

  // Domain (RFC 5321 section 4.1.2: Domain / address-literal).
  const std::size_t domain_begin = at_sign + 1;
  const std::string_view domain = in.substr(domain_begin, end - domain_begin);
  if (!domain.empty() && domain[0] == '[') {
    if (!opt.allow_address_literal) return fail(errc::address_literal, domain_begin, U'[');
    if (domain.size() < 2 || domain.back() != ']' ||
        !detail::email::is_address_literal(domain.substr(1, domain.size() - 2)))
      return fail(errc::invalid_address_literal, domain_begin, U'[');
    out.address_literal = true;
    out.domain.assign(domain);
    out.ascii_domain.assign(domain);
  } else {
    static const preset* const default_preset = find_preset("uts46-strict");
    const preset* p = opt.domain_preset ? opt.domain_preset : default_preset;
    const idna::options& io = opt.domain_options ? *opt.domain_options : p->options;
    // A final dot names the root: an e-mail domain never ends with one
    // (RFC 5321 section 4.1.2 Domain = sub-domain *("." sub-domain)).
    // RFC 5321 section 4.1.2: a domain is letters, digits, hyphens and
    // dots, whatever the IDNA preset allows (uts46-raw took "a@b c.com").
    // Said in a mail administrator's words, before IDNA's (issue 52:
    // "john@@example.com" was std3_disallowed (U1)).  '_' is left to the
    // preset (--allow-underscore), non-ASCII to IDNA.
    for (std::size_t i = 0; i < domain.size(); ++i) {
      const auto c = static_cast<unsigned char>(domain[i]);
      if (c >= 0x80 || is_ldh(c) || c == '.' || c == '_') continue;
      return fail(c == '@' ? errc::extra_at_sign : errc::domain_character, domain_begin + i, c);
    }
    // The error names the empty label after it, where it starts, as
    // to-ascii does (issue 52: it said label 0, at the dot).
    if (!domain.empty() && domain.back() == '.') {
      status s = fail(errc::empty_label, end);
      s.label = static_cast<std::size_t>(std::count(domain.begin(), domain.end(), '.'));
      return s;
    }
    result<std::string> a;
    if (p->family == preset_family::uts46) {
      // Into a buffer on the stack: no allocation for the common domain.
      char buf[max_domain_octets + 3];
      std::size_t written = 0;
      a.status = idna::to_ascii(domain, buf, sizeof buf, written, io);
      if (a.status.code == errc::buffer_too_small)
        a = to_ascii(domain, *p, io);  // longer than any valid result: let the errors speak
      else if (a.status.ok())
        a.value.assign(buf, written);
    } else {
      a = to_ascii(domain, *p, io);
    }
    if (!a) {
      a.status.offset += domain_begin;
      return a.status;
    }
    if (a.value.empty() || a.value.back() == '.') {
      // A mapped full stop at the end (U+3002), under a preset that does
      // not verify DNS lengths: the same error.
      status s = fail(errc::empty_label, end);
      s.label = static_cast<std::size_t>(std::count(a.value.begin(), a.value.end(), '.'));
      return s;
    }
    // A non-ASCII character that maps to one of them (U+FF0F to '/')
    // under a preset that allows it.
    for (const char ch : a.value) {
      const auto c = static_cast<unsigned char>(ch);
      if (!(is_ldh(c) || c == '.' || c == '_'))
        return fail(c == '@' ? errc::extra_at_sign : errc::domain_character, domain_begin, c);
    }
    if (a.value.size() > max_domain_octets) return fail(errc::domain_too_long, domain_begin);
    if (!has_a_label(a.value)) {
      // No A-label: ToUnicode would give the same string back.
      out.domain = a.value;
    } else {
      result<std::string> u = to_unicode(a.value, *p, io);
      if (!u) return fail(u.status.code, domain_begin, u.status.code_point);
      out.domain = std::move(u.value);
      if (opt.domain_preset == nullptr && opt.domain_options == nullptr &&
          !all_idna2008_pvalid(out.domain)) {
        // The default policy is email-validator's: UTS #46 mapping, then
        // IDNA2008 (RFC 5891 section 4), which refuses what UTS #46 alone
        // admits (symbols, emoji: U+2665).  The checks they share (NFC,
        // hyphens, joiners, Bidi, combining marks) UTS #46 made already;
        // what is left is RFC 5892's derived property and its CONTEXTO
        // rules, so the full IDNA2008 pass runs only when a code point is
        // not PVALID.  The offset is the domain's: the pass reads A-labels.
        const result<std::string> strict = idna2008::registration(a.value);
        if (!strict) return fail(strict.status.code, domain_begin, strict.status.code_point);
      }
    }
    out.ascii_domain = std::move(a.value);
    if (opt.require_global_domain) {
      const char last = out.ascii_domain.back();
      if (out.ascii_domain.find('.') == std::string::npos ||
          !((last >= 'a' && last <= 'z') || (last >= 'A' && last <= 'Z')))
        return fail(errc::domain_not_global, domain_begin);
      if (is_special_use(out.ascii_domain)) return fail(errc::special_use_domain, domain_begin);
    }
  }

  // RFC 5321 section 4.5.3.1, in octets of what travels: the normalized
  // local part (UTF-8) and the domain in ASCII.
  if (out.local_part.size() > max_local_part_octets)
    return fail(errc::local_part_too_long, begin);
  if (out.local_part.size() + 1 + out.ascii_domain.size() > max_address_octets)
    return fail(errc::address_too_long, 0);

  out.normalized.reserve(out.local_part.size() + 1 + out.domain.size());
  out.normalized.append(out.local_part).append(1, '@').append(out.domain);
  if (local_ascii) out.ascii_email.append(out.local_part).append(1, '@').append(out.ascii_domain);

  if (opt.check_display && !out.address_literal) {
    // The decision needs a name valid under the uts46 preset; a domain
    // another policy admits but UTS #46 refuses gets no decision.
    out.display_checked = display::decide(out.ascii_domain, opt.display, out.display).ok();
  }
  if (opt.check_local_part_security) check_local_security(local, begin, out);
  return {};
}

}  // namespace

status validate(std::string_view input, const options& opt, address& out) {
  status s = run(input, opt, out);
  if (!s) clear(out);
  return s;
}

result<address> validate(std::string_view input, const options& opt) {
  result<address> r;
  r.status = validate(input, opt, r.value);
  return r;
}

}  // namespace puny::email

// IDNA2008 (RFC 5890-5893): registration (RFC 5891 section 4) and lookup
// (section 5) of whole domain names, without any mapping.  Shares the RFC
// 5893 Bidi rule (src/idna/bidi.cpp) and the RFC 5892 A.1/A.2 CONTEXTJ rules
// (src/idna/contextj.cpp) with UTS #46; the CONTEXTO rules are in
// contexto.cpp; the derived property comes from the generated idna2008.inc.
#include "puny/idna2008.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "idna/internal.hpp"
#include "idna/url.hpp"
#include "bootstring/label_codec.hpp"
#include "idna2008/internal.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna2008 {

namespace {

namespace ucd = puny::detail::ucd;

enum class mode { registration, lookup };

// RFC 5890 section 2.3.2.1 / RFC 1034 section 3.1: 63 octets per label; 253
// octets for the name in text form without the root dot.
constexpr std::size_t max_label_bytes = 63;
constexpr std::size_t max_name_bytes = 253;
constexpr std::string_view ace_prefix = "xn--";

status fail(errc code, std::size_t offset, std::size_t label, char32_t cp = no_code_point,
            std::uint8_t detail = 0) {
  return status{code, offset, label, cp, detail};
}

constexpr bool is_ldh(char32_t c) noexcept {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') ||
         c == U'-';
}

// Punycode through the IDNA pipeline's label codec (bootstring/
// label_codec.hpp), as UTS #46 calls it, not punycode::'s functions: a
// program calling only the IDNA functions then links no long-string route
// (the fixed engine's placement above 512 bytes; the JavaScript e-mail
// module's budget).  Same outputs and errors.
status decode_label(std::string_view in, std::u32string& out) {
  // A code point takes at least one byte of the input.
  out.assign(in.size(), U'\0');
  const bootstring::buffer_result r = bootstring::label::decode(in, out.data(), out.size());
  if (!r.ok()) {
    out.clear();
    return r.status;
  }
  out.resize(r.size);
  return {};
}

status encode_label(std::u32string_view in, std::string& out) {
  out.assign(bootstring::label::direct_encode_capacity(in.size()), '\0');
  bootstring::buffer_result r = bootstring::label::encode(in, out.data(), out.size());
  if (r.status.code == errc::buffer_too_small) {
    out.assign(r.status.needed, '\0');
    r = bootstring::label::encode(in, out.data(), out.size());
  }
  if (!r.ok()) {
    out.clear();
    return r.status;
  }
  out.resize(r.size);
  return {};
}

bool starts_with_ace_prefix(std::string_view s) noexcept {
  if (s.size() < ace_prefix.size()) return false;
  for (std::size_t i = 0; i < ace_prefix.size(); ++i) {
    const char lower = (s[i] >= 'A' && s[i] <= 'Z') ? static_cast<char>(s[i] - 'A' + 'a') : s[i];
    if (lower != ace_prefix[i]) return false;
  }
  return true;
}

// Hyphen rules: RFC 5891 section 4.2.3.1 (registration: all three) and
// section 5.4 item 2 (lookup: "--" in positions 3 and 4 only).
status check_hyphens(std::u32string_view label, std::size_t start, std::size_t index, mode m) {
  if (label.size() >= 4 && label[2] == U'-' && label[3] == U'-')
    return fail(errc::hyphen_3_4, start, index);
  if (m == mode::registration) {
    if (label.front() == U'-') return fail(errc::leading_hyphen, start, index);
    if (label.back() == U'-') return fail(errc::trailing_hyphen, start, index);
  }
  return {};
}

// The checks on a U-label: RFC 5891 section 4.2.2-4.2.3.3 (registration) or
// 5.4 (lookup).  `at(i)` is the byte offset of label[i] in the caller's input
// (the label's start for the U-label of an xn-- label).
template <class Offset>
status check_u_label(std::u32string_view label, Offset at, std::size_t start, std::size_t index,
                     mode m) {
  // 4.2.2 / 5.4 item 1: NFC, no normalization applied.
  if (!ucd::is_nfc(label)) return fail(errc::not_nfc, start, index);
  // 4.2.3.3 / 5.4 items 4-7: the derived property of each code point, in
  // input order, with the contextual rules.  The rules are evaluated for
  // the whole label in one pass (first_context_failure), the first time a
  // CONTEXTJ or CONTEXTO code point is met: per code point they would cost
  // O(label^2).  A code point without a rule is invalid in both modes;
  // lookup need not evaluate the CONTEXTO rules (RFC 5891 section 5.4),
  // registration must (section 4.2.3.3); CONTEXTJ in both (A.1, A.2).
  std::size_t context_failure = std::u32string_view::npos;
  bool context_checked = false;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char32_t c = label[i];
    const property p = derived_property(c);
    switch (p) {
      case property::pvalid:
        break;
      case property::disallowed:
        return fail(errc::disallowed, at(i), index, c);
      case property::unassigned:
        return fail(errc::unassigned, at(i), index, c);
      case property::contextj:
      case property::contexto:
        if (!context_checked) {
          context_failure = first_context_failure(label, m == mode::registration);
          context_checked = true;
        }
        if (i != context_failure) break;
        if (p == property::contextj)
          return fail(errc::contextj, at(i), index, c, c == 0x200C ? 1 : 2);
        return fail(errc::contexto, at(i), index, c, detail::contexto_rule(c));
    }
  }
  if (status s = check_hyphens(label, start, index, m); !s.ok()) return s;
  // 4.2.3.2 / 5.4 item 3: no leading combining mark (General_Category M).
  if (ucd::is_mark(label.front())) return fail(errc::leading_combining_mark, start, index, label.front());
  return {};
}

struct label_result {
  std::size_t start = 0;  // byte offset in the input
  std::string ascii;      // A-label or ASCII label
  std::u32string unicode;  // U-label or the ASCII label as code points
};

// One label, ASCII only: an A-label candidate (xn--, any case) or an
// ASCII label.
status ascii_label(std::string_view text, std::size_t start, std::size_t index, mode m,
                   const options& opt, label_result& out) {
  out.ascii.assign(text);
  if (starts_with_ace_prefix(text)) {
    // RFC 5891 sections 4.2.1 and 5.3: decode, validate the U-label, and
    // accept the A-label only if encoding the U-label gives it back exactly.
    if (status s = decode_label(text.substr(ace_prefix.size()), out.unicode); !s.ok()) {
      s.offset += start + ace_prefix.size();
      s.label = index;
      return s;
    }
    // An A-label's U-label has at least one non-ASCII code point (RFC 5890
    // section 2.3.2.1); "xn--" and "xn--abc-" are not A-labels.
    if (std::all_of(out.unicode.begin(), out.unicode.end(), [](char32_t c) { return c < 0x80; }))
      return fail(errc::invalid_ace_label, start, index);
    std::string encoded;
    if (!encode_label(out.unicode, encoded).ok()) return fail(errc::punycode_encode_failed, start, index);
    const std::string canonical = std::string(ace_prefix) + encoded;
    if (canonical != text) {
      // Uppercase ("XN--BCHER-KVA"), or another Punycode of the same U-label
      // ("xn---9uc"): point at the first byte that differs.
      const auto diff = std::mismatch(text.begin(), text.end(), canonical.begin(), canonical.end());
      const std::size_t at = static_cast<std::size_t>(diff.first - text.begin());
      return fail(errc::a_label_not_canonical, start + std::min(at, text.size() - 1), index,
                  static_cast<unsigned char>(text[std::min(at, text.size() - 1)]));
    }
    return check_u_label(out.unicode, [start](std::size_t) { return start; }, start, index, m);
  }
  out.unicode.assign(text.begin(), text.end());
  // Not an IDNA label.  Registration: an LDH label (RFC 5890 section 2.3.1),
  // with the U-label hyphen rules; a reserved LDH label ("ab--c") is not an
  // NR-LDH label.  Lookup: the DNS decides (RFC 5891 section 5.4), but for
  // what the caller's host-name rules refuse (options::use_std3_ascii_rules,
  // options::forbid_domain_code_points).
  if (m == mode::lookup) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (opt.use_std3_ascii_rules && !is_ldh(c))
        return fail(errc::std3_disallowed, start + i, index, c);
      if (opt.forbid_domain_code_points && idna::detail::is_forbidden_domain_code_point(c))
        return fail(errc::forbidden_domain_code_point, start + i, index, c);
    }
    return {};
  }
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!is_ldh(static_cast<unsigned char>(text[i])))
      return fail(errc::disallowed, start + i, index, static_cast<unsigned char>(text[i]));
  return check_hyphens(out.unicode, start, index, m);
}

status process(std::string_view domain, mode m, const options& opt, std::string& out) {
  out.clear();
  if (domain.empty()) return fail(errc::empty_label, 0, 0);
  // Code points with their byte offsets (strict UTF-8, no mapping at all).
  std::u32string cps;
  std::vector<std::size_t> offsets;
  for (std::size_t pos = 0; pos < domain.size();) {
    char32_t c = 0;
    const std::size_t at = pos;
    if (!unicode::next_utf8(domain, pos, c)) return fail(errc::invalid_utf8, at, 0);
    cps.push_back(c);
    offsets.push_back(at);
  }
  offsets.push_back(domain.size());

  // Labels are separated by U+002E only: IDNA2008 maps no other dot.
  std::vector<label_result> labels;
  bool root = false;
  bool bidi_domain = false;
  for (std::size_t b = 0, index = 0;; ++index) {
    std::size_t e = b;
    while (e < cps.size() && cps[e] != U'.') ++e;
    const std::size_t start = offsets[b];
    const bool last = e == cps.size();
    if (b == e) {
      // A trailing dot names the root; it is kept.
      if (last && index > 0) {
        root = true;
        break;
      }
      return fail(errc::empty_label, start, index);
    }
    label_result lr;
    lr.start = start;
    const std::u32string_view text(cps.data() + b, e - b);
    if (std::all_of(text.begin(), text.end(), [](char32_t c) { return c < 0x80; })) {
      if (status s = ascii_label(domain.substr(start, offsets[e] - start), start, index, m, opt, lr);
          !s.ok())
        return s;
    } else {
      if (status s = check_u_label(text, [&](std::size_t i) { return offsets[b + i]; }, start,
                                   index, m);
          !s.ok())
        return s;
      // RFC 5890 section 2.3.2.1 after the validity checks, as RFC 5891
      // orders them, but before encoding: Punycode writes at least one
      // character per code point, so the A-label has at least 4 + N octets.
      if (ace_prefix.size() + text.size() > max_label_bytes)
        return fail(errc::label_too_long, start, index);
      lr.unicode.assign(text);
      std::string encoded;
      if (!encode_label(text, encoded).ok()) return fail(errc::punycode_encode_failed, start, index);
      lr.ascii = std::string(ace_prefix) + encoded;
    }
    // RFC 5890 section 2.3.2.1: the A-label (ACE form) fits in 63 octets.
    if (lr.ascii.size() > max_label_bytes) return fail(errc::label_too_long, start, index);
    bidi_domain = bidi_domain || std::any_of(lr.unicode.begin(), lr.unicode.end(),
                                             [](char32_t c) { return idna::detail::is_rtl(c); });
    labels.push_back(std::move(lr));
    if (last) break;
    b = e + 1;
  }

  // RFC 5893 section 2: in a Bidi domain name (one with an RTL label) every
  // label satisfies the six conditions; RFC 5891 sections 4.2.3.4 and 5.4.
  if (opt.check_bidi && bidi_domain) {
    for (std::size_t k = 0; k < labels.size(); ++k) {
      const unsigned failed = idna::detail::bidi_rule_failures(labels[k].unicode);
      if (failed != 0) {
        std::uint8_t rule = 1;
        while ((failed & (1u << (rule - 1))) == 0) ++rule;
        return fail(errc::bidi, labels[k].start, k, no_code_point, rule);
      }
    }
  }

  std::size_t ascii_size = labels.size() - 1;
  for (const label_result& l : labels) ascii_size += l.ascii.size();
  if (ascii_size > max_name_bytes) return fail(errc::domain_too_long, 0, 0);

  for (std::size_t k = 0; k < labels.size(); ++k) {
    if (k > 0) out.push_back('.');
    if (opt.output == output_form::ascii) {
      out += labels[k].ascii;
    } else {
      (void)unicode::utf32_to_utf8(labels[k].unicode, out);
    }
  }
  if (root) out.push_back('.');
  return {};
}

result<std::string> run(std::string_view domain, mode m, const options& opt) {
  result<std::string> r;
  r.status = process(domain, m, opt, r.value);
  if (!r.ok()) r.value.clear();
  return r;
}

status run(std::string_view domain, mode m, const options& opt, char* out, std::size_t capacity,
           std::size_t& written) {
  written = 0;
  std::string value;
  status s = process(domain, m, opt, value);
  if (!s.ok()) return s;
  if (value.size() > capacity) {
    s.code = errc::buffer_too_small;
    s.needed = value.size();
    return s;
  }
  if (!value.empty()) std::memcpy(out, value.data(), value.size());
  written = value.size();
  return s;
}

}  // namespace

property derived_property(char32_t c) noexcept {
  if (c > 0x10FFFF) return property::unassigned;
  return static_cast<property>(ucd::idna2008_property(c));
}

// The public enum mirrors the generated table's numbering.
static_assert(static_cast<int>(property::pvalid) == static_cast<int>(ucd::idna2008::pvalid) &&
              static_cast<int>(property::contextj) == static_cast<int>(ucd::idna2008::contextj) &&
              static_cast<int>(property::contexto) == static_cast<int>(ucd::idna2008::contexto) &&
              static_cast<int>(property::disallowed) ==
                  static_cast<int>(ucd::idna2008::disallowed) &&
              static_cast<int>(property::unassigned) ==
                  static_cast<int>(ucd::idna2008::unassigned));

result<std::string> registration(std::string_view domain, const options& opt) {
  return run(domain, mode::registration, opt);
}

result<std::string> lookup(std::string_view domain, const options& opt) {
  return run(domain, mode::lookup, opt);
}

status registration(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
                    const options& opt) {
  if (puny::detail::overlaps(domain, out, capacity)) {  // see detail::overlaps
    const std::string copy(domain);
    return run(copy, mode::registration, opt, out, capacity, written);
  }
  return run(domain, mode::registration, opt, out, capacity, written);
}

status lookup(std::string_view domain, char* out, std::size_t capacity, std::size_t& written,
              const options& opt) {
  if (puny::detail::overlaps(domain, out, capacity)) {  // see detail::overlaps
    const std::string copy(domain);
    return run(copy, mode::lookup, opt, out, capacity, written);
  }
  return run(domain, mode::lookup, opt, out, capacity, written);
}

}  // namespace puny::idna2008

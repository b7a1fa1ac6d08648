// UTS #46 section 4.1 (Validity Criteria), as step 4.2 and step 4.1.4 of
// section 4 apply them to each label, plus V8's whole-domain CheckBidi.
//
// Takes: a label after steps 1-3 (and 4.1's Punycode decoding) in the
// workspace; the options (CheckHyphens, CheckJoiners, CheckBidi,
// UseSTD3ASCIIRules) and the processing mode (Transitional for mapped
// labels, Nontransitional for decoded ones, section 4 step 4.1.4).
// Guarantees: every criterion the label fails is in ws.errors, with the
// offset of the offending code point in the caller's input (V7, U1, V5,
// C1/C2) or of the label (the others); each code point failing V7 is in
// ws.marked (ToUnicode shows it as U+FFFD).  Nothing is changed.
//
//   V1 NFC                 only decoded xn-- labels can fail it
//   V2, V3 hyphens         CheckHyphens (check_hyphens in stages.hpp, the one copy)
//   V4 "xn--" prefix       always (see the note in validate_label)
//   V5 no U+002E           decoded labels only
//   V6 leading mark
//   V7 status valid        (deviation allowed when nontransitional)
//   U1                     UseSTD3ASCIIRules: ASCII other than a-z 0-9 -
//                          (and _ with options::allow_underscore)
//   V8 CheckJoiners        RFC 5892 appendix A (contextj.cpp)
//   V8 CheckBidi           RFC 5893 section 2 (bidi.cpp), whole domain
#include <algorithm>

#include "idna/internal.hpp"
#include "idna/stages.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace ucd = puny::detail::ucd;

bool scan_text_label(label_info& l, std::u32string_view s) {
  bool ascii = true;
  bool all_plain = true;
  bool rtl = false;
  bool suspect = false;
  for (const char32_t c : s) {
    if (c < 0x80) {
      if (!is_ldh_lower(c)) suspect = true;
      continue;
    }
    ascii = false;
    const unsigned kind = ucd::idna_plain_kind(c);
    if (kind == ucd::kind_plain_rtl) {
      rtl = true;
    } else if (kind != ucd::kind_plain) {
      all_plain = false;
      if (!rtl && kind == ucd::kind_other && is_rtl(c)) rtl = true;
    }
  }
  l.all_plain = all_plain;
  l.rtl = rtl;
  l.ascii_suspect = suspect;
  l.rtl_known = true;
  return ascii;
}

void validate_label(workspace& ws, const options& opt, std::size_t index, bool transitional,
                    bool decoded_ace) {
  label_info& l = ws.labels[index];
  const std::u32string_view s = ws.view(l);
  const std::size_t n = s.size();
  const std::size_t marked_before = ws.marked.size();

  // A label in `text` was not seen by the Map step (scan_text_label).
  if (l.in_text && !l.rtl_known) scan_text_label(l, s);
  const bool all_plain = !l.in_text || l.all_plain;
  const bool ascii_suspect = opt.use_std3_ascii_rules || (l.in_text && l.ascii_suspect);

  // V1: the label must be in NFC.  Labels that were not ACE were just
  // normalized; only decoded Punycode can fail.  ASCII and plain code
  // points are NFC-stable, so only other labels need the check.
  if (decoded_ace && !l.ascii && !all_plain && !ucd::is_nfc(s))
    add_error(ws, errc::not_nfc, l.src, index);

  if (opt.check_hyphens) check_hyphens(ws, s, l.src, index);
  // V4: the label must not begin with "xn--".  Rev 35 states it for
  // CheckHyphens=false; with CheckHyphens=true such a label already fails
  // V2, and we report V4 as well (as the reference implementation and
  // IdnaTestV2.txt do), which never changes whether processing fails.
  if (starts_with_ace_prefix(s.data(), n)) add_error(ws, errc::ace_prefix, l.src, index);

  // V6: the label must not begin with a combining mark (General_Category=M).
  if (n > 0 && s[0] >= 0x80 && !ucd::is_plain(ucd::idna_plain_kind(s[0])) && ucd::is_mark(s[0]))
    add_error(ws, errc::leading_combining_mark, l.src, index, s[0]);

  // V5 (no U+002E), V7 (status valid, or deviation when nontransitional)
  // and UseSTD3ASCIIRules (U1).
  bool has_joiner = false;
  const auto check_code_point = [&](std::size_t i) {
    const char32_t c = s[i];
    if (c == 0x200C || c == 0x200D) has_joiner = true;
    const ucd::idna_status st = ucd::idna_lookup(c).status;
    if (st == ucd::idna_status::valid) return;
    if (st == ucd::idna_status::deviation && !transitional) return;
    add_error(ws, errc::disallowed, offset_of(ws, l, i), index, c);
    ws.marked.push_back({index, i});
  };
  // Only labels in `text` (not from the Map step, so they may hold A-Z or
  // U+002E) and UseSTD3ASCIIRules need the ASCII scan.
  if (ascii_suspect) {
    for (std::size_t i = 0; i < n; ++i) {
      const char32_t c = s[i];
      if (c >= 0x80 || is_ldh_lower(c)) continue;
      if (c == '.') {
        add_error(ws, errc::label_has_dot, offset_of(ws, l, i), index, c);
      } else if (is_ascii_upper(c)) {
        add_error(ws, errc::disallowed, offset_of(ws, l, i), index, c);  // status mapped
        ws.marked.push_back({index, i});
      } else if (opt.use_std3_ascii_rules && !(opt.allow_underscore && c == '_')) {
        // U1: ASCII other than a-z, 0-9 and U+002D (and U+005F with
        // allow_underscore).  Reported, never removed.
        add_error(ws, errc::std3_disallowed, offset_of(ws, l, i), index, c);
      }
    }
  }
  if (l.in_text) {
    // Plain code points are valid: no look-up.
    if (!all_plain)
      for (std::size_t i = 0; i < n; ++i)
        if (s[i] >= 0x80 && ucd::idna_plain_kind(s[i]) == ucd::kind_other) check_code_point(i);
  } else {
    // The label is the mapped text: only code points the Map step could
    // not vouch for need a look-up.
    auto it = std::lower_bound(ws.check.begin(), ws.check.end(), l.begin);
    for (; it != ws.check.end() && *it < l.end; ++it) check_code_point(*it - l.begin);
  }
  // Marks must be in label order, then index order; earlier labels' marks
  // are already in place, so only this label's need sorting.
  if (ws.marked.size() - marked_before > 1)
    std::sort(ws.marked.begin() + static_cast<std::ptrdiff_t>(marked_before), ws.marked.end(),
              [](const mark& x, const mark& y) { return x.index < y.index; });

  // V8 (CheckJoiners): RFC 5892 appendix A CONTEXTJ rules, C1 and C2.
  if (opt.check_joiners && has_joiner) {
    std::size_t i = next_contextj_failure(s, 0);
    while (i != std::u32string_view::npos) {
      add_error(ws, errc::contextj, offset_of(ws, l, i), index, s[i],
                s[i] == 0x200C ? detail_c1 : detail_c2);
      i = next_contextj_failure(s, i + 1);
    }
  }
}

void check_bidi_domain(workspace& ws, std::size_t checked) {
  // A Bidi domain name has an R, AL or AN character in some label (RFC
  // 5893 section 1.4).
  bool bidi_domain = false;
  for (const label_info& l : ws.labels) {
    if (l.ascii) continue;
    if (!l.in_text) {
      // In place: its R, AL and AN code points were listed by the Map step.
      const auto it = std::lower_bound(ws.rtl.begin(), ws.rtl.end(), l.begin);
      bidi_domain = it != ws.rtl.end() && *it < l.end;
    } else if (l.rtl_known) {
      bidi_domain = l.rtl;
    } else {
      for (char32_t c : ws.view(l)) {
        if (is_rtl(c)) {
          bidi_domain = true;
          break;
        }
      }
    }
    if (bidi_domain) break;
  }
  if (!bidi_domain) return;
  for (std::size_t k = 0; k < checked; ++k) {
    const label_info& l = ws.labels[k];
    if (l.begin == l.end) continue;
    const unsigned failed = bidi_rule_failures(ws.view(l));
    for (unsigned rule = 0; rule < 6; ++rule)
      if (failed & (1u << rule))
        add_error(ws, errc::bidi, l.src, k, no_code_point, static_cast<std::uint8_t>(rule + 1));
  }
}

}  // namespace puny::idna::detail

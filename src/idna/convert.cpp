// UTS #46 section 4 steps 3 (Break) and 4 (Convert/Validate), with step 2
// (normalize.cpp) per label, over the whole mapped domain.
//
// Takes: the workspace after the Map step (map.cpp), which already found
// the dots.  Guarantees: ws.labels holds every label (the final empty one
// after a trailing dot included), each in NFC or, for an xn-- label that
// decodes, its decoding (step 4.1.2, RFC 3492); every label validated
// (validate.cpp), then the whole-domain checks: CheckBidi,
// forbid_domain_code_points (url.cpp) and ToUnicode's
// X4_2 under VerifyDnsLength.  Punycode errors of an xn-- label carry the
// offset of the offending input character (or nothing under
// IgnoreInvalidPunycode, where the label is kept as it is).
#include <algorithm>

#include "bootstring/label_codec.hpp"
#include "idna/stages.hpp"
#include "simd/ascii.hpp"

namespace puny::idna::detail {

namespace {

// Section 4 step 4.1: the label starts with "xn--".
void convert_ace_label(workspace& ws, const options& opt, std::size_t index) {
  const label_info& l = ws.labels[index];
  const std::u32string_view s = ws.view(l);
  // 4.1.1: a non-ASCII code point in an ACE label is an error (P4).
  if (!l.ascii) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] >= 0x80) {
        add_error(ws, errc::invalid_ace_label, offset_of(ws, l, i), index, s[i]);
        break;
      }
    }
    return;
  }
  // 4.1.2: decode the rest with Punycode (RFC 3492).  The decoded label is
  // never longer than its encoded form.  (An ASCII label is in `mapped`.)
  const std::size_t n = s.size();
  // The label after "xn--" as bytes.  LDH input is mapped one byte to one
  // code point, so the label is in the lowercased input at its own offset;
  // otherwise an ASCII copy, on the stack for DNS-sized labels.  (Reading
  // the input is also faster than a copy made just before: the decoder's
  // wide loads of freshly narrowed bytes wait for those stores.)
  char small[256];
  const char* ace = nullptr;
  if (ws.ldh_input != nullptr) {
    ace = ws.ldh_input + l.mapped_begin + 4;
  } else {
    char* copy = small;
    if (n - 4 > sizeof small) {
      ws.ace.resize(n - 4);
      copy = &ws.ace[0];
    }
    simd::best::narrow(s.data() + 4, n - 4, copy);
    ace = copy;
  }
  // A little slack past the longest possible result lets the decoder
  // work in place instead of through its own buffer.
  constexpr std::size_t slack = 32;
  const std::size_t at = ws.text.size();
  ws.text.resize(at + (n - 4) + slack);
  const bootstring::buffer_result r =
      bootstring::label::decode(std::string_view(ace, n - 4), &ws.text[at], n - 4 + slack);
  if (!r.ok()) {
    ws.text.resize(at);
    // IgnoreInvalidPunycode: keep the label as it is, without an error.
    if (!opt.ignore_invalid_punycode) {
      const std::size_t k = std::min(r.status.offset + 4, n - 1);
      add_error(ws, r.status.code, offset_of(ws, l, k), index, r.status.code_point);
    }
    return;
  }
  // Replace the label by the decoded text.
  ws.text.resize(at + r.size);
  label_info& lr = ws.labels[index];
  lr.in_text = true;
  lr.begin = at;
  lr.end = at + r.size;
  const std::u32string_view dec = ws.view(lr);
  lr.ascii = scan_text_label(lr, dec);
  // 4.1.3: empty, or only ASCII: the encoding was not needed (P4).
  if (dec.empty() || lr.ascii) add_error(ws, errc::invalid_ace_label, lr.src, index);
  // 4.1.4: validity criteria for Nontransitional Processing.  Offsets of
  // decoded code points are the label's.
  lr.mapped_end = lr.mapped_begin;
  validate_label(ws, opt, index, false, true);
}

// Steps 2-4 for one label mapped[a, b); `ascii`: every code point of the
// label is below U+0080.
void convert_label(workspace& ws, const options& opt, std::size_t a, std::size_t b, bool ascii) {
  const std::size_t index = ws.labels.size();
  // Filled in place: a label_info assembled on the stack from narrow
  // stores and then copied is read back with 16-byte loads, which the CPU
  // cannot forward from those stores (a stall of some 5% of ToUnicode of an
  // ACE name).  Nothing below appends to ws.labels while `l` is in use.
  label_info& l = ws.labels.emplace_back();
  l.src = a < ws.mapped.size() ? ws.source_offset(a) : ws.input_length;
  l.mapped_begin = a;
  l.mapped_end = b;
  l.ascii = ascii;
  normalize_label(ws, l, a, b);

  const std::u32string_view s = ws.view(l);
  if (starts_with_ace_prefix(s.data(), s.size())) {
    convert_ace_label(ws, opt, index);
    return;
  }
  // Step 4.2: validity criteria for the chosen processing.  An ASCII label
  // of the mapped text can only fail V2 and V3 (section 4.1): it is NFC
  // (V1), not ACE (V4), has no U+002E (V5), mark (V6) or joiner
  // (CheckJoiners), and the Map step left only valid ASCII (V7).  Without
  // UseSTD3ASCIIRules (U1) those two are all validate_label would check.
  if (ascii && !opt.use_std3_ascii_rules) {
    if (opt.check_hyphens) check_hyphens(ws, s, l.src, index);
    return;
  }
  validate_label(ws, opt, index, opt.transitional_processing, false);
}

}  // namespace

void process(workspace& ws, const options& opt, operation op) {
  // Step 3, Break at U+002E, with steps 2 and 4 per label.
  // The Map step recorded where the dots are.
  std::size_t a = 0;
  for (std::size_t k = 0; k < ws.dots.size(); ++k) {
    const std::size_t dot = ws.dots[k];
    convert_label(ws, opt, a, dot, ws.dot_label_non_ascii[k] == 0);
    a = dot + 1;
  }
  convert_label(ws, opt, a, ws.mapped.size(), !ws.non_ascii);

  const std::size_t count = ws.labels.size();
  // The final empty label after a trailing dot is the root label.
  const std::size_t checked =
      (count > 1 && ws.labels.back().begin == ws.labels.back().end) ? count - 1 : count;

  // V8 (CheckBidi): RFC 5893 section 2 on every label of a Bidi domain name.
  if (opt.check_bidi) check_bidi_domain(ws, checked);

  // options::forbid_domain_code_points (not UTS #46): host-name safety.
  // Under UseSTD3ASCIIRules every forbidden domain code point is already
  // refused (U1, validity criterion 7 of UTS #46 section 4.1), so the check
  // would only report the same code point twice; the URL family runs the
  // URL Standard's own check after emitting (pipeline.cpp).
  if (opt.forbid_domain_code_points && !opt.use_std3_ascii_rules && !opt.url_family())
    check_forbidden_in_labels(ws);

  // ToUnicode with VerifyDnsLength: an empty label other than the root label
  // (or an empty domain) is reported as X4_2, ToASCII's A4_2 counterpart.
  if (op == operation::to_unicode && opt.verify_dns_length) {
    for (std::size_t k = 0; k < checked; ++k) {
      const label_info& l = ws.labels[k];
      if (l.begin == l.end) add_error(ws, errc::empty_label, l.src, k, no_code_point, detail_to_unicode);
    }
  }
}

}  // namespace puny::idna::detail

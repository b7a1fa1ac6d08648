// The URL Standard's "domain to ASCII" step 6 (forbidden domain code
// points) on the labels UTS #46 processing left, with input offsets.
//
// Takes: ws.labels after process() (convert.cpp).  Guarantees: at most one
// error, forbidden_domain_code_point for the first forbidden ASCII code
// point in label order, with its offset in the caller's input.
//
// Why the labels and not the ToASCII output: ToASCII copies every ASCII
// code point of a label to its output (as is, or as a basic code point of
// the Punycode form), and adds only "xn--", the delimiter and base-36
// digits, none of them forbidden; so checking the labels finds what
// checking the output would, but knows where each code point came from.
#include "idna/stages.hpp"
#include "idna/url.hpp"

namespace puny::idna::detail {

namespace {

// Source offset of the ASCII code point view(l)[i].  In a decoded xn--
// label the ASCII code points are the basic code points copied from the
// encoded form (RFC 3492 section 3.1), in order, after the "xn--" in
// `mapped`: the k-th of them is at mapped[mapped_begin + 4 + k].
std::size_t ascii_offset_of(workspace& ws, const label_info& l, std::size_t i) {
  if (!l.in_text || l.mapped_begin != l.mapped_end) return offset_of(ws, l, i);
  const std::u32string_view s = ws.view(l);
  std::size_t k = 0;
  for (std::size_t j = 0; j < i; ++j)
    if (s[j] < 0x80) ++k;
  const std::size_t at = l.mapped_begin + 4 + k;
  if (at < ws.mapped.size() && ws.mapped[at] == s[i]) return ws.mapped_off[at];
  return l.src;
}

}  // namespace

void check_forbidden_in_labels(workspace& ws) {
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    const label_info& l = ws.labels[k];
    const std::u32string_view s = ws.view(l);
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] < 0x80 && is_forbidden_domain_code_point(s[i])) {
        add_error(ws, errc::forbidden_domain_code_point, ascii_offset_of(ws, l, i), k, s[i]);
        return;
      }
    }
  }
}

}  // namespace puny::idna::detail

// The URL Standard's pieces that are not UTS #46 (url.hpp has the
// algorithms and their steps; docs/url-standard.md maps them to the API):
//
//  * check_forbidden_in_labels: the "domain parser" step of forbidden domain
//    code points, on the labels UTS #46 processing left, with input offsets.
//    Takes: ws.labels after process() (convert.cpp).  Guarantees: at most
//    one error, forbidden_domain_code_point for the first forbidden ASCII
//    code point in label order, with its offset in the caller's input.
//  * url_validation_errors: the domain parser's steps 1-2, the strict
//    ToASCII run whose failure is only a validation error.
//  * append_input_unchanged: "domain to Unicode" step 2's output (the input
//    itself), kept well-formed.
//
// Why the labels and not the ToASCII output: ToASCII copies every ASCII
// code point of a label to its output (as is, or as a basic code point of
// the Punycode form), and adds only "xn--", the delimiter and base-36
// digits, none of them forbidden; so checking the labels finds what
// checking the output would, but knows where each code point came from.
#include "idna/fast_path.hpp"
#include "idna/internal.hpp"
#include "idna/stages.hpp"
#include "idna/url.hpp"
#include "puny/unicode.hpp"

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
  if (at < ws.mapped.size() && ws.mapped[at] == s[i]) return ws.source_offset(at);
  return l.src;
}

}  // namespace

namespace {

// Whether s holds a forbidden domain code point (no early exit: the common
// label holds none, and a loop without a branch per code point is cheaper
// for it).
bool holds_forbidden(std::u32string_view s) noexcept {
  unsigned hits = 0;
  for (const char32_t c : s) hits |= c < 128 ? forbidden_ascii.forbidden[c] : 0u;
  return hits != 0;
}

}  // namespace

void check_forbidden_in_labels(workspace& ws) {
  // The Map step saw none (workspace::may_hold_forbidden).
  if (!ws.may_hold_forbidden) return;
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    const label_info& l = ws.labels[k];
    // scan_text_label found no ASCII other than a-z, 0-9 and '-' there.
    if (l.in_text && l.rtl_known && !l.ascii_suspect) continue;
    const std::u32string_view s = ws.view(l);
    if (!holds_forbidden(s)) continue;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] < 0x80 && is_forbidden_domain_code_point(s[i])) {
        add_error(ws, errc::forbidden_domain_code_point, ascii_offset_of(ws, l, i), k, s[i]);
        return;
      }
    }
  }
}

namespace {

constexpr options strict_url_options(const options& opt) noexcept {
  // "domain parser ToASCII" with beStrict=true: the three beStrict flags on;
  // the caller's other UTS #46 flags stay (the url preset has the spec's);
  // puny's own checks are not part of it (with STD3 on, a forbidden domain
  // code point is U1 or V7 already).
  return opt.with_url_domain_to_ascii(false)
      .with_check_hyphens()
      .with_use_std3_ascii_rules()
      .with_verify_dns_length()
      .with_allow_underscore(false)
      .with_forbid_domain_code_points(false);
}

}  // namespace

std::vector<status> url_validation_errors(std::string_view domain, const options& opt) {
  if (!url_family(opt)) return {};
  const options strict = strict_url_options(opt);
  // The fast path answers for the common name (lowercase LDH labels that
  // pass every strict check): no validation error, no pipeline run.
  const std::size_t n = domain.size();
  char buf[simd::ldh_masks_max];
  char* const low = n <= sizeof buf ? buf : nullptr;
  const verdict v = decide(domain.data(), n, strict, operation::to_ascii, low);
  if (v.how == route::lowercase) return {};
  workspace& ws = local_workspace();
  std::string out;
  (void)run_to_ascii(ws, domain, strict, out, v.ldh ? low : nullptr, v.dots);
  return ws.errors;
}

void append_input_unchanged(std::string_view in, std::string& out) {
  char fffd[4];
  const std::size_t fffd_size = unicode::put_utf8(replacement_character, fffd);
  std::size_t pos = 0;
  std::size_t run = 0;  // start of the well-formed run not yet copied
  while (pos < in.size()) {
    char32_t c;
    if (unicode::next_utf8(in, pos, c)) continue;
    out.append(in.data() + run, pos - run);
    out.append(fffd, fffd_size);
    pos = end_of_ill_formed_utf8(in, pos);  // one U+FFFD per sequence, as ToUnicode counts them
    run = pos;
  }
  out.append(in.data() + run, in.size() - run);
}

void append_input_unchanged(std::u16string_view in, std::u16string& out) {
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char16_t u = in[i];
    if (surrogate_pair_at(in, i)) {
      out.push_back(u);
      out.push_back(in[++i]);
    } else {
      out.push_back(unicode::is_surrogate(u) ? static_cast<char16_t>(replacement_character) : u);
    }
  }
}

void append_input_unchanged(std::u32string_view in, std::u32string& out) {
  for (const char32_t c : in) out.push_back(unicode::is_scalar_value(c) ? c : replacement_character);
}

}  // namespace puny::idna::detail

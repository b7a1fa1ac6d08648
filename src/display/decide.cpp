// The display decision for a whole name: ToUnicode and ToASCII (UTS #46
// defaults) give each label's two forms; the profile's label check decides
// per label; the lookalike step compares the registrable part with the
// protected domains.  docs/display.md describes each profile's steps.
#include <string>
#include <string_view>
#include <vector>

#include "display/internal.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "uts39/internal.hpp"

namespace puny::display {
namespace {

namespace dd = puny::detail::display;

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = s.find('.', start);
    if (dot == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, dot - start));
    start = dot + 1;
  }
}

// Byte offsets where each label of the caller's input starts.  The label
// separators of UTS #46 are U+002E and, mapped to it, U+3002, U+FF0E and
// U+FF61.
std::vector<std::size_t> label_starts(std::string_view input) {
  std::vector<std::size_t> starts{0};
  std::size_t pos = 0;
  while (pos < input.size()) {
    const std::size_t at = pos;
    char32_t c = 0;
    if (!unicode::next_utf8(input, pos, c)) {
      if (pos == at) ++pos;
      continue;
    }
    if (c == U'.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61) starts.push_back(pos);
  }
  return starts;
}

// Byte offset, within `label_utf8`, of code point `index`.
std::size_t byte_offset_of(std::string_view label_utf8, std::size_t index) {
  std::size_t pos = 0;
  for (std::size_t i = 0; i < index && pos < label_utf8.size(); ++i) {
    char32_t c = 0;
    const std::size_t at = pos;
    if (!unicode::next_utf8(label_utf8, pos, c) && pos == at) ++pos;
  }
  return pos;
}

bool is_ascii(std::string_view s) noexcept {
  for (const char ch : s)
    if (static_cast<unsigned char>(ch) >= 0x80) return false;
  return true;
}

}  // namespace

bool decision::all_shown() const noexcept {
  for (const label_verdict& l : labels)
    if (!l.show_unicode) return false;
  return true;
}

result<decision> decide(std::string_view domain, const options& opt) {
  result<decision> out;
  const auto unicode_form = idna::to_unicode(domain, idna::uts46_default);
  if (!unicode_form.ok()) {
    out.status = unicode_form.status;
    return out;
  }
  // The A-labels: ToASCII of a name ToUnicode accepts is its U-labels with
  // each non-ASCII one Punycode-encoded (UTS #46 section 4.2 adds only the
  // DNS length checks, which uts46_default does not make), so one IDNA run
  // gives both forms.
  const std::vector<std::string_view> u_labels = split(unicode_form.value);
  std::vector<std::string> a_owned(u_labels.size());
  std::vector<std::string_view> a_labels(u_labels.size());
  std::string ascii_name;
  for (std::size_t i = 0; i < u_labels.size(); ++i) {
    if (is_ascii(u_labels[i])) {
      a_labels[i] = u_labels[i];
    } else {
      const auto encoded = punycode::encode_utf8(u_labels[i]);
      if (!encoded.ok()) {  // a label above 2^32 code points; ToASCII's A3
        out.status = encoded.status;
        out.status.code = errc::punycode_encode_failed;
        out.status.label = i;
        return out;
      }
      a_owned[i] = "xn--" + encoded.value;
      a_labels[i] = a_owned[i];
    }
    if (i > 0) ascii_name.push_back('.');
    ascii_name.append(a_labels[i]);
  }
  const std::vector<std::size_t> starts = label_starts(domain);
  const bool offsets_known = starts.size() == u_labels.size();

  // The TLD: the last label that is not the empty root label.
  std::size_t last = a_labels.size() - 1;
  if (last > 0 && a_labels[last].empty()) --last;
  std::u32string tld_unicode;
  (void)unicode::utf8_to_utf32(u_labels[last], tld_unicode);

  decision& d = out.value;
  d.labels.reserve(u_labels.size());
  for (std::size_t i = 0; i < u_labels.size(); ++i) {
    label_verdict v;
    v.a_label = std::string(a_labels[i]);
    v.u_label = std::string(u_labels[i]);
    v.offset = offsets_known ? starts[i] : 0;
    v.show_unicode = true;
    if (!is_ascii(v.u_label)) {
      dd::label_input in;
      (void)unicode::utf8_to_utf32(v.u_label, in.text);
      in.tld = a_labels[last];
      in.tld_unicode = tld_unicode;
      in.label = i;
      std::vector<dd::raw_finding> raw;
      switch (opt.which) {
        case profile::chromium: dd::check_chromium(in, raw); break;
        case profile::firefox_moderate: dd::check_firefox(in, false, raw); break;
        case profile::firefox_high: dd::check_firefox(in, true, raw); break;
        case profile::uts39_highly_restrictive:
          dd::check_uts39(in, uts39::restriction_level::highly_restrictive, raw);
          break;
        case profile::uts39_moderately_restrictive:
          dd::check_uts39(in, uts39::restriction_level::moderately_restrictive, raw);
          break;
        case profile::ascii_only: {
          dd::raw_finding f;
          f.why = reason::not_ascii;
          f.step = "ascii-only/1-ascii";
          for (std::size_t k = 0; k < in.text.size(); ++k) {
            if (in.text[k] >= 0x80) {
              f.position = k;
              f.has_code_point = true;
              f.code_point = in.text[k];
              break;
            }
          }
          raw.push_back(f);
          break;
        }
      }
      // Offsets: the code point's own when the input spelled this label as
      // its U-label, else the label's start.
      const std::string_view input_label =
          offsets_known ? domain.substr(starts[i], (i + 1 < starts.size() ? starts[i + 1] - 1 : domain.size()) - starts[i])
                        : std::string_view();
      const bool same_text = offsets_known && input_label == u_labels[i];
      for (const dd::raw_finding& r : raw) {
        finding f;
        f.why = r.why;
        f.label = i;
        f.has_code_point = r.has_code_point;
        f.code_point = r.code_point;
        f.step = r.step;
        f.offset = v.offset + (same_text ? byte_offset_of(input_label, r.position) : 0);
        if (r.has_code_point) {
          const std::u32string_view proto = detail::uts39::prototype_view(r.code_point);
          if (proto.size() == 1) f.imitates = proto[0];
        }
        v.findings.push_back(std::move(f));
      }
      v.show_unicode = v.findings.empty();
    }
    d.labels.push_back(std::move(v));
  }

  // The lookalike step (Chromium's top-domain check): the registrable part,
  // when it has a non-ASCII label, must not look like a protected domain.
  static const public_suffix_list no_list;  // the implicit "*" rule only
  const public_suffix_list& psl = opt.suffixes ? *opt.suffixes : no_list;
  const std::string_view registrable_ascii = psl.registrable_domain(ascii_name);
  if (!registrable_ascii.empty()) {
    const std::size_t first = a_labels.size() - split(registrable_ascii).size() -
                              ((ascii_name.back() == '.') ? 1 : 0);
    std::string registrable_unicode;
    bool non_ascii = false;
    for (std::size_t i = first; i <= last && i < d.labels.size(); ++i) {
      if (i > first) registrable_unicode.push_back('.');
      registrable_unicode += d.labels[i].u_label;
      non_ascii = non_ascii || !is_ascii(d.labels[i].u_label);
    }
    d.registrable_domain = registrable_unicode;
    if (non_ascii && opt.protected_list && opt.which == profile::chromium) {
      const std::string_view similar = opt.protected_list->lookalike_of(registrable_unicode);
      if (!similar.empty()) {
        // Chromium then shows the whole name in A-label form.
        for (label_verdict& v : d.labels) {
          if (is_ascii(v.u_label)) continue;
          finding f;
          f.why = reason::top_domain_lookalike;
          f.label = static_cast<std::size_t>(&v - d.labels.data());
          f.offset = v.offset;
          f.step = "chromium/8-top-domain-skeleton";
          f.similar_to = std::string(similar);
          v.findings.push_back(std::move(f));
          v.show_unicode = false;
        }
      }
    }
  }

  for (std::size_t i = 0; i < d.labels.size(); ++i) {
    if (i > 0) d.display.push_back('.');
    d.display += d.labels[i].show_unicode ? d.labels[i].u_label : d.labels[i].a_label;
  }
  return out;
}

result<std::string> to_display(std::string_view domain, const options& opt) {
  result<std::string> out;
  auto d = decide(domain, opt);
  out.status = d.status;
  if (d.ok()) out.value = std::move(d.value.display);
  return out;
}

}  // namespace puny::display

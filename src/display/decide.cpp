// The display decision for a whole name.  One ToUnicode run (UTS #46
// defaults) gives the U-labels; the profile's label check decides per
// non-ASCII label; the lookalike step compares the registrable part with the
// protected domains; the A-label of a label is its U-label Punycode-encoded,
// computed only where it is asked for (the whole decision, or a label the
// profile keeps in A-label form).  docs/display.md describes each profile.
//
// A thread's runs share one workspace (the ToUnicode output, the label's
// code points, the raw findings), so that a decision into a caller's
// `decision` or `std::string` allocates nothing once both have grown to the
// names they see.
#include <cstdint>
#include <cstring>
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

struct label_span {
  std::size_t begin = 0;
  std::size_t size = 0;
};

struct workspace {
  std::string unicode;  // ToUnicode's output (its size is the buffer's; see unicode_of)
  std::u32string text;  // the label being checked
  std::vector<dd::raw_finding> raw;
  std::string encoded;  // Punycode of one label (its size is the buffer's)
  std::vector<label_span> labels;
  std::vector<std::size_t> starts;

  // A huge name must not pin its memory to the thread for good (the IDNA
  // workspace keeps the same bound).
  void trim() {
    constexpr std::size_t keep = 1u << 16;
    if (unicode.capacity() > keep) std::string().swap(unicode);
    if (text.capacity() > keep) std::u32string().swap(text);
    if (encoded.capacity() > keep) std::string().swap(encoded);
    if (labels.capacity() > keep / sizeof(label_span)) std::vector<label_span>().swap(labels);
    if (starts.capacity() > keep / sizeof(std::size_t)) std::vector<std::size_t>().swap(starts);
  }
};

workspace& local_workspace() {
  thread_local workspace w;
  return w;
}

bool is_ascii(std::string_view s) noexcept {
  std::size_t i = 0;
  std::uint64_t high = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    high |= word;
  }
  for (; i < s.size(); ++i) high |= static_cast<unsigned char>(s[i]);
  return (high & 0x8080808080808080ull) == 0;
}

// ToUnicode into the workspace's buffer, grown (never shrunk here) to what
// the name needs; `out` views the result.
status unicode_of(std::string_view domain, workspace& ws, std::string_view& out) {
  const std::size_t guess = domain.size() * 3 + 64;
  if (ws.unicode.size() < guess) ws.unicode.resize(guess);
  std::size_t written = 0;
  status st = idna::to_unicode(domain, ws.unicode.data(), ws.unicode.size(), written, idna::uts46_default);
  if (st.code == errc::buffer_too_small) {
    ws.unicode.resize(st.needed);
    st = idna::to_unicode(domain, ws.unicode.data(), ws.unicode.size(), written, idna::uts46_default);
  }
  out = std::string_view(ws.unicode.data(), written);
  return st;
}

// Appends "xn--" and the Punycode of a U-label (ToASCII step A3).  Fails
// only for a label above Punycode's 2^32 - 2 code points.
status append_a_label(std::u32string_view label, std::size_t index, workspace& ws, std::string& out) {
  if (ws.encoded.size() < label.size() * 2 + 16) ws.encoded.resize(label.size() * 2 + 16);
  auto r = punycode::encode(label, ws.encoded.data(), ws.encoded.size());
  if (r.status.code == errc::buffer_too_small) {
    ws.encoded.resize(r.size);
    r = punycode::encode(label, ws.encoded.data(), ws.encoded.size());
  }
  if (!r.ok()) {
    status st = r.status;
    st.code = errc::punycode_encode_failed;
    st.label = index;
    return st;
  }
  out.append("xn--");
  out.append(ws.encoded.data(), r.size);
  return status{};
}

// Byte offsets where each label of the caller's input starts.  The label
// separators of UTS #46 are U+002E and, mapped to it, U+3002 (E3 80 82),
// U+FF0E (EF BC 8E) and U+FF61 (EF BD A1).  The input is well-formed UTF-8
// here (ToUnicode accepted it), so a byte scan finds them.
void label_starts(std::string_view input, std::vector<std::size_t>& starts) {
  starts.clear();
  starts.push_back(0);
  const auto* p = reinterpret_cast<const unsigned char*>(input.data());
  const std::size_t n = input.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i] == '.') {
      starts.push_back(i + 1);
    } else if ((p[i] == 0xE3 || p[i] == 0xEF) && i + 2 < n) {
      const unsigned b1 = p[i + 1], b2 = p[i + 2];
      if ((p[i] == 0xE3 && b1 == 0x80 && b2 == 0x82) || (p[i] == 0xEF && b1 == 0xBC && b2 == 0x8E) ||
          (p[i] == 0xEF && b1 == 0xBD && b2 == 0xA1)) {
        starts.push_back(i + 3);
        i += 2;
      }
    }
  }
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

void check_ascii_only(const dd::label_input& in, std::vector<dd::raw_finding>& raw) {
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
}

void check_label(profile which, const dd::label_input& in, std::vector<dd::raw_finding>& raw) {
  switch (which) {
    case profile::chromium: return dd::check_chromium(in, raw);
    case profile::firefox_moderate: return dd::check_firefox(in, false, raw);
    case profile::firefox_high: return dd::check_firefox(in, true, raw);
    case profile::uts39_highly_restrictive:
      return dd::check_uts39(in, uts39::restriction_level::highly_restrictive, raw);
    case profile::uts39_moderately_restrictive:
      return dd::check_uts39(in, uts39::restriction_level::moderately_restrictive, raw);
    case profile::ascii_only: return check_ascii_only(in, raw);
  }
}

// The one run behind every form: the whole decision into `*full`, or only
// the display form into `*display_only`.
status run(std::string_view domain, const options& opt, decision* full, std::string* display_only) {
  workspace& ws = local_workspace();
  std::string_view u;
  const status converted = unicode_of(domain, ws, u);
  if (!converted.ok()) return converted;

  ws.labels.clear();
  for (std::size_t start = 0;;) {
    const std::size_t dot = u.find('.', start);
    const std::size_t end = dot == std::string_view::npos ? u.size() : dot;
    ws.labels.push_back({start, end - start});
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  const std::size_t count = ws.labels.size();
  auto label = [&](std::size_t i) { return u.substr(ws.labels[i].begin, ws.labels[i].size); };

  // The TLD: the last label that is not the empty root label.  The checks
  // compare it with ASCII TLDs ("is", "cat"): a non-ASCII TLD, whose A-label
  // starts with "xn--", equals none of them.
  std::size_t last = count - 1;
  if (last > 0 && label(last).empty()) --last;
  dd::label_input in;
  in.tld_unicode = label(last);
  in.tld = is_ascii(in.tld_unicode) ? in.tld_unicode : std::string_view();

  // The lookalike step (Chromium's top-domain check): the registrable part,
  // when it has a non-ASCII label, must not look like a protected domain;
  // Chromium then shows every label in A-label form.
  static const public_suffix_list no_list;  // the implicit "*" rule only
  const public_suffix_list& psl = opt.suffixes ? *opt.suffixes : no_list;
  const bool lookalike_step = opt.protected_list && opt.which == profile::chromium;
  const std::string_view registrable =
      full || lookalike_step ? psl.registrable_domain(u) : std::string_view();
  std::string_view similar;
  if (lookalike_step && !registrable.empty() && !is_ascii(registrable))
    similar = opt.protected_list->lookalike_of(registrable);

  if (full) {
    full->display.clear();
    full->registrable_domain.assign(registrable.data(), registrable.size());
    full->labels.resize(count);
    label_starts(domain, ws.starts);
  } else {
    display_only->clear();
    display_only->reserve(u.size() + 16);  // one allocation for most names, A-labels included
  }
  const bool offsets_known = full && ws.starts.size() == count;

  for (std::size_t i = 0; i < count; ++i) {
    const std::string_view u_label = label(i);
    const bool ascii = is_ascii(u_label);
    ws.raw.clear();
    // A label the quick path can judge skips the checks: one it passes has
    // no findings; one it fails needs the checks only for the findings of
    // the whole decision.
    dd::quick_verdict quick = !ascii && opt.which == profile::chromium ? dd::chromium_quick_verdict(u_label)
                                                                       : dd::quick_verdict::unknown;
    if (full && quick == dd::quick_verdict::fails) quick = dd::quick_verdict::unknown;
    // The code points: for the checks, and for the A-label of a label
    // that is not shown (a quick pass is still kept by the lookalike step).
    const bool shown_if_checks_pass = similar.empty();
    if (!ascii && (quick != dd::quick_verdict::passes || !shown_if_checks_pass || full)) {
      ws.text.clear();
      (void)unicode::utf8_to_utf32(u_label, ws.text);  // ToUnicode's output is well-formed
    }
    if (!ascii && quick == dd::quick_verdict::unknown) {
      in.text = ws.text;
      in.label = i;
      check_label(opt.which, in, ws.raw);
    }
    const bool shown = ascii || (quick != dd::quick_verdict::fails && ws.raw.empty() && shown_if_checks_pass);
    if (!full) {
      if (i > 0) display_only->push_back('.');
      if (shown) {
        display_only->append(u_label);
      } else {
        const status st = append_a_label(ws.text, i, ws, *display_only);
        if (!st.ok()) return st;
      }
      continue;
    }

    label_verdict& v = full->labels[i];
    v.u_label.assign(u_label.data(), u_label.size());
    v.a_label.clear();
    if (ascii) {
      v.a_label.append(u_label);
    } else {
      const status st = append_a_label(ws.text, i, ws, v.a_label);
      if (!st.ok()) return st;
    }
    v.offset = offsets_known ? ws.starts[i] : 0;
    v.show_unicode = shown;
    v.findings.clear();
    if (!ws.raw.empty()) {
      // Offsets: the code point's own when the input spelled this label as
      // its U-label, else the label's start.
      std::string_view input_label;
      if (offsets_known) {
        const std::size_t end = i + 1 < count ? ws.starts[i + 1] - 1 : domain.size();
        input_label = domain.substr(ws.starts[i], end - ws.starts[i]);
      }
      const bool same_text = offsets_known && input_label == u_label;
      for (const dd::raw_finding& r : ws.raw) {
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
    }
    if (!ascii && !similar.empty()) {
      finding f;
      f.why = reason::top_domain_lookalike;
      f.label = i;
      f.offset = v.offset;
      f.step = "chromium/8-top-domain-skeleton";
      f.similar_to = std::string(similar);
      v.findings.push_back(std::move(f));
    }
    if (i > 0) full->display.push_back('.');
    full->display.append(shown ? v.u_label : v.a_label);
  }
  return status{};
}

}  // namespace

bool decision::all_shown() const noexcept {
  for (const label_verdict& l : labels)
    if (!l.show_unicode) return false;
  return true;
}

status decide(std::string_view domain, const options& opt, decision& out) {
  const status st = run(domain, opt, &out, nullptr);
  local_workspace().trim();
  if (!st.ok()) out = decision{};
  return st;
}

status to_display(std::string_view domain, const options& opt, std::string& out) {
  const status st = run(domain, opt, nullptr, &out);
  local_workspace().trim();
  if (!st.ok()) out.clear();
  return st;
}

result<decision> decide(std::string_view domain, const options& opt) {
  result<decision> out;
  out.status = decide(domain, opt, out.value);
  return out;
}

result<std::string> to_display(std::string_view domain, const options& opt) {
  result<std::string> out;
  out.status = to_display(domain, opt, out.value);
  return out;
}

}  // namespace puny::display

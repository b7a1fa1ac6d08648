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
#include <algorithm>
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

struct workspace {
  std::string unicode;  // ToUnicode's output (its size is the buffer's; see unicode_of)
  std::u32string text;  // the label being checked
  std::vector<dd::raw_finding> raw;
  std::string encoded;  // Punycode of one label (its size is the buffer's)

  // A huge name must not pin its memory to the thread for good (the IDNA
  // workspace keeps the same bound).
  void trim() {
    constexpr std::size_t keep = 1u << 16;
    if (unicode.capacity() > keep) std::string().swap(unicode);
    if (text.capacity() > keep) std::u32string().swap(text);
    if (encoded.capacity() > keep) std::string().swap(encoded);
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

// The label separators of UTS #46 in the caller's input: U+002E and,
// mapped to it, U+3002 (E3 80 82), U+FF0E (EF BC 8E) and U+FF61 (EF BD A1).
// The input is well-formed UTF-8 here (ToUnicode accepted it), so a byte
// scan finds them.  Returns the size of the separator at `i` (0: none).
inline std::size_t separator_at(std::string_view input, std::size_t i) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(input.data());
  if (p[i] == '.') return 1;
  if (p[i] < 0xE3 || (p[i] != 0xE3 && p[i] != 0xEF) || i + 2 >= input.size()) return 0;
  const unsigned b1 = p[i + 1], b2 = p[i + 2];
  const bool dot = (p[i] == 0xE3 && b1 == 0x80 && b2 == 0x82) || (p[i] == 0xEF && b1 == 0xBC && b2 == 0x8E) ||
                   (p[i] == 0xEF && b1 == 0xBD && b2 == 0xA1);
  return dot ? 3 : 0;
}

std::size_t input_label_count(std::string_view input) noexcept {
  std::size_t count = 1;
  for (std::size_t i = 0; i < input.size(); ++i) {
    const std::size_t sep = separator_at(input, i);
    if (sep != 0) {
      ++count;
      i += sep - 1;
    }
  }
  return count;
}

// The caller's input, label by label, without a table of offsets (a name
// of millions of labels keeps no per-label array; issue 44).
struct input_cursor {
  std::string_view input;
  std::size_t start = 0;  // where the current label starts
  std::size_t end = 0;    // where it ends (its separator, or the input's end)
  std::size_t next = 0;   // where the following label starts

  void find_end() {
    end = start;
    next = input.size() + 1;
    for (; end < input.size(); ++end) {
      const std::size_t sep = separator_at(input, end);
      if (sep != 0) {
        next = end + sep;
        return;
      }
    }
  }
  void advance() {
    start = next;
    find_end();
  }
};

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
    case profile::firefox: return dd::check_firefox_current(in, raw);
  }
}

// Where one run's labels go: the whole decision (`full`), only the display
// form (`display_only`), or a visitor that sees each label as it is decided
// (`visitor`, with nothing kept; issue 44).  Exactly one is set.
struct run_target {
  decision* full = nullptr;
  std::string* display_only = nullptr;
  decision_visitor* visitor = nullptr;
  label_verdict* scratch = nullptr;  // with `visitor`: the label being handed over
  // What the caller knows (puny hunt; decide_knowing): each fact set is
  // taken instead of being computed.
  const dd::known_facts* known = nullptr;
};

// The one run behind every form.
status run(std::string_view domain, const options& opt, workspace& ws, const run_target& to) {
  static const dd::known_facts nothing_known;
  const dd::known_facts& known = to.known != nullptr ? *to.known : nothing_known;
  std::string_view u;
  if (known.unicode) {
    u = *known.unicode;
  } else {
    const status converted = unicode_of(domain, ws, u);
    if (!converted.ok()) return converted;
  }
  const bool verdicts = to.full != nullptr || to.visitor != nullptr;

  // The TLD: the last label that is not the empty root label.  The checks
  // compare it with ASCII TLDs ("is", "cat"): a non-ASCII TLD, whose A-label
  // starts with "xn--", equals none of them.
  std::string_view tld = u;
  if (!tld.empty() && tld.back() == '.' && tld.size() > 1) tld.remove_suffix(1);
  const std::size_t tld_dot = tld.rfind('.');
  if (tld_dot != std::string_view::npos) tld.remove_prefix(tld_dot + 1);
  dd::label_input in;
  in.tld_unicode = tld;
  in.tld = is_ascii(in.tld_unicode) ? in.tld_unicode : std::string_view();

  // The lookalike step (Chromium's top-domain check): the registrable part,
  // when it has a non-ASCII label, must not look like a protected domain;
  // Chromium then shows every label in A-label form.
  static const public_suffix_list no_list;  // the implicit "*" rule only
  const public_suffix_list& psl = opt.suffixes ? *opt.suffixes : no_list;
  const bool lookalike_step = opt.protected_list && opt.which == profile::chromium;
  const std::string_view registrable =
      !(verdicts || lookalike_step) ? std::string_view()
      : known.unicode && known.registrable ? *known.registrable
                                           : psl.registrable_domain(u);
  std::string_view similar;
  if (lookalike_step && !registrable.empty() && !is_ascii(registrable))
    similar = known.similar ? *known.similar : opt.protected_list->lookalike_of(registrable);

  const std::size_t count = verdicts ? static_cast<std::size_t>(std::count(u.begin(), u.end(), '.')) + 1 : 0;
  if (to.full != nullptr) {
    to.full->display.clear();
    to.full->registrable_domain.assign(registrable.data(), registrable.size());
    to.full->labels.resize(count);
  } else if (to.visitor != nullptr) {
    to.visitor->begin(registrable, count);
  } else {
    to.display_only->clear();
    to.display_only->reserve(u.size() + 16);  // one allocation for most names, A-labels included
  }
  // Offsets in the caller's input are known when its labels are the
  // U-labels' (a character mapped to one with a dot, such as U+2488, adds
  // a label; the offsets are then 0).
  const bool offsets_known = verdicts && input_label_count(domain) == count;
  input_cursor at{domain};
  if (offsets_known) at.find_end();

  std::size_t label_start = 0;
  for (std::size_t i = 0; label_start <= u.size(); ++i) {
    std::size_t label_end = u.find('.', label_start);
    if (label_end == std::string_view::npos) label_end = u.size();
    const std::string_view u_label = u.substr(label_start, label_end - label_start);
    label_start = label_end + 1;  // past the end after the last label
    if (offsets_known && i > 0) at.advance();

    const bool ascii = is_ascii(u_label);
    ws.raw.clear();
    // A label the quick path can judge skips the checks: one it passes has
    // no findings; one it fails needs the checks only for the findings of
    // the whole decision.
    dd::quick_verdict quick = !ascii && opt.which == profile::chromium ? dd::chromium_quick_verdict(u_label)
                                                                       : dd::quick_verdict::unknown;
    if (verdicts && quick == dd::quick_verdict::fails) quick = dd::quick_verdict::unknown;
    // The code points: for the checks, and for the A-label of a label
    // that is not shown (a quick pass is still kept by the lookalike step).
    const bool shown_if_checks_pass = similar.empty();
    if (!ascii && (quick != dd::quick_verdict::passes || !shown_if_checks_pass || verdicts)) {
      ws.text.clear();
      (void)unicode::utf8_to_utf32(u_label, ws.text);  // ToUnicode's output is well-formed
    }
    if (!ascii && quick == dd::quick_verdict::unknown) {
      in.text = ws.text;
      in.label = i;
      check_label(opt.which, in, ws.raw);
    }
    const bool shown = ascii || (quick != dd::quick_verdict::fails && ws.raw.empty() && shown_if_checks_pass);
    if (!verdicts) {
      if (i > 0) to.display_only->push_back('.');
      if (shown) {
        to.display_only->append(u_label);
      } else {
        const status st = append_a_label(ws.text, i, ws, *to.display_only);
        if (!st.ok()) return st;
      }
      continue;
    }

    label_verdict& v = to.full != nullptr ? to.full->labels[i] : *to.scratch;
    v.u_label.assign(u_label.data(), u_label.size());
    v.a_label.clear();
    if (ascii) {
      v.a_label.append(u_label);
    } else {
      const status st = append_a_label(ws.text, i, ws, v.a_label);
      if (!st.ok()) return st;
    }
    v.offset = offsets_known ? at.start : 0;
    v.show_unicode = shown;
    v.findings.clear();
    if (!ws.raw.empty()) {
      // Offsets: the code point's own when the input spelled this label as
      // its U-label, else the label's start.
      const std::string_view input_label =
          offsets_known ? domain.substr(at.start, at.end - at.start) : std::string_view();
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
    if (to.visitor != nullptr) {
      to.visitor->label(v);
      continue;
    }
    if (i > 0) to.full->display.push_back('.');
    to.full->display.append(shown ? v.u_label : v.a_label);
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
  run_target to;
  to.full = &out;
  const status st = run(domain, opt, local_workspace(), to);
  local_workspace().trim();
  if (!st.ok()) out = decision{};
  return st;
}

status to_display(std::string_view domain, const options& opt, std::string& out) {
  run_target to;
  to.display_only = &out;
  const status st = run(domain, opt, local_workspace(), to);
  local_workspace().trim();
  if (!st.ok()) out.clear();
  return st;
}

status decide(std::string_view domain, const options& opt, decision_visitor& visitor) {
  // A workspace of its own: the visitor may decide other names on this
  // thread while this run still reads its workspace.
  workspace ws;
  label_verdict scratch;
  run_target to;
  to.visitor = &visitor;
  to.scratch = &scratch;
  return run(domain, opt, ws, to);
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

namespace puny::detail::display {

status decide_knowing(std::string_view domain, const puny::display::options& opt, const known_facts& known,
                      puny::display::decision& out) {
  puny::display::run_target to;
  to.full = &out;
  to.known = &known;
  const status st = puny::display::run(domain, opt, puny::display::local_workspace(), to);
  puny::display::local_workspace().trim();
  if (!st.ok()) out = puny::display::decision{};
  return st;
}

}  // namespace puny::detail::display

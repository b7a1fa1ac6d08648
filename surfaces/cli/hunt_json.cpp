// puny CLI: `hunt --json`'s objects as text (hunt_json.hpp).  The members
// and their order are those the JSON tree of 1ccb68e gave; building that
// tree, dumping it, parsing it again in the line driver and dumping it once
// more cost about 90% of a run on lookalike-heavy input (issue 53).
#include "hunt_json.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>
#include <nlohmann/json.hpp>

#include "hunt_triage.hpp"

namespace puny::cli {

namespace {

using namespace std::string_view_literals;

// Whether `s` can be copied into a JSON string as it is: strictly
// well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF) and no '"', '\\' or control character below U+0020.
bool plain_json_text(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  // Eight plain ASCII bytes at a time: none at or above 0x80, below 0x20,
  // '"' or '\\' (the bit tricks are exact as a yes/no per word).
  constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  while (n - i >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p + i, 8);
    const std::uint64_t q = v ^ (ones * '"'), b = v ^ (ones * '\\');
    const std::uint64_t special = (v | ((v - ones * 0x20) & ~v) | ((q - ones) & ~q) |
                                   ((b - ones) & ~b)) & highs;
    if (special != 0) break;
    i += 8;
  }
  while (i < n) {
    const unsigned char c = p[i];
    if (c < 0x80) {
      if (c < 0x20 || c == '"' || c == '\\') return false;
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len) return false;
    if (p[i + 1] < lo || p[i + 1] > hi) return false;
    for (std::size_t k = 2; k < len; ++k)
      if (p[i + k] < 0x80 || p[i + k] > 0xBF) return false;
    i += len;
  }
  return true;
}

// Numbers as dump() writes them; std::to_chars, not snprintf (snprintf
// took about 16,000 instructions a name on lookalike-heavy input).
template <typename Int>
void append_int(std::string& out, Int n) {
  char tmp[24];
  const std::to_chars_result r = std::to_chars(tmp, tmp + sizeof tmp, n);
  out.append(tmp, static_cast<std::size_t>(r.ptr - tmp));
}

// "U+XXXX" (at least four upper-case hex digits), as "U+%04X" prints it.
void append_code_point(std::string& out, char32_t c) {
  char tmp[12];
  int len = 0;
  for (auto v = static_cast<std::uint32_t>(c); v != 0 || len < 4; v >>= 4)
    tmp[len++] = "0123456789ABCDEF"[v & 0xF];
  out += "\"U+"sv;
  while (len > 0) out += tmp[--len];
  out += '"';
}

void append_key(std::string& out, std::string_view key) {
  out += '"';
  out += key;
  out += "\":"sv;
}

// The registry's rule names and reason texts as JSON strings, made once
// (thread-safe static) and copied for each match.
struct rule_texts {
  static constexpr std::size_t slots = 32;  // hunt::options::rules has a bit per rule
  std::string name[slots];
  std::vector<std::string> reason = std::vector<std::string>(slots * slots);  // [why][via]

  rule_texts() {
    for (const hunt::rule_info& r : hunt::rules())
      append_json_string(name[static_cast<std::size_t>(r.id)], r.name);
    for (const hunt::rule_info& why : hunt::rules())
      for (std::size_t v = 0; v < slots; ++v) {
        const auto via = static_cast<hunt::rule>(v);
        if (via != hunt::rule{} && name[v].empty()) continue;  // no such rule
        hunt::match m;
        m.why = why.id;
        m.via = via;
        append_json_string(reason[static_cast<std::size_t>(why.id) * slots + v], hunt_reason(m));
      }
  }
  static const rule_texts& get() {
    static const rule_texts texts;
    return texts;
  }
};

const std::string& rule_name(hunt::rule r) {
  return rule_texts::get().name[static_cast<std::size_t>(r) % rule_texts::slots];
}

const std::string& reason_text(const hunt::match& m) {
  return rule_texts::get().reason[(static_cast<std::size_t>(m.why) % rule_texts::slots) *
                                      rule_texts::slots +
                                  static_cast<std::size_t>(m.via) % rule_texts::slots];
}

// "rule":R[,"via":V]
void append_rule(std::string& out, const hunt::match& m) {
  append_key(out, "rule"sv);
  out += rule_name(m.why);
  if (m.via != hunt::rule{}) {
    out += ',';
    append_key(out, "via"sv);
    out += rule_name(m.via);
  }
}

void append_place(std::string& out, const hunt::match& m) {
  out += ",\"offset\":"sv;
  append_int(out, m.offset);
  out += ",\"length\":"sv;
  append_int(out, m.length);
}

void append_verdict(std::string& out, const hunt::report& rep, std::string_view profile) {
  out += "\"verdict\":{\"status\":"sv;
  if (rep.verdict_status.ok())
    out += "null"sv;
  else
    append_json_string(out, puny::to_string(rep.verdict_status.code));
  out += ",\"display\":"sv;
  if (rep.verdict_status.ok())
    append_json_string(out, rep.display);
  else
    out += "null"sv;
  out += rep.all_shown ? ",\"all_shown\":true"sv : ",\"all_shown\":false"sv;
  out += ",\"profile\":"sv;
  append_json_string(out, profile);
  out += ",\"findings\":["sv;
  for (std::size_t k = 0; k < rep.findings.size(); ++k) {
    const display::finding& f = rep.findings[k];
    if (k > 0) out += ',';
    out += "{\"label\":"sv;
    append_int(out, f.label);
    out += ",\"reason\":"sv;
    append_json_string(out, display::to_string(f.why));
    out += ",\"step\":"sv;
    append_json_string(out, f.step);
    if (f.has_code_point) {
      out += ",\"code_point\":"sv;
      append_code_point(out, f.code_point);
    }
    if (!f.similar_to.empty()) {
      out += ",\"similar_to\":"sv;
      append_json_string(out, f.similar_to);
    }
    out += '}';
  }
  out += "]}"sv;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  if (plain_json_text(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  // Escapes and U+FFFD: nlohmann's own writer, so that every --json string
  // reads the same whichever path wrote it.
  out += nlohmann::ordered_json(std::string(s))
             .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void append_hunt_json(std::string& out, std::string_view input, const hunt::report& rep,
                      const hunt::brand_index& index, std::string_view profile) {
  out += "\"input\":"sv;
  append_json_string(out, input);
  out += ",\"name\":"sv;
  append_json_string(out, rep.name);
  out += ',';
  append_verdict(out, rep, profile);
  out += ",\"matches\":["sv;
  for (std::size_t k = 0; k < rep.matches.size(); ++k) {
    const hunt::match& m = rep.matches[k];
    if (k > 0) out += ',';
    out += "{\"brand\":"sv;
    append_json_string(out, index.brand(m.brand));
    out += ",\"rule\":"sv;
    out += rule_name(m.why);
    append_place(out, m);
    out += ",\"score\":"sv;
    append_int(out, m.score);
    if (m.via != hunt::rule{}) {
      out += ",\"via\":"sv;
      out += rule_name(m.via);
    }
    out += '}';
  }
  out += ']';
  const std::vector<hunt_brand_entry> entries = hunt_by_brand(rep);
  out += ",\"score\":"sv;
  append_int(out, entries.empty() ? 0 : rep.matches[entries.front().best].score);
  out += ",\"brands\":["sv;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const hunt_brand_entry& e = entries[k];
    const hunt::match& m = rep.matches[e.best];
    if (k > 0) out += ',';
    out += "{\"brand\":"sv;
    append_json_string(out, index.brand(m.brand));
    out += ',';
    append_rule(out, m);
    out += ",\"score\":"sv;
    append_int(out, m.score);
    append_place(out, m);
    out += ",\"reason\":"sv;
    out += reason_text(m);
    out += ",\"also\":["sv;
    for (std::size_t a = 0; a < e.also.size(); ++a) {
      const hunt::match& o = rep.matches[e.also[a]];
      if (a > 0) out += ',';
      out += '{';
      append_rule(out, o);
      out += ",\"score\":"sv;
      append_int(out, o.score);
      append_place(out, o);
      out += '}';
    }
    out += "]}"sv;
  }
  out += "]}\n"sv;
}

}  // namespace puny::cli

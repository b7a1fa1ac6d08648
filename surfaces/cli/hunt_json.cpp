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
  // '"' or '\\' (the bit tricks are exact as a yes/no per word).  A word
  // that has another byte is read byte by byte up to its end, then words
  // again (a U-label's ASCII after its first non-ASCII letter too).
  // Fewer than eight bytes left: the last eight bytes of the string (some
  // read already, and plain or well-formed), or what is left padded with
  // 'a', as one more word; if it is not plain, the rest byte by byte.
  constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  const auto plain_word = [&](std::uint64_t v) {
    const std::uint64_t q = v ^ (ones * '"'), b = v ^ (ones * '\\');
    return ((v | ((v - ones * 0x20) & ~v) | ((q - ones) & ~q) | ((b - ones) & ~b)) & highs) == 0;
  };
  std::size_t bytewise_until = 0;
  while (i < n) {
    if (i >= bytewise_until) {
      std::uint64_t v = ones * 'a';
      if (n - i >= 8) {
        std::memcpy(&v, p + i, 8);
        if (plain_word(v)) {
          i += 8;
          continue;
        }
        bytewise_until = i + 8;
      } else {
        if (n >= 8)
          std::memcpy(&v, p + n - 8, 8);
        else
          std::memcpy(&v, p + i, n - i);
        if (plain_word(v)) return true;
        bytewise_until = n;
      }
    }
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

// The object's text goes through a buffer on the stack: a piece of
// constant length (a key, punctuation) is copied with moves the compiler
// writes in place, where std::string's append is a call (with a memcpy
// call) each, about 110 a name on lookalike-heavy input (issue 53).
class json_writer {
 public:
  explicit json_writer(std::string& out) : out_(out) {}
  json_writer(const json_writer&) = delete;
  json_writer& operator=(const json_writer&) = delete;
  ~json_writer() { flush(); }

  // A literal: its length is a constant, so the copy is a few moves.
  template <std::size_t N>
  void lit(const char (&s)[N]) {
    static_assert(N - 1 <= sizeof buf_, "a literal longer than the buffer");
    if (N - 1 > sizeof buf_ - len_) flush();
    std::memcpy(buf_ + len_, s, N - 1);
    len_ += N - 1;
  }
  void raw(std::string_view s) { raw(s.data(), s.size()); }
  void raw(const char* s, std::size_t n) {
    if (n > sizeof buf_ - len_) {
      flush();
      if (n > sizeof buf_) {
        out_.append(s, n);
        return;
      }
    }
    std::memcpy(buf_ + len_, s, n);
    len_ += n;
  }
  void ch(char c) {
    if (len_ == sizeof buf_) flush();
    buf_[len_++] = c;
  }
  // Numbers as dump() writes them; std::to_chars, not snprintf (snprintf
  // took about 16,000 instructions a name on lookalike-heavy input).
  template <typename Int>
  void num(Int n) {
    if (sizeof buf_ - len_ < 24) flush();
    // Scores, offsets and lengths: nearly all below 100.
    if (n >= 0 && n < 100) {
      const unsigned v = static_cast<unsigned>(n);
      if (v >= 10) buf_[len_++] = static_cast<char>('0' + v / 10);
      buf_[len_++] = static_cast<char>('0' + v % 10);
      return;
    }
    const std::to_chars_result r = std::to_chars(buf_ + len_, buf_ + sizeof buf_, n);
    len_ = static_cast<std::size_t>(r.ptr - buf_);
  }
  // A name of the library's own (a reason, a step, a profile): ASCII
  // letters, digits, '_', '-', '/' only, so quoted as it is, unchecked.
  void word(std::string_view s) {
    ch('"');
    raw(s);
    ch('"');
  }
  // A JSON string (append_json_string's text).
  void str(std::string_view s) {
    if (plain_json_text(s)) {
      ch('"');
      raw(s);
      ch('"');
      return;
    }
    flush();
    append_json_string(out_, s);
  }
  // "U+XXXX" (at least four upper-case hex digits), as "U+%04X" prints it.
  void code_point(char32_t c) {
    char tmp[12];
    int len = 0;
    for (auto v = static_cast<std::uint32_t>(c); v != 0 || len < 4; v >>= 4)
      tmp[len++] = "0123456789ABCDEF"[v & 0xF];
    lit("\"U+");
    while (len > 0) ch(tmp[--len]);
    ch('"');
  }
  void flush() {
    out_.append(buf_, len_);
    len_ = 0;
  }

 private:
  std::string& out_;
  char buf_[1024];
  std::size_t len_ = 0;
};

// The registry's rule names and the core's reason texts (hunt::reason) as
// JSON strings, made once (thread-safe static) and copied for each match.
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
        append_json_string(reason[static_cast<std::size_t>(why.id) * slots + v],
                           hunt::reason(why.id, via));
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
void write_rule(json_writer& w, const hunt::match& m) {
  w.lit("\"rule\":");
  w.raw(rule_name(m.why));
  if (m.via != hunt::rule{}) {
    w.lit(",\"via\":");
    w.raw(rule_name(m.via));
  }
}

void write_place(json_writer& w, const hunt::match& m) {
  w.lit(",\"offset\":");
  w.num(m.offset);
  w.lit(",\"length\":");
  w.num(m.length);
}

// Whether two matches read the same after their brand (rule, place,
// score, via): the matches of one rule at one place for the brands of one
// label under many suffixes (google.com, google.de, ... in Chromium's list).
bool same_after_brand(const hunt::match& a, const hunt::match& b) {
  return a.why == b.why && a.via == b.via && a.offset == b.offset && a.length == b.length &&
         a.score == b.score;
}

// A `matches` member after its brand: "rule", place, score, "via", '}'.
void write_match_tail(json_writer& w, const hunt::match& m) {
  w.lit(",\"rule\":");
  w.raw(rule_name(m.why));
  write_place(w, m);
  w.lit(",\"score\":");
  w.num(m.score);
  if (m.via != hunt::rule{}) {
    w.lit(",\"via\":");
    w.raw(rule_name(m.via));
  }
  w.ch('}');
}

// A `brands` entry after its brand: its best match, reason and `also`.
void write_entry_tail(json_writer& w, const hunt::report& rep, const hunt::brand_matches& e) {
  const hunt::match& m = rep.matches[e.best];
  w.ch(',');
  write_rule(w, m);
  w.lit(",\"score\":");
  w.num(m.score);
  write_place(w, m);
  w.lit(",\"reason\":");
  w.raw(reason_text(m));
  w.lit(",\"also\":[");
  for (std::size_t a = 0; a < e.also.size(); ++a) {
    const hunt::match& o = rep.matches[e.also[a]];
    if (a > 0) w.ch(',');
    w.ch('{');
    write_rule(w, o);
    w.lit(",\"score\":");
    w.num(o.score);
    write_place(w, o);
    w.ch('}');
  }
  w.lit("]}");
}

bool same_entry_tail(const hunt::report& rep, const hunt::brand_matches& a, const hunt::brand_matches& b) {
  if (a.also.size() != b.also.size() || !same_after_brand(rep.matches[a.best], rep.matches[b.best]))
    return false;
  for (std::size_t k = 0; k < a.also.size(); ++k)
    if (!same_after_brand(rep.matches[a.also[k]], rep.matches[b.also[k]])) return false;
  return true;
}

// The members 0..count-1 of a `matches` or `brands` array, each its
// brand's `{"brand":NAME` and its tail.  A run of members whose tails are
// the same (`same(j, k)`: the brands of one label under many suffixes)
// has the tail made once, as text, and copied for each.
template <class Same, class Start, class Tail>
void write_members(json_writer& w, std::size_t count, Same&& same, Start&& start, Tail&& write_tail) {
  thread_local std::string tail;
  for (std::size_t k = 0, end = 0; k < count; k = end) {
    end = k + 1;
    while (end < count && same(end, k)) ++end;
    if (end - k > 1) {
      tail.clear();
      json_writer tw(tail);  // flushed into `tail` at the end of this block
      write_tail(tw, k);
    }
    for (std::size_t j = k; j < end; ++j) {
      if (j > 0) w.ch(',');
      w.raw(start(j));
      if (end - k > 1)
        w.raw(tail);
      else
        write_tail(w, j);
    }
  }
}

void write_verdict(json_writer& w, const hunt::report& rep, std::string_view profile) {
  w.lit("\"verdict\":{\"status\":");
  if (rep.verdict_status.ok())
    w.lit("null");
  else
    w.str(puny::to_string(rep.verdict_status.code));
  w.lit(",\"display\":");
  if (rep.verdict_status.ok())
    w.str(rep.display);
  else
    w.lit("null");
  if (rep.all_shown)
    w.lit(",\"all_shown\":true");
  else
    w.lit(",\"all_shown\":false");
  w.lit(",\"profile\":");
  w.word(profile);
  w.lit(",\"findings\":[");
  for (std::size_t k = 0; k < rep.findings.size(); ++k) {
    const display::finding& f = rep.findings[k];
    if (k > 0) w.ch(',');
    w.lit("{\"label\":");
    w.num(f.label);
    w.lit(",\"reason\":");
    w.word(display::to_string(f.why));
    w.lit(",\"step\":");
    w.word(f.step);
    if (f.has_code_point) {
      w.lit(",\"code_point\":");
      w.code_point(f.code_point);
    }
    if (!f.similar_to.empty()) {
      w.lit(",\"similar_to\":");
      w.str(f.similar_to);
    }
    w.ch('}');
  }
  w.lit("]}");
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

brand_json_names::brand_json_names(const hunt::brand_index& index) : starts_(index.size()) {
  for (std::size_t id = 0; id < starts_.size(); ++id) {
    starts_[id] = "{\"brand\":";
    append_json_string(starts_[id], index.brand(id));
  }
}

void append_hunt_json(std::string& out, std::size_t line, std::string_view input, const hunt::report& rep,
                      const brand_json_names& brands, std::string_view profile) {
  json_writer w(out);
  w.lit("{\"line\":");
  w.num(line);
  w.lit(",\"input\":");
  w.str(input);
  w.lit(",\"name\":");
  w.str(rep.name);
  w.ch(',');
  write_verdict(w, rep, profile);
  w.lit(",\"matches\":[");
  write_members(
      w, rep.matches.size(),
      [&](std::size_t j, std::size_t k) { return same_after_brand(rep.matches[j], rep.matches[k]); },
      [&](std::size_t j) -> const std::string& { return brands.object_start(rep.matches[j].brand); },
      [&](json_writer& to, std::size_t j) { write_match_tail(to, rep.matches[j]); });
  w.ch(']');
  thread_local hunt::triage triage;  // reused: no allocation per name
  hunt::by_brand(rep, triage);
  w.lit(",\"score\":");
  w.num(triage.score);
  w.lit(",\"brands\":[");
  write_members(
      w, triage.count,
      [&](std::size_t j, std::size_t k) { return same_entry_tail(rep, triage.entries[j], triage.entries[k]); },
      [&](std::size_t j) -> const std::string& {
        return brands.object_start(rep.matches[triage.entries[j].best].brand);
      },
      [&](json_writer& to, std::size_t j) { write_entry_tail(to, rep, triage.entries[j]); });
  w.lit("]}\n");
}

}  // namespace puny::cli

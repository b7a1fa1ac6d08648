// puny CLI: `explain encode|decode TEXT` prints the Bootstring algorithm's
// steps for one input, as RFC 3492 sections 6.2 and 6.3 perform them.
//
// The numbers come from the library's own encoder and decoder through
// bootstring::observer (the same code that `encode`/`decode` run), not from a
// second implementation that could drift.
#include <cinttypes>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "puny/bootstring.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "explain/punycode_trace.hpp"

namespace puny::cli {
namespace {

using json = nlohmann::ordered_json;
using u64 = std::uint64_t;
using explain::digit_step;
using explain::run_decode;
using explain::run_encode;
using explain::trace;
using explain::utf8_of;

std::string code_point_name(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

std::string shown(char32_t c) {
  std::string out = code_point_name(c);
  // Show the character itself unless it is invisible or a control.
  const bool invisible = c < 0x20 || (c >= 0x7F && c < 0xA0) || c == 0xAD ||
                         (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
                         (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF;
  if (!invisible) {
    out += " '";
    out += utf8_of(std::u32string_view(&c, 1));
    out += "'";
  }
  return out;
}


std::string digits_text(const std::vector<digit_step>& digits) {
  std::string s;
  for (const auto& d : digits) s.push_back(d.character);
  return s;
}

void print_text(const trace& t) {
  std::string out;
  auto line = [&](const std::string& s) { out += s + "\n"; };
  line(std::string(t.decoding ? "Decoding" : "Encoding") + " \"" + t.input + "\" with Punycode " +
       "(RFC 3492: base 36, tmin 1, tmax 26, skew 38, damp 700, initial bias 72, initial n 0x80)");
  if (!t.decoding) {
    line("");
    line("1. Code points (" + std::to_string(t.code_points.size()) + "):");
    for (std::size_t j = 0; j < t.code_points.size(); ++j)
      line("   [" + std::to_string(j) + "] " + shown(t.code_points[j]) +
           (t.code_points[j] < 0x80 ? "  basic" : ""));
    line("");
    line("2. Basic code points copied in order: \"" + t.basic + "\"" +
         (t.has_delimiter ? std::string(", then the delimiter '") + t.delimiter + "'"
                          : std::string(" (none, so no delimiter)")));
    line("");
    line("3. Insertions in the order the encoder handles them (code point, position):");
    for (const auto& s : t.steps) line("   " + shown(s.code_point) + " at " + std::to_string(s.position));
    line("");
    line("4. Deltas (RFC 3492 section 6.3), each written as a variable-length integer:");
    std::size_t k = 1;
    for (const auto& s : t.steps) {
      line("   delta " + std::to_string(k++) + ": " + shown(s.code_point) + " at position " +
           std::to_string(s.position));
      if (s.starts_code_point) {
        line("      n goes from " + code_point_name(s.previous_n) + " to " + code_point_name(s.code_point) +
             ": delta = " + std::to_string(s.carried) + " (carried) + (" +
             std::to_string(u64{s.code_point} - s.previous_n) + " x " + std::to_string(s.handled + 1) +
             ") + " + std::to_string(s.smaller_before) + " (smaller code points before it) = " +
             std::to_string(s.delta));
      } else {
        line("      same n: delta = " + std::to_string(s.smaller_before) +
             " (smaller code points since the previous " + code_point_name(s.code_point) + ")");
      }
      std::string thresholds, values;
      for (const auto& d : s.digits) {
        thresholds += (thresholds.empty() ? "" : ", ") + std::to_string(d.threshold);
        values += (values.empty() ? "" : ", ") + std::to_string(d.value);
      }
      line("      bias " + std::to_string(s.bias) + ", thresholds t = " + thresholds + "; digits " + values +
           " -> \"" + digits_text(s.digits) + "\"");
      line("      bias adapted to " + std::to_string(s.new_bias));
    }
  } else {
    line("");
    line("1. Basic code points before the last delimiter: \"" + t.basic + "\"" +
         (t.has_delimiter ? "" : " (no delimiter: everything is deltas)"));
    line("");
    line("2. Deltas read (RFC 3492 section 6.2):");
    std::size_t k = 1;
    for (const auto& s : t.steps) {
      std::string reading;
      for (const auto& d : s.digits)
        reading += std::string(reading.empty() ? "" : " + ") + "'" + d.character + "' " +
                   std::to_string(d.value) + " x " + std::to_string(d.weight) + " (t " +
                   std::to_string(d.threshold) + ")";
      line("   delta " + std::to_string(k++) + ": \"" + digits_text(s.digits) + "\" with bias " +
           std::to_string(s.bias) + ": " + reading + " = " + std::to_string(s.delta));
      line("      n = " + code_point_name(s.code_point) + ", i = " + std::to_string(s.position) +
           ": insert " + shown(s.code_point) + " at " + std::to_string(s.position) + " -> \"" +
           utf8_of(s.text_after) + "\"");
      line("      bias adapted to " + std::to_string(s.new_bias));
    }
  }
  line("");
  if (t.status)
    line("Result: " + t.output);
  else
    line("Failed: " + puny::to_string(t.status) +
         (t.status.code == errc::input_too_long
              ? " (a trace covers at most " + std::to_string(explain::max_traced_length) +
                    (t.decoding ? " bytes)" : " code points)")
              : std::string()));
  std::fwrite(out.data(), 1, out.size(), stdout);
}

json to_json(const trace& t) {
  json j;
  j["direction"] = t.decoding ? "decode" : "encode";
  j["input"] = t.input;
  json cps = json::array();
  for (char32_t c : t.code_points) cps.push_back(code_point_name(c));
  j[t.decoding ? "decoded_code_points" : "code_points"] = cps;
  j["basic"] = t.basic;
  j["delimiter"] = t.has_delimiter ? json(std::string(1, t.delimiter)) : json(nullptr);
  json steps = json::array();
  for (const auto& s : t.steps) {
    json d;
    d["code_point"] = code_point_name(s.code_point);
    d["position"] = s.position;
    d["delta"] = s.delta;
    d["bias"] = s.bias;
    if (!t.decoding) {
      d["computation"] = {{"new_code_point", s.starts_code_point},
                          {"previous_n", code_point_name(s.previous_n)},
                          {"handled", s.handled},
                          {"carried", s.carried},
                          {"smaller_before", s.smaller_before}};
    }
    json digits = json::array();
    for (const auto& dg : s.digits)
      digits.push_back({{"value", dg.value},
                        {"threshold", dg.threshold},
                        {"weight", dg.weight},
                        {"character", std::string(1, dg.character)}});
    d["digits"] = digits;
    d["new_bias"] = s.new_bias;
    if (t.decoding) d["text_after"] = utf8_of(s.text_after);
    steps.push_back(d);
  }
  j["deltas"] = steps;
  j["output"] = t.status ? json(t.output) : json(nullptr);
  j["error"] = t.status ? json(nullptr) : json(std::string(puny::to_string(t.status.code)));
  j["offset"] = t.status ? json(nullptr) : json(t.status.offset);
  return j;
}

struct explain_settings {
  std::string text;
  bool json = false;
};

// ---- explain to-ascii: UTS #46 section 4 steps, from idna::explain_to_ascii ----

struct idna_explain_settings : idna_flags {
  std::string domain;
  bool json = false;
};

std::string error_text(const puny::status& e) {
  std::string s(puny::to_string(e.code));
  const std::string_view code = idna::uts46_code(e);
  if (!code.empty()) s += " (" + std::string(code) + ")";
  s += " at byte " + std::to_string(e.offset);
  if (e.has_code_point()) s += ", " + code_point_name(e.code_point);
  return s + ": " + std::string(puny::message(e.code));
}

// explain to-ascii --json writes its document as text while it walks the
// trace, with no JSON tree in between (issue 44: the tree of a name of many
// labels took 600-860 bytes per input byte; the text is the same, byte for
// byte, as nlohmann's dump(2) of that tree).  Output leaves in blocks of
// 64 KiB, so memory is the trace plus one block.  Strings go through
// nlohmann's own escaping; ill-formed UTF-8 becomes U+FFFD, as everywhere
// in --json (the tree's strict dump threw on it and printed no document).
class pretty_writer {
 public:
  explicit pretty_writer(std::FILE* out) : out_(out) {}
  ~pretty_writer() { flush(); }
  pretty_writer(const pretty_writer&) = delete;
  pretty_writer& operator=(const pretty_writer&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A member's key; its value follows through one of the calls below.
  void key(std::string_view name) {
    next_item();
    append_string(name);
    buf_ += ": ";
    after_key_ = true;
  }
  void string(std::string_view v) {
    next_item();
    append_string(v);
  }
  void number(std::uint64_t v) {
    next_item();
    buf_ += std::to_string(v);
  }
  void boolean(bool v) {
    next_item();
    buf_ += v ? "true" : "false";
  }
  void null() {
    next_item();
    buf_ += "null";
  }
  void end_document() {
    buf_ += '\n';
    flush();
  }

 private:
  // dump(2): a non-empty container puts each item on its own line, indented
  // two spaces per level, and its closing bracket on a line of its own; an
  // empty one is "{}" or "[]".  Whether a container is empty is known only
  // at its first item, so the newline after the opening bracket waits.
  void next_item() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (open_.empty()) return;
    buf_ += open_.back() ? ",\n" : "\n";
    open_.back() = true;
    buf_.append(2 * open_.size(), ' ');
  }
  void open(char bracket) {
    next_item();
    buf_ += bracket;
    open_.push_back(false);
  }
  void close(char bracket) {
    const bool had_items = open_.back();
    open_.pop_back();
    if (had_items) {
      buf_ += '\n';
      buf_.append(2 * open_.size(), ' ');
    }
    buf_ += bracket;
    if (buf_.size() >= block) flush();
  }
  void append_string(std::string_view s) {
    buf_ += json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
    if (buf_.size() >= block) flush();
  }
  void flush() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), out_);
    buf_.clear();
  }

  static constexpr std::size_t block = 64 * 1024;
  std::FILE* out_;
  std::string buf_;
  std::vector<bool> open_;  // per open container: has it an item yet
  bool after_key_ = false;
};

void write_error(pretty_writer& w, const puny::status& e) {
  w.begin_object();
  w.key("error");
  w.string(puny::to_string(e.code));
  w.key("code");
  const std::string_view code = idna::uts46_code(e);
  if (code.empty())
    w.null();
  else
    w.string(code);
  w.key("offset");
  w.number(e.offset);
  w.key("label");
  w.number(e.label);
  w.key("code_point");
  if (e.has_code_point())
    w.string(code_point_name(e.code_point));
  else
    w.null();
  w.end_object();
}

void write_errors(pretty_writer& w, std::string_view name, const std::vector<puny::status>& errors) {
  w.key(name);
  w.begin_array();
  for (const auto& e : errors) write_error(w, e);
  w.end_array();
}

void write_trace_json(const idna::trace& t, std::string_view input, bool url_family) {
  pretty_writer w(stdout);
  w.begin_object();
  w.key("input");
  w.string(input);
  w.key("url_ascii_pass");
  w.boolean(t.url_ascii_pass);
  w.key("mappings");
  w.begin_array();
  for (const auto& m : t.mappings) {
    w.begin_object();
    w.key("offset");
    w.number(m.offset);
    w.key("code_point");
    w.string(code_point_name(m.code_point));
    w.key("status");
    w.string(m.status);
    w.key("replacement");
    w.string(utf8_of(m.replacement));
    w.end_object();
  }
  w.end_array();
  w.key("mapped");
  w.string(utf8_of(t.mapped));
  w.key("normalized");
  w.string(utf8_of(t.normalized));
  w.key("labels");
  w.begin_array();
  for (const auto& l : t.labels) {
    w.begin_object();
    w.key("text");
    w.string(utf8_of(l.text));
    w.key("ace");
    w.boolean(l.ace);
    w.key("decoded");
    if (l.ace)
      w.string(utf8_of(l.decoded));
    else
      w.null();
    write_errors(w, "errors", l.errors);
    w.key("ascii");
    w.string(l.ascii);
    w.end_object();
  }
  w.end_array();
  write_errors(w, "domain_errors", t.domain_errors);
  w.key("output");
  if (t.result.ok())
    w.string(t.result.output);
  else
    w.null();
  w.key("best_effort");
  w.string(t.result.best_effort);
  if (url_family) write_errors(w, "validation_errors", t.result.validation_errors);
  w.end_object();
  w.end_document();
}

int explain_to_ascii(const idna_explain_settings& s) {
  if (s.selected().family == puny::preset_family::idna2008) {
    // A usage error, as for any option this command cannot honour.
    std::fprintf(stderr, "puny: explain to-ascii traces the UTS #46 presets; --preset %s is IDNA2008 "
                         "(use puny to-ascii --preset %s --json for its verdict)\n",
                 s.preset.c_str(), s.preset.c_str());
    return 2;
  }
  const idna::options opt = s.options();
  const idna::trace t = idna::explain_to_ascii(s.domain, opt);
  if (s.json) {
    write_trace_json(t, s.domain, opt.url_family());
    std::fflush(stdout);
    return t.result.ok() ? exit_ok : exit_failed;
  }
  // The text leaves in blocks of 64 KiB, as the JSON does: a name of many
  // labels holds the trace, not its text as well.
  std::string out;
  auto line = [&](const std::string& x) {
    out += x;
    out += '\n';
    if (out.size() >= 64 * 1024) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  };
  line("UTS #46 ToASCII of \"" + s.domain + "\" (Unicode " +
       std::string(puny::unicode::unicode_version) + ", " +
       (opt.transitional_processing ? "transitional" : "nontransitional") + ")");
  line("");
  if (t.url_ascii_pass) {
    line("URL Standard (--preset " + s.preset + "): the input is all ASCII, so the result is");
    line("the input ASCII-lowercased whatever UTS #46 ToASCII says (whatwg/url#914); then");
    line("the URL checks: not empty, no forbidden domain code point.");
    line("");
  }
  line("1. Map (section 4 step 1):");
  if (t.mappings.empty()) line("   every code point is valid as it is");
  for (const auto& m : t.mappings) {
    std::string what = m.replacement.empty() ? std::string("removed")
                                             : "-> \"" + utf8_of(m.replacement) + "\"";
    if (m.status == "disallowed" || (m.status == "deviation" && !opt.transitional_processing))
      what = "kept (" + std::string(m.status == "disallowed" ? "fails V7 later" : "valid in nontransitional processing") + ")";
    line("   byte " + std::to_string(m.offset) + ": " + shown(m.code_point) + " " +
         std::string(m.status) + ", " + what);
  }
  line("   result: \"" + utf8_of(t.mapped) + "\"");
  line("");
  line("2. Normalize to NFC (step 2): \"" + utf8_of(t.normalized) + "\"" +
       (t.normalized == t.mapped ? " (unchanged)" : ""));
  line("");
  line("3. Break at U+002E (step 3): " + std::to_string(t.labels.size()) + " label(s)");
  line("");
  line("4. Convert and validate each label (step 4, section 4.1), then ToASCII (section 4.2):");
  for (std::size_t k = 0; k < t.labels.size(); ++k) {
    const auto& l = t.labels[k];
    line("   label " + std::to_string(k) + ": \"" + utf8_of(l.text) + "\"");
    if (l.ace) line("      xn-- label, Punycode-decoded to \"" + utf8_of(l.decoded) + "\"");
    if (l.errors.empty()) {
      line("      validity checks: all passed");
    } else {
      for (const auto& e : l.errors) line("      failed: " + error_text(e));
    }
    line("      ToASCII: \"" + l.ascii + "\"");
  }
  for (const auto& e : t.domain_errors) line("   domain: failed: " + error_text(e));
  line("");
  if (opt.url_family()) {
    // The domain parser's strict ToASCII (steps 1-2): non-fatal.
    if (t.result.validation_errors.empty())
      line("URL Standard validation errors (strict ToASCII): none");
    for (const auto& e : t.result.validation_errors)
      line("URL Standard validation error (strict ToASCII, non-fatal): " + error_text(e));
  }
  if (t.result.ok())
    line("Result: " + t.result.output);
  else
    line("Failed: " + error_text(t.result.errors.first) + " (best effort: \"" + t.result.best_effort + "\")");
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return t.result.ok() ? exit_ok : exit_failed;
}

int explain(const explain_settings& s, bool decoding) {
  const trace t = decoding ? run_decode(s.text) : run_encode(s.text);
  if (s.json) {
    const std::string text = to_json(t).dump(2) + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else {
    print_text(t);
  }
  std::fflush(stdout);
  return t.status ? exit_ok : exit_failed;
}

}  // namespace

void add_explain_command(CLI::App& app, action& selected) {
  auto* cmd = app.add_subcommand("explain", "Show the Punycode algorithm's steps for one input");
  cmd->require_subcommand(1);
  cmd->footer(
      "Examples:\n"
      "  puny explain encode 3年B組金八先生      deltas 62042, 139, 16683, 34821, 14592, 42088\n"
      "  puny explain decode 3B-ww4c5e180e575a65lsy2b\n"
      "  puny explain encode --json bücher\n"
      "  puny explain to-ascii Faß.DE                 map, NFC, labels, checks, Punycode\n"
      "  puny explain to-ascii --transitional faß.de");
  static explain_settings encode_settings, decode_settings;
  auto* enc = cmd->add_subcommand("encode", "Trace RFC 3492 section 6.3 encoding of TEXT (UTF-8)");
  enc->add_option("TEXT", encode_settings.text, "Text to encode")->required();
  enc->add_flag("--json", encode_settings.json, "Print the trace as one JSON document");
  enc->callback([&selected] { selected = [] {
      encode_settings.text = verbatim_argument(encode_settings.text);
      return explain(encode_settings, false);
    }; });
  auto* dec = cmd->add_subcommand("decode", "Trace RFC 3492 section 6.2 decoding of TEXT (ASCII)");
  dec->add_option("TEXT", decode_settings.text, "Punycode to decode (no xn-- prefix)")->required();
  dec->add_flag("--json", decode_settings.json, "Print the trace as one JSON document");
  dec->callback([&selected] { selected = [] {
      decode_settings.text = verbatim_argument(decode_settings.text);
      return explain(decode_settings, true);
    }; });
  static idna_explain_settings ascii_settings;
  auto* asc = cmd->add_subcommand("to-ascii", "Trace UTS #46 ToASCII of DOMAIN: map, NFC, labels, checks");
  asc->add_option("DOMAIN", ascii_settings.domain, "Domain name (UTF-8)")->required();
  asc->add_flag("--json", ascii_settings.json, "Print the trace as one JSON document");
  add_idna_flags(*asc, ascii_settings);
  asc->callback([&selected] { selected = [] {
      ascii_settings.domain = verbatim_argument(ascii_settings.domain);
      return explain_to_ascii(ascii_settings);
    }; });
}

}  // namespace puny::cli

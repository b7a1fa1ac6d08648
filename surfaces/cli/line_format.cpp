// puny CLI: the text of each converted input (line_format.hpp): plain
// output lines, error messages with their escapes, and the --json objects.
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "line_format.hpp"
#include "output_sink.hpp"
#include "puny/unicode.hpp"

namespace puny::cli {
std::string code_point_string(char32_t c) {
  char tmp[16];
  const int len = std::snprintf(tmp, sizeof tmp, "U+%04X", static_cast<unsigned>(c));
  return std::string(tmp, static_cast<std::size_t>(len));
}

namespace {

void append_number(std::string& out, std::size_t n) {
  char tmp[24];  // std::to_chars: snprintf cost about 1,300 instructions a line of hunt --json
  const std::to_chars_result r = std::to_chars(tmp, tmp + sizeof tmp, n);
  out.append(tmp, static_cast<std::size_t>(r.ptr - tmp));
}

void append_code_point(std::string& out, char32_t c) {
  char tmp[16];
  const int len = std::snprintf(tmp, sizeof tmp, "U+%04X", static_cast<unsigned>(c));
  out.append(tmp, static_cast<std::size_t>(len));
}

// puny: line 3: disallowed (V7) at byte 4 (label 0, U+00A0) in "a\u00a0b"
void append_message(std::string& err, const char* what, std::size_t number, const problem& p,
                    std::string_view input) {
  err += "puny: ";
  err += what;
  err += ' ';
  append_number(err, number);
  err += ": ";
  err += p.name;
  if (!p.uts46.empty()) {
    err += " (";
    err += p.uts46;
    err += ')';
  }
  err += " at byte ";
  append_number(err, p.offset);
  if (p.has_label || p.has_code_point()) {
    err += " (";
    if (p.has_label) {
      err += "label ";
      append_number(err, p.label);
      if (p.has_code_point()) err += ", ";
    }
    if (p.has_code_point()) append_code_point(err, p.code_point);
    err += ')';
  }
  err += " in \"";
  append_escaped(err, input);
  err += '"';
  if (!p.hint.empty()) {
    err += "; ";
    err += p.hint;
  }
  err += '\n';
}

using json = nlohmann::ordered_json;

json details_json(const std::vector<problem>& problems, json_shape shape) {
  json list = json::array();
  for (const problem& p : problems) {
    json d;
    d["error"] = std::string(p.name);
    const bool idna_like = shape != json_shape::punycode;
    d["code"] = p.uts46.empty() ? json(nullptr) : json(std::string(p.uts46));
    d["offset"] = p.offset;
    if (idna_like) d["label"] = p.has_label ? json(p.label) : json(nullptr);
    d["code_point"] = p.has_code_point() ? json(code_point_string(p.code_point)) : json(nullptr);
    list.push_back(std::move(d));
  }
  return list;
}

// JSON object for one input; see the --json description in puny.cpp.
void append_json(std::string& out, std::size_t number, std::string_view input,
                 const outcome& r, json_shape shape, const spill_fn* spill) {
  if (shape == json_shape::hunt) {
    // One object per matching name of the line (docs/hunt.md); a line that
    // could not be read: one object with its error and byte offset.
    if (!r.ok) {
      json j;
      j["line"] = number;
      const problem* p = r.problems.empty() ? nullptr : &r.problems.front();
      j["error"] = p ? std::string(p->name) : std::string("unknown_error");
      j["offset"] = p ? p->offset : 0;
      out += j.dump(-1, ' ', false, json::error_handler_t::replace);
      out += '\n';
      return;
    }
    // Each matching name's object is written by the processor: to
    // outcome::json_out, which the drivers set, else to extra_json.
    out += r.extra_json;
    return;
  }
  json j;
  j["line"] = number;
  j["input"] = std::string(input);
  j["output"] = r.ok ? json(r.output) : json(nullptr);
  // best_effort: the output on success; on failure the profile's
  // best-effort result (UTS #46 section 4.3), or null where it has none
  // (IDNA2008, input modes that fail before converting).
  if (shape == json_shape::idna)
    j["best_effort"] = r.ok ? json(r.output) : r.has_best_effort ? json(r.best_effort) : json(nullptr);
  json errors = json::array();
  for (const problem& p : r.problems) {
    // IDNA: the UTS #46 codes, each once; an error without a UTS #46 code
    // (e.g. invalid_utf8) is listed under its puny name.
    const std::string_view name =
        (shape != json_shape::punycode && !p.uts46.empty()) ? p.uts46 : p.name;
    bool seen = false;
    for (const auto& e : errors) seen = seen || e.get_ref<const std::string&>() == name;
    if (!seen) errors.push_back(std::string(name));
  }
  j["errors"] = std::move(errors);
  const problem* first = r.ok || r.problems.empty() ? nullptr : &r.problems.front();
  if (shape != json_shape::punycode)
    j["label"] = first && first->has_label ? json(first->label) : json(nullptr);
  j["offset"] = first ? json(first->offset) : json(nullptr);
  j["details"] = details_json(r.problems, shape);
  if (shape == json_shape::idna && r.has_validation)
    j["validation_errors"] = details_json(r.validation, shape);
  // display: the decision's own members (profile, labels, ...), made by the
  // subcommand as a JSON object.
  // Ill-formed UTF-8 in the input (or anywhere) becomes U+FFFD: JSON text
  // cannot carry raw bytes.
  out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (!r.extra_json.empty() || r.write_extra) {
    // Spliced as text before the closing brace: parsing it into a tree
    // again cost hundreds of bytes per input byte (issue 44).
    out.pop_back();
    out += ',';
    if (r.write_extra) {
      // A long input: its members are written in blocks (issue 44).
      if (spill != nullptr && out.size() >= flush_limit) (*spill)(out);
      r.write_extra(out, spill);
    } else {
      out += r.extra_json;
    }
    out += '}';
  }
  out += '\n';
}

// Invisible or layout-changing code points, shown as \uXXXX in messages so
// that the reader sees them (they are often the reason an IDNA input fails):
}  // namespace


// One converted input as the command prints it: its output line (or JSON
// object) on `out`, its error message on `err`.
void format_line(const io_settings& s, json_shape shape, std::string_view input, const char* what,
                 std::size_t number, const outcome& r, std::string& out, std::string& err,
                 const spill_fn* spill) {
  if (s.json) {
    append_json(out, number, input, r, shape, spill);
  } else if (r.silent) {
    // hunt: nothing matched, nothing to print.
  } else if (shape == json_shape::hunt) {
    // hunt: each output line (one per matching name) starts with the
    // input's line number.
    std::size_t start = 0;
    for (;;) {
      std::size_t nl = r.output.find('\n', start);
      out += std::to_string(number);
      out += '\t';
      out.append(r.output, start, nl == std::string::npos ? std::string::npos : nl - start);
      out += '\n';
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  } else {
    // A failed input prints an empty line: output line N always belongs
    // to input line N.
    if (r.ok) out += r.output;
    out += '\n';
  }
  if (!r.ok && !s.quiet) {
    static const problem unknown{"unknown_error", {}, 0, false, 0, 0, {}};
    append_message(err, what, number, r.problems.empty() ? unknown : r.problems.front(), input);
  }
}

}  // namespace puny::cli

// puny CLI: --email, --url and --field: convert one part of each input line
// and keep every other byte as it is.
//
// Each mode finds the part to convert (a span of the line), hands it to the
// command's converter, and splices the result back.  Error offsets from the
// converter are shifted so that they count bytes in the whole line.  A line
// the mode cannot take apart fails with a mode error (not_an_email,
// not_a_url, ...) instead of being converted as a whole.
#include <string>
#include <string_view>
#include <utility>

#include "cli.hpp"

namespace puny::cli {
namespace {

// Where the part to convert is, or why there is none.  A quoted CSV field
// is converted unquoted and written back quoted.
struct located {
  std::string_view error;  // empty on success
  std::size_t error_offset = 0;
  std::size_t begin = 0;   // the part: line[begin, end)
  std::size_t end = 0;
  bool quoted = false;     // line[begin, end) is a CSV quoted field, quotes included
  bool convert = true;     // false: keep the line as it is (an IP literal host)
};

located fail(std::string_view error, std::size_t at) {
  located l;
  l.error = error;
  l.error_offset = at;
  return l;
}

// --email: the domain is everything after the last '@' (RFC 5321 section
// 4.1.2: a quoted local part may itself hold '@').
located locate_email(std::string_view line) {
  const std::size_t at = line.rfind('@');
  if (at == std::string_view::npos) return fail("not_an_email", 0);
  located l;
  l.begin = at + 1;
  l.end = line.size();
  return l;
}

constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// --url: scheme "://" [userinfo "@"] host [":" port] [path, query, fragment]
// (RFC 3986 section 3; special schemes of the URL Standard look the same).
// Only the host is converted; an IP literal ("[::1]") is kept.
located locate_url(std::string_view line) {
  // RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  std::size_t i = 0;
  if (line.empty() || !is_alpha(line[0])) return fail("not_a_url", 0);
  while (i < line.size() &&
         (is_alpha(line[i]) || is_digit(line[i]) || line[i] == '+' || line[i] == '-' ||
          line[i] == '.'))
    ++i;
  if (line.compare(i, 3, "://") != 0) return fail("not_a_url", i);
  const std::size_t authority = i + 3;
  std::size_t authority_end = line.find_first_of("/?#", authority);
  if (authority_end == std::string_view::npos) authority_end = line.size();
  const std::string_view auth = line.substr(authority, authority_end - authority);
  const std::size_t at = auth.rfind('@');
  const std::size_t host = authority + (at == std::string_view::npos ? 0 : at + 1);
  located l;
  l.begin = host;
  if (host < authority_end && line[host] == '[') {
    const std::size_t close = line.find(']', host);
    if (close == std::string_view::npos || close >= authority_end)
      return fail("not_a_url", host);
    l.end = close + 1;
    l.convert = false;
  } else {
    const std::size_t colon = line.find(':', host);
    l.end = colon != std::string_view::npos && colon < authority_end ? colon : authority_end;
  }
  if (l.end == l.begin) return fail("empty_host", host);
  if (l.end < authority_end) {
    // ":" port: RFC 3986 section 3.2.3, digits only (may be empty).
    if (line[l.end] != ':') return fail("not_a_url", l.end);
    for (std::size_t k = l.end + 1; k < authority_end; ++k)
      if (!is_digit(line[k])) return fail("invalid_port", k);
  }
  return l;
}

// --field N: the N-th field (1-based) of a line split at `delim`.  CSV
// quoting (RFC 4180 section 2): a field that starts with '"' runs to the
// next '"' not doubled, and must be followed by the delimiter or the end of
// the line.  A quote inside an unquoted field is kept as data in other
// fields, but makes the converted field an error (it cannot be told apart
// from broken quoting).
located locate_field(std::string_view line, std::size_t field, char delim) {
  std::size_t pos = 0;
  for (std::size_t k = 1;; ++k) {
    located l;
    l.begin = pos;
    if (pos < line.size() && line[pos] == '"') {
      std::size_t q = pos + 1;
      for (;;) {
        q = line.find('"', q);
        if (q == std::string_view::npos) return fail("unterminated_quote", pos);
        if (q + 1 < line.size() && line[q + 1] == '"') {
          q += 2;
          continue;
        }
        break;
      }
      l.end = q + 1;
      l.quoted = true;
      if (l.end < line.size() && line[l.end] != delim) return fail("text_after_quote", l.end);
    } else {
      l.end = line.find(delim, pos);
      if (l.end == std::string_view::npos) l.end = line.size();
      if (k == field) {
        const std::size_t quote = line.find('"', pos);
        if (quote < l.end) return fail("quote_in_unquoted_field", quote);
      }
    }
    if (k == field) return l;
    if (l.end >= line.size()) return fail("missing_field", line.size());
    pos = l.end + 1;
  }
}

// "a""b" -> a"b
std::string unquote(std::string_view quoted) {
  std::string out;
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    out += quoted[i];
    if (quoted[i] == '"') ++i;
  }
  return out;
}

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string splice(std::string_view line, const located& l, std::string_view converted) {
  std::string out(line.substr(0, l.begin));
  if (l.quoted)
    append_quoted(out, converted);
  else
    out += converted;
  out += line.substr(l.end);
  return out;
}

}  // namespace

processor with_input_mode(const mode_settings& m, processor inner) {
  if (m.mode == input_mode::whole) return inner;
  return [m, inner = std::move(inner)](std::string_view line, bool detailed, outcome& out) {
    located l;
    switch (m.mode) {
      case input_mode::email: l = locate_email(line); break;
      case input_mode::url: l = locate_url(line); break;
      case input_mode::field: l = locate_field(line, m.field, m.delimiter); break;
      case input_mode::whole: break;
    }
    if (!l.error.empty()) {
      out.ok = false;
      problem p;
      p.name = l.error;
      p.offset = l.error_offset;
      out.problems.push_back(p);
      return;
    }
    if (!l.convert) {
      out.output.assign(line.data(), line.size());
      return;
    }
    const std::string unquoted = l.quoted ? unquote(line.substr(l.begin, l.end - l.begin)) : "";
    const std::string_view part =
        l.quoted ? std::string_view(unquoted) : line.substr(l.begin, l.end - l.begin);
    inner(part, detailed, out);
    // Offsets in the part -> offsets in the line (inside a quoted field:
    // past the opening quote; a doubled quote before the error shifts it by
    // one byte per pair).
    for (problem& p : out.problems) p.offset += l.begin + (l.quoted ? 1 : 0);
    for (problem& p : out.validation) p.offset += l.begin + (l.quoted ? 1 : 0);
    if (out.ok) out.output = splice(line, l, out.output);
    if (out.has_best_effort) out.best_effort = splice(line, l, out.best_effort);
  };
}

}  // namespace puny::cli

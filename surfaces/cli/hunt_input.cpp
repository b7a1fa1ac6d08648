// puny CLI: the names of one `puny hunt` input line (hunt_input.hpp).  A
// certstream line that cannot be read fails with its reason and byte
// instead of vanishing with every name in it (issue 50).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "hunt_input.hpp"

#include "puny/unicode.hpp"

namespace puny::cli {
namespace {

using json = nlohmann::json;

// A certificate's name as a host name: "*.example.com" -> "example.com".
std::string_view unwild(std::string_view s) {
  if (s.size() > 2 && s[0] == '*' && s[1] == '.') s.remove_prefix(2);
  return s;
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// The end of the JSON value that starts `text` (an object or an array the
// parser read whole): the byte after its closing bracket.
std::size_t value_end(std::string_view text) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return text.size();
}

// Whether text[at...] is an escaped high surrogate ("\\uD800".."\\uDBFF").
bool is_high_surrogate_escape(std::string_view text, std::size_t at) {
  if (at + 6 > text.size() || text.substr(at, 2) != "\\u") return false;
  const char d = static_cast<char>(text[at + 3] | 0x20);
  return (text[at + 2] | 0x20) == 'd' && d >= '8' && d <= 'b';
}

// nlohmann's parse_error as one of ours, at the byte where the trouble
// starts.  Its `byte` is the 1-based index of the last byte read (the
// length plus one at the end of the text).
hunt_line_error parse_failure(const json::parse_error& e, std::string_view text) {
  hunt_line_error error;
  const std::string what = e.what();
  std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
  if (contains(what, "ill-formed UTF-8")) {
    error.name = "invalid_utf8";
  } else if (contains(what, "surrogate")) {
    // The escape that has no pair: the last \u read, or the high
    // surrogate just before it.
    error.name = "lone_surrogate";
    const std::size_t k = text.rfind("\\u", at == 0 ? 0 : at - 1);
    if (k != std::string_view::npos)
      at = !is_high_surrogate_escape(text, k) && k >= 6 && is_high_surrogate_escape(text, k - 6) ? k - 6 : k;
  } else if (e.byte > text.size() || contains(what, "unexpected end of input") ||
             contains(what, "missing closing quote")) {
    error.name = "truncated_json";
  } else if (contains(what, "expected end of input")) {
    // A whole value, then more: the first byte of the more.
    error.name = "text_after_json";
    at = value_end(text);
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  } else {
    error.name = "invalid_json";
  }
  error.offset = at;
  return error;
}

// all_domains of a certstream certificate_update message, at the top (as
// some relays write it) or under data.leaf_cert; null when there is none.
const json* all_domains_of(const json& j) {
  if (j.contains("all_domains")) return &j["all_domains"];
  const auto data = j.find("data");
  if (data == j.end() || !data->is_object()) return nullptr;
  const auto leaf = data->find("leaf_cert");
  if (leaf == data->end() || !leaf->is_object()) return nullptr;
  const auto names = leaf->find("all_domains");
  return names == leaf->end() ? nullptr : &*names;
}

hunt_line certstream_names(std::string_view line, std::size_t start, std::vector<std::string>& out,
                           hunt_line_error& error) {
  json j;
  try {
    j = json::parse(line.begin(), line.end());
  } catch (const json::parse_error& e) {
    error = parse_failure(e, line);
    error.offset += start;
    return hunt_line::failed;
  }
  error.offset = start;
  if (!j.is_object()) {
    error.name = "not_a_certificate";
    return hunt_line::failed;
  }
  const auto type = j.find("message_type");
  if (type != j.end() && type->is_string() && type->get_ref<const std::string&>() == "heartbeat")
    return hunt_line::skipped;
  if (type != j.end() && !(type->is_string() && type->get_ref<const std::string&>() == "certificate_update")) {
    error.name = "not_a_certificate";
    return hunt_line::failed;
  }
  const json* list = all_domains_of(j);
  if (list == nullptr) {
    error.name = "not_a_certificate";
    return hunt_line::failed;
  }
  if (!list->is_array()) {
    error.name = "invalid_all_domains";
    return hunt_line::failed;
  }
  for (const json& d : *list)
    if (!d.is_string()) {
      error.name = "invalid_all_domains";
      return hunt_line::failed;
    }
  // Each name once ("example.com" and "*.example.com" are one name); a set,
  // so that a huge array stays linear.
  std::unordered_set<std::string_view> seen;
  for (const json& d : *list) {
    const std::string_view n = unwild(d.get_ref<const std::string&>());
    if (!n.empty() && seen.insert(n).second) out.emplace_back(n);
  }
  return hunt_line::names;
}

}  // namespace

hunt_line names_of(std::string_view line, std::vector<std::string>& out, hunt_line_error& error) {
  error = hunt_line_error{};
  std::size_t start = 0;
  while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
  std::string_view rest = line.substr(start);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
    rest.remove_suffix(1);
  if (rest.empty() || rest[0] == ';' || rest[0] == '#' || rest[0] == '$') {
    out.clear();
    return hunt_line::names;
  }
  if (rest[0] == '{') {
    out.clear();
    return certstream_names(rest, start, out, error);
  }
  std::size_t end = 0;
  while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') ++end;
  // A name that is not UTF-8 fails its line, as a certstream message's
  // does: a match would report offsets in bytes of an input that JSON
  // shows with U+FFFD for the bad bytes.
  unsigned char high = 0;  // most names are ASCII: one pass the compiler vectorises
  for (std::size_t at = 0; at < end; ++at) high |= static_cast<unsigned char>(rest[at]);
  for (std::size_t at = 0; high >= 0x80 && at < end;) {
    if (static_cast<unsigned char>(rest[at]) < 0x80) {
      ++at;
      continue;
    }
    char32_t c = 0;
    if (!unicode::next_utf8(rest.substr(0, end), at, c)) {
      out.clear();
      error.name = "invalid_utf8";
      error.offset = start + at;
      return hunt_line::failed;
    }
  }
  // One name: the first string keeps its storage from the last line.
  out.resize(1);
  out[0].assign(rest.substr(0, end));
  return hunt_line::names;
}

}  // namespace puny::cli

// puny for DuckDB: the SQL functions of the PostgreSQL extension
// (surfaces/postgres/puny--0.1.0.sql), same names and arguments, over DuckDB's C
// extension API (duckdb_extension.h, API v1.2.0: the extension loads into
// any DuckDB from 1.2 on without being rebuilt).
//
//   punycode_encode(label), punycode_decode(punycode)       RFC 3492, one label
//   idna_to_ascii(domain [, preset]), idna_to_unicode(...)   UTS #46 / IDNA2008
//   try_...                                                  NULL instead of an error
//   idna_check(domain [, preset [, to_unicode]])             STRUCT: the first error, located
//   idna_skeleton(text)                                      UTS #39 skeleton
//   idna_display(name [, profile])                           display safety (docs/display.md)
//   idna_display_check(name [, profile])                     the decision per label, as JSON text
//   idna_presets(), idna_preset_aliases(), idna_preset_flags(), idna_display_profiles()
//                                                            the core's registries, VARCHAR[]
//   puny_version()
//
// A preset is a name or alias of the core's registry followed by flag words
// ("url", "uts46, std3"): puny::parse_preset_spec, the extension keeps no
// list of its own; a display profile is a name of the core's registry,
// ASCII case ignored as for presets (puny::display::find_profile_ignoring_case).
// NULL in gives NULL out: for idna_check's STRUCT, the struct and every field.  A conversion error is a DuckDB
// error naming the function, the error's name, UTS #46 code, byte offset,
// label and code point; the try_ variants return NULL instead (an unknown
// preset stays an error: it is a mistake in the query, not in the data).
//
// Each call converts a whole vector (up to 2,048 rows): one callback per
// vector, the library's caller-buffer functions on a buffer each thread
// reuses, so DuckDB's threads convert in parallel without allocating per row.
#define DUCKDB_EXTENSION_NAME puny
#include "duckdb_extension.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "puny.h"  // PUNY_VERSION_STRING
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

DUCKDB_EXTENSION_EXTERN

// E-mail addresses: surfaces/duckdb/puny_duckdb_email.cpp.
bool puny_register_email_functions(duckdb_connection connection);
bool puny_register_hunt_functions(duckdb_connection connection);
// Debian's Public Suffix List (surfaces/duckdb/puny_duckdb_psl.cpp): nullptr
// when not installed; *problem says why an installed file was not used.
const puny::display::public_suffix_list* puny_duckdb_suffix_list(std::string_view* problem);

namespace {

enum class operation { encode, decode, to_ascii, to_unicode, check, skeleton, display, display_check, version };

// What a registered function does; handed to every call as extra info.
struct function_kind {
  const char* name;  // the SQL name, for messages
  operation op;
  bool try_variant;  // NULL instead of a conversion error
};

// ---- Reading and writing vectors ----

std::string_view string_at(const duckdb_string_t* data, idx_t row) {
  const duckdb_string_t& s = data[row];
  const uint32_t length = s.value.inlined.length;
  if (length <= sizeof s.value.inlined.inlined) return {s.value.inlined.inlined, length};
  return {s.value.pointer.ptr, length};
}

// A VARCHAR (or BOOLEAN) argument column of the chunk.
struct column {
  explicit column(duckdb_data_chunk chunk, idx_t index)
      : vector(duckdb_data_chunk_get_vector(chunk, index)),
        data(duckdb_vector_get_data(vector)),
        validity(duckdb_vector_get_validity(vector)) {}
  bool valid(idx_t row) const { return validity == nullptr || duckdb_validity_row_is_valid(validity, row); }
  std::string_view text(idx_t row) const { return string_at(static_cast<const duckdb_string_t*>(data), row); }
  bool flag(idx_t row) const { return static_cast<const bool*>(data)[row]; }

  duckdb_vector vector;
  void* data;
  uint64_t* validity;
};

void set_null(duckdb_vector out, idx_t row) {
  duckdb_vector_ensure_validity_writable(out);
  duckdb_validity_set_row_invalid(duckdb_vector_get_validity(out), row);
}

void set_text(duckdb_vector out, idx_t row, std::string_view text) {
  duckdb_vector_assign_string_element_len(out, row, text.data(), text.size());
}

// ---- Presets ----

// The preset argument, parsed once per distinct text in a vector (it is
// almost always a constant); an unknown word is an error of the query.
class preset_cache {
 public:
  const puny::preset_spec* get(std::string_view text) {
    if (!parsed_ || text != text_) {
      text_.assign(text.data(), text.size());
      spec_ = puny::parse_preset_spec(text_);
      parsed_ = true;
    }
    return spec_.chosen != nullptr ? &spec_ : nullptr;
  }
  // "unknown IDNA preset 'x' (one of uts46, url, ...)", for the last get().
  std::string problem() const {
    std::string out;
    if (!spec_.contradicts.empty()) {
      // Both words of one flag, refused as the CLI refuses
      // --transitional --nontransitional (the core's parser says so).
      out = "IDNA flag '";
      out.append(spec_.bad_word.data(), spec_.bad_word.size());
      out += "' contradicts '";
      out.append(spec_.contradicts.data(), spec_.contradicts.size());
      out += "' before it (each flag at most once";
    } else {
      out = spec_.bad_is_preset ? "unknown IDNA preset '" : "unknown IDNA flag '";
      out.append(spec_.bad_word.data(), spec_.bad_word.size());
      out += "' (";
    }
    out += out.back() == '(' ? "presets: " : "; presets: ";
    bool first = true;
    for (const puny::preset& p : puny::presets()) {
      out += first ? "" : ", ";
      out.append(p.name.data(), p.name.size());
      first = false;
    }
    out += "; flags such as std3 or no-check-hyphens may follow)";
    return out;
  }

 private:
  bool parsed_ = false;
  std::string text_;
  puny::preset_spec spec_;
};

const puny::preset_spec& default_preset() {
  static const puny::preset_spec spec = puny::parse_preset_spec("uts46");
  return spec;
}

// ---- One conversion ----

struct converted {
  puny::status status;
  std::string_view output;  // valid until the thread's next conversion
};

// Calls a caller-buffer conversion `f(out, capacity, written)` with the
// thread's buffer, growing it when the library asks for more.  The output
// is kept on error too: ToUnicode writes its best-effort result then.
template <class F>
converted with_buffer(F&& f) {
  thread_local std::string buffer(256, '\0');
  for (;;) {
    std::size_t written = 0;
    const puny::status s = f(&buffer[0], buffer.size(), written);
    if (s.code != puny::errc::buffer_too_small) return {s, std::string_view(buffer.data(), std::min(written, buffer.size()))};
    buffer.resize(std::max(s.needed, buffer.size() * 2));
  }
}

converted from_result(puny::result<std::string>&& r) {
  thread_local std::string kept;
  kept = std::move(r.value);
  return {r.status, kept};
}

// "U+2028"
std::string code_point_text(char32_t c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

// A JSON string (RFC 8259 section 7): quotes, backslashes and control
// characters escaped; the library's text is well-formed UTF-8 already.
void append_json(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", u);
      out += escape;
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_json_or_null(std::string& out, bool present, std::string_view text) {
  if (present) append_json(out, text); else out += "null";
}

// idna_display_check's JSON: the fields of PostgreSQL's jsonb (and of
// `puny display --json`): profile, display, registrable_domain, labels with
// a_label, u_label, show_unicode, offset and findings.
void decision_json(const puny::display::decision& d, std::string_view profile, std::string& out) {
  out += "{\"profile\": ";
  append_json(out, profile);
  out += ", \"display\": ";
  append_json(out, d.display);
  out += ", \"registrable_domain\": ";
  append_json_or_null(out, !d.registrable_domain.empty(), d.registrable_domain);
  out += ", \"labels\": [";
  for (std::size_t i = 0; i < d.labels.size(); ++i) {
    const puny::display::label_verdict& l = d.labels[i];
    out += i ? ", {\"a_label\": " : "{\"a_label\": ";
    append_json(out, l.a_label);
    out += ", \"u_label\": ";
    append_json(out, l.u_label);
    out += l.show_unicode ? ", \"show_unicode\": true" : ", \"show_unicode\": false";
    out += ", \"offset\": " + std::to_string(l.offset) + ", \"findings\": [";
    for (std::size_t j = 0; j < l.findings.size(); ++j) {
      const puny::display::finding& f = l.findings[j];
      out += j ? ", {\"reason\": " : "{\"reason\": ";
      append_json(out, puny::display::to_string(f.why));
      // What the CLI's --json says beside the reason: the core's message.
      out += ", \"message\": ";
      append_json(out, puny::display::message(f.why));
      out += ", \"offset\": " + std::to_string(f.offset) + ", \"label\": " + std::to_string(f.label);
      out += ", \"code_point\": ";
      append_json_or_null(out, f.has_code_point, f.has_code_point ? code_point_text(f.code_point) : "");
      out += ", \"step\": ";
      append_json(out, f.step);
      out += ", \"similar_to\": ";
      append_json_or_null(out, !f.similar_to.empty(), f.similar_to);
      out += ", \"imitates\": ";
      append_json_or_null(out, f.imitates != 0, f.imitates != 0 ? code_point_text(f.imitates) : "");
      out += '}';
    }
    out += "]}";
  }
  out += "]}";
}

converted convert(operation op, std::string_view in, const puny::preset_spec& preset, bool to_unicode,
                  std::string_view profile) {
  switch (op) {
    case operation::encode:
      return with_buffer([in](char* out, std::size_t capacity, std::size_t& written) {
        const auto r = puny::punycode::encode_utf8(in, out, capacity);
        written = r.size;
        return r.status;
      });
    case operation::decode:
      return with_buffer([in](char* out, std::size_t capacity, std::size_t& written) {
        const auto r = puny::punycode::decode_to_utf8(in, out, capacity);
        written = r.size;
        return r.status;
      });
    case operation::to_ascii:
    case operation::to_unicode:
    case operation::check: {
      const bool unicode = op == operation::to_unicode || (op == operation::check && to_unicode);
      if (preset.chosen->family == puny::preset_family::idna2008)
        return from_result(unicode ? puny::to_unicode(in, *preset.chosen, preset.options)
                                   : puny::to_ascii(in, *preset.chosen, preset.options));
      return with_buffer([&](char* out, std::size_t capacity, std::size_t& written) {
        return unicode ? puny::idna::to_unicode(in, out, capacity, written, preset.options)
                       : puny::idna::to_ascii(in, out, capacity, written, preset.options);
      });
    }
    case operation::skeleton:
      return from_result(puny::uts39::skeleton(in));
    case operation::version:  // version_vector answers it
      break;
    case operation::display: {
      puny::display::options opt;
      opt.which = puny::display::find_profile_ignoring_case(profile)->id;
      opt.suffixes = puny_duckdb_suffix_list(nullptr);
      return from_result(puny::display::to_display(in, opt));
    }
    case operation::display_check: {
      const puny::display::profile_info& p = *puny::display::find_profile_ignoring_case(profile);
      puny::display::options opt;
      opt.which = p.id;
      opt.suffixes = puny_duckdb_suffix_list(nullptr);
      thread_local puny::display::decision d;
      thread_local std::string kept;
      const puny::status s = puny::display::decide(in, opt, d);
      kept.clear();
      if (s.ok()) decision_json(d, p.name, kept);
      return {s, kept};
    }
  }
  return {};
}

// idna_to_ascii: disallowed (V7) at byte 1 (label 0, U+2028): <description>
// `idna`: the error has a label; `source`: where it came from, which
// decides its UTS #46 code by the core's one rule (P4 for the Punycode
// functions, none under the IDNA2008 presets).
std::string describe(const char* function, const puny::status& s, bool idna, puny::error_source source) {
  std::string out = function;
  out += ": ";
  const std::string_view name = puny::to_string(s.code);
  out.append(name.data(), name.size());
  const std::string_view uts46 = puny::uts46_code(s, source);
  if (!uts46.empty()) {
    out += " (";
    out.append(uts46.data(), uts46.size());
    out += ')';
  }
  out += " at byte " + std::to_string(s.offset);
  if (idna || s.has_code_point()) {
    out += " (";
    if (idna) out += "label " + std::to_string(s.label);
    if (idna && s.has_code_point()) out += ", ";
    if (s.has_code_point()) out += code_point_text(s.code_point);
    out += ')';
  }
  const std::string_view message = puny::message(s.code);
  out += ": ";
  out.append(message.data(), message.size());
  return out;
}

// 1-based character position of byte `offset` (for substr), in UTF-8 text.
int64_t position_of(std::string_view utf8, std::size_t offset) {
  int64_t position = 1;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++position;
  return position;
}

// ---- The callbacks ----

void convert_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const auto* kind = static_cast<const function_kind*>(duckdb_scalar_function_get_extra_info(info));
  const idx_t rows = duckdb_data_chunk_get_size(input);
  const idx_t arguments = duckdb_data_chunk_get_column_count(input);
  const column text(input, 0);
  const bool has_second = arguments > 1;
  const column second = has_second ? column(input, 1) : text;
  const bool idna = kind->op == operation::to_ascii || kind->op == operation::to_unicode;
  preset_cache presets;
  std::string_view problem;
  if ((kind->op == operation::display || kind->op == operation::display_check) &&
      (puny_duckdb_suffix_list(&problem), !problem.empty())) {
    duckdb_scalar_function_set_error(info, (std::string(kind->name) + ": " + std::string(problem)).c_str());
    return;
  }
  for (idx_t row = 0; row < rows; ++row) {
    if (!text.valid(row) || (has_second && !second.valid(row))) {
      set_null(output, row);
      continue;
    }
    const puny::preset_spec* preset = &default_preset();
    std::string_view profile = "chromium";
    if (has_second && idna) {
      preset = presets.get(second.text(row));
      if (preset == nullptr) {
        duckdb_scalar_function_set_error(info, (std::string(kind->name) + ": " + presets.problem()).c_str());
        return;
      }
    } else if (has_second && (kind->op == operation::display || kind->op == operation::display_check)) {
      profile = second.text(row);
      if (puny::display::find_profile_ignoring_case(profile) == nullptr) {
        std::string message = std::string(kind->name) + ": unknown display profile '" + std::string(profile) + "' (";
        bool first = true;
        for (const auto& p : puny::display::profiles()) {
          message += first ? "" : ", ";
          message.append(p.name.data(), p.name.size());
          first = false;
        }
        duckdb_scalar_function_set_error(info, (message + ")").c_str());
        return;
      }
    }
    const std::string_view in = text.text(row);
    const converted r = convert(kind->op, in, *preset, false, profile);
    if (r.status.ok()) {
      set_text(output, row, r.output);
    } else if (kind->try_variant) {
      set_null(output, row);
    } else {
      const bool labelled = idna || kind->op == operation::display || kind->op == operation::display_check;
      const puny::error_source source =
          kind->op == operation::encode || kind->op == operation::decode ? puny::error_source::punycode
          : idna && preset->chosen->family == puny::preset_family::idna2008 ? puny::error_source::idna2008
                                                                            : puny::error_source::uts46;
      duckdb_scalar_function_set_error(info, describe(kind->name, r.status, labelled, source).c_str());
      return;
    }
  }
}

// idna_check: STRUCT(ok, error, uts46_code, label, byte_offset, position,
// code_point, output), as the PostgreSQL extension's idna_check_result.
void check_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t rows = duckdb_data_chunk_get_size(input);
  const idx_t arguments = duckdb_data_chunk_get_column_count(input);
  const column text(input, 0);
  const column preset_column = arguments > 1 ? column(input, 1) : text;
  const column unicode_column = arguments > 2 ? column(input, 2) : text;
  duckdb_vector fields[8];
  for (idx_t i = 0; i < 8; ++i) fields[i] = duckdb_struct_vector_get_child(output, i);
  auto* ok = static_cast<bool*>(duckdb_vector_get_data(fields[0]));
  auto* label = static_cast<int32_t*>(duckdb_vector_get_data(fields[3]));
  auto* byte_offset = static_cast<int32_t*>(duckdb_vector_get_data(fields[4]));
  auto* position = static_cast<int32_t*>(duckdb_vector_get_data(fields[5]));
  preset_cache presets;
  for (idx_t row = 0; row < rows; ++row) {
    if (!text.valid(row) || (arguments > 1 && !preset_column.valid(row)) ||
        (arguments > 2 && !unicode_column.valid(row))) {
      // A NULL struct with NULL fields: DuckDB reads a field
      // (idna_check(x).ok, count(...), unnest) from the child vector, which
      // still holds the previous row's value unless marked NULL itself.
      set_null(output, row);
      for (idx_t i = 0; i < 8; ++i) set_null(fields[i], row);
      continue;
    }
    const puny::preset_spec* preset = &default_preset();
    if (arguments > 1) {
      preset = presets.get(preset_column.text(row));
      if (preset == nullptr) {
        duckdb_scalar_function_set_error(info, ("idna_check: " + presets.problem()).c_str());
        return;
      }
    }
    const bool to_unicode = arguments > 2 && unicode_column.flag(row);
    const std::string_view in = text.text(row);
    const converted r = convert(operation::check, in, *preset, to_unicode, {});
    const puny::status& s = r.status;
    ok[row] = s.ok();
    if (s.ok()) {
      for (idx_t i = 1; i < 7; ++i) set_null(fields[i], row);
      set_text(fields[7], row, r.output);
      continue;
    }
    set_text(fields[1], row, puny::to_string(s.code));
    const std::string_view uts46 = puny::uts46_code(
        s, preset->chosen->family == puny::preset_family::idna2008 ? puny::error_source::idna2008
                                                                   : puny::error_source::uts46);
    if (uts46.empty()) set_null(fields[2], row); else set_text(fields[2], row, uts46);
    label[row] = static_cast<int32_t>(s.label);
    byte_offset[row] = static_cast<int32_t>(s.offset);
    position[row] = static_cast<int32_t>(position_of(in, s.offset));
    if (s.has_code_point()) set_text(fields[6], row, code_point_text(s.code_point)); else set_null(fields[6], row);
    // ToUnicode's best-effort result (U+FFFD where an error is marked,
    // UTS #46 section 4.3), as PostgreSQL's idna_check and the CLI give it;
    // ToASCII and the IDNA2008 presets have none.
    const bool best_effort = to_unicode && preset->chosen->family == puny::preset_family::uts46;
    if (best_effort) set_text(fields[7], row, r.output); else set_null(fields[7], row);
  }
}

void version_vector(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  const std::string text = std::string("puny ") + PUNY_VERSION_STRING + " (Unicode " +
                           std::string(puny::unicode::unicode_version) + ")";
  for (idx_t row = 0, rows = duckdb_data_chunk_get_size(input); row < rows; ++row) set_text(output, row, text);
}

// ---- The registries: VARCHAR[] on every row ----

// Which list a registry function returns; handed to the callback as extra info.
enum class registry { presets, preset_aliases, preset_flags, display_profiles };

struct registry_function {
  const char* name;
  registry which;
};

// The core's names, in its order: preset names; "alias=name" pairs; every
// flag word, on then off (the lists of PostgreSQL's functions of the same
// names); display profile names.
std::vector<std::string> registry_names(registry which) {
  std::vector<std::string> names;
  switch (which) {
    case registry::presets:
      for (const puny::preset& p : puny::presets()) names.emplace_back(p.name);
      break;
    case registry::preset_aliases:
      for (const puny::preset_alias& a : puny::preset_aliases())
        names.push_back(std::string(a.alias) + "=" + std::string(a.name));
      break;
    case registry::preset_flags:
      for (const puny::option_flag& f : puny::option_flags()) {
        names.emplace_back(f.on);
        names.emplace_back(f.off);
      }
      break;
    case registry::display_profiles:
      for (const puny::display::profile_info& p : puny::display::profiles()) names.emplace_back(p.name);
      break;
  }
  return names;
}

void registry_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const auto* f = static_cast<const registry_function*>(duckdb_scalar_function_get_extra_info(info));
  const std::vector<std::string> names = registry_names(f->which);
  const idx_t rows = duckdb_data_chunk_get_size(input);
  const idx_t n = names.size();
  if (duckdb_list_vector_reserve(output, rows * n) != DuckDBSuccess ||
      duckdb_list_vector_set_size(output, rows * n) != DuckDBSuccess) {
    duckdb_scalar_function_set_error(info, (std::string(f->name) + ": out of memory").c_str());
    return;
  }
  duckdb_vector child = duckdb_list_vector_get_child(output);
  auto* entries = static_cast<duckdb_list_entry*>(duckdb_vector_get_data(output));
  for (idx_t row = 0; row < rows; ++row) {
    entries[row].offset = row * n;
    entries[row].length = n;
    for (idx_t i = 0; i < n; ++i) set_text(child, row * n + i, names[i]);
  }
}

// ---- Registration ----

duckdb_logical_type type_of(duckdb_type t) { return duckdb_create_logical_type(t); }

duckdb_logical_type check_result_type() {
  duckdb_logical_type types[8] = {type_of(DUCKDB_TYPE_BOOLEAN), type_of(DUCKDB_TYPE_VARCHAR),
                                  type_of(DUCKDB_TYPE_VARCHAR), type_of(DUCKDB_TYPE_INTEGER),
                                  type_of(DUCKDB_TYPE_INTEGER), type_of(DUCKDB_TYPE_INTEGER),
                                  type_of(DUCKDB_TYPE_VARCHAR), type_of(DUCKDB_TYPE_VARCHAR)};
  const char* names[8] = {"ok", "error", "uts46_code", "label", "byte_offset", "position", "code_point", "output"};
  duckdb_logical_type result = duckdb_create_struct_type(types, names, 8);
  for (duckdb_logical_type& t : types) duckdb_destroy_logical_type(&t);
  return result;
}

// Registers `name` with one overload per argument list.
bool register_function(duckdb_connection connection, const function_kind* kind, duckdb_scalar_function_t callback,
                       duckdb_logical_type result, std::initializer_list<std::initializer_list<duckdb_type>> overloads) {
  duckdb_scalar_function_set set = duckdb_create_scalar_function_set(kind->name);
  for (const auto& parameters : overloads) {
    duckdb_scalar_function f = duckdb_create_scalar_function();
    duckdb_scalar_function_set_name(f, kind->name);
    for (const duckdb_type p : parameters) {
      duckdb_logical_type t = type_of(p);
      duckdb_scalar_function_add_parameter(f, t);
      duckdb_destroy_logical_type(&t);
    }
    duckdb_scalar_function_set_return_type(f, result);
    duckdb_scalar_function_set_function(f, callback);
    duckdb_scalar_function_set_extra_info(f, const_cast<function_kind*>(kind), nullptr);
    duckdb_add_scalar_function_to_set(set, f);
    duckdb_destroy_scalar_function(&f);
  }
  const bool ok = duckdb_register_scalar_function_set(connection, set) == DuckDBSuccess;
  duckdb_destroy_scalar_function_set(&set);
  return ok;
}

constexpr function_kind functions[] = {
    {"punycode_encode", operation::encode, false},  {"try_punycode_encode", operation::encode, true},
    {"punycode_decode", operation::decode, false},  {"try_punycode_decode", operation::decode, true},
    {"idna_to_ascii", operation::to_ascii, false},  {"try_idna_to_ascii", operation::to_ascii, true},
    {"idna_to_unicode", operation::to_unicode, false}, {"try_idna_to_unicode", operation::to_unicode, true},
    {"idna_skeleton", operation::skeleton, false},  {"idna_display", operation::display, false},
    {"idna_display_check", operation::display_check, false},
};
constexpr function_kind check_function = {"idna_check", operation::check, false};
constexpr function_kind version_function = {"puny_version", operation::version, false};
constexpr registry_function registries[] = {
    {"idna_presets", registry::presets},
    {"idna_preset_aliases", registry::preset_aliases},
    {"idna_preset_flags", registry::preset_flags},
    {"idna_display_profiles", registry::display_profiles},
};

}  // namespace

DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection connection, duckdb_extension_info info,
                            struct duckdb_extension_access* access) {
  constexpr duckdb_type text = DUCKDB_TYPE_VARCHAR;
  duckdb_logical_type varchar = type_of(text);
  bool ok = true;
  for (const function_kind& f : functions) {
    const bool takes_second = f.op == operation::to_ascii || f.op == operation::to_unicode ||
                              f.op == operation::display || f.op == operation::display_check;
    ok = ok && (takes_second ? register_function(connection, &f, convert_vector, varchar, {{text}, {text, text}})
                             : register_function(connection, &f, convert_vector, varchar, {{text}}));
  }
  duckdb_logical_type check = check_result_type();
  ok = ok && register_function(connection, &check_function, check_vector, check,
                               {{text}, {text, text}, {text, text, DUCKDB_TYPE_BOOLEAN}});
  ok = ok && register_function(connection, &version_function, version_vector, varchar, {{}});
  duckdb_logical_type list = duckdb_create_list_type(varchar);
  for (const registry_function& r : registries) {
    duckdb_scalar_function f = duckdb_create_scalar_function();
    duckdb_scalar_function_set_name(f, r.name);
    duckdb_scalar_function_set_return_type(f, list);
    duckdb_scalar_function_set_function(f, registry_vector);
    duckdb_scalar_function_set_extra_info(f, const_cast<registry_function*>(&r), nullptr);
    ok = ok && duckdb_register_scalar_function(connection, f) == DuckDBSuccess;
    duckdb_destroy_scalar_function(&f);
  }
  duckdb_destroy_logical_type(&list);
  duckdb_destroy_logical_type(&check);
  duckdb_destroy_logical_type(&varchar);
  ok = ok && puny_register_email_functions(connection);
  ok = ok && puny_register_hunt_functions(connection);
  if (!ok) access->set_error(info, "puny: registering the SQL functions failed");
  return ok;
}

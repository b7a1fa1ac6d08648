// puny for DuckDB: lookalike hunting (issue 39), the functions of the
// PostgreSQL extension's puny_pg_hunt.c, same names and arguments:
//
//   hunt_matches(name, brands [, rules [, min_score [, profile]]])
//       LIST of STRUCT(brand, rule, score, position, length, display, shown,
//       via, reason): every match of `name` against the brand list `brands`
//       (VARCHAR[], one brand line an element, docs/hunt.md); position and
//       length are characters (1-based) of the labels that matched, display
//       and shown the name's display verdict (NULL when it is not valid
//       IDNA), via a combined match's second rule (NULL for a plain match),
//       reason the core's text (hunt::reason).  Where PostgreSQL returns a
//       set of rows, DuckDB returns their list:
//         SELECT name, unnest(hunt_matches(name, (SELECT list(line) FROM brands)), recursive := true)
//   hunt_brands(the same arguments)
//       LIST of STRUCT(the same fields, also STRUCT(rule, via, score,
//       position, length)[]): the core's triage view (hunt::by_brand), one
//       element per brand matched, highest score first: its best match and
//       its other matches, highest first (PostgreSQL's also is jsonb)
//   hunt_rules()   LIST of STRUCT(name, description): the core's rule registry
//   hunt_alert_score()  INTEGER: the core's alert threshold, min_score's
//                  default (hunt::options; weak evidence scores under it,
//                  min_score 0 keeps every match)
//
// NULL name or brands gives NULL (no rows once unnested); rules '' = every
// rule.  The brand index is built once per thread and brand list: a chunk's
// rows that share the list (a constant list, as from a subquery) reuse it,
// and the next chunk compares its list with the one the index was built
// from.  The Public Suffix List is Debian's when installed (as for
// idna_display; puny_duckdb_psl.cpp reads it).  Registered by puny_duckdb.cpp's entry point.
#define DUCKDB_EXTENSION_NAME puny
#include "duckdb_extension.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puny/display.hpp"
#include "puny/hunt.hpp"

DUCKDB_EXTENSION_EXTERN

// puny_duckdb_psl.cpp: Debian's Public Suffix List when installed, else
// nullptr; *problem says why an installed file was not used.
const puny::display::public_suffix_list* puny_duckdb_suffix_list(std::string_view* problem);

namespace {

std::string_view text_at(const duckdb_string_t* data, idx_t row) {
  const duckdb_string_t& s = data[row];
  const uint32_t length = s.value.inlined.length;
  if (length <= sizeof s.value.inlined.inlined) return {s.value.inlined.inlined, length};
  return {s.value.pointer.ptr, length};
}

bool valid_at(uint64_t* validity, idx_t row) {
  return validity == nullptr || duckdb_validity_row_is_valid(validity, row);
}

void null_at(duckdb_vector out, idx_t row) {
  duckdb_vector_ensure_validity_writable(out);
  duckdb_validity_set_row_invalid(duckdb_vector_get_validity(out), row);
}

void text_to(duckdb_vector out, idx_t row, std::string_view text) {
  duckdb_vector_assign_string_element_len(out, row, text.data(), text.size());
}

int32_t characters(std::string_view utf8) {
  int32_t n = 0;
  for (const char c : utf8)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

// One input column of a chunk.
struct column {
  column(duckdb_data_chunk chunk, idx_t i)
      : vector(duckdb_data_chunk_get_vector(chunk, i)),
        data(duckdb_vector_get_data(vector)),
        validity(duckdb_vector_get_validity(vector)) {}
  bool valid(idx_t row) const { return valid_at(validity, row); }
  duckdb_vector vector;
  void* data;
  uint64_t* validity;
};

// The index of one brand list, kept per thread.
struct brand_cache {
  std::vector<std::string> lines;
  puny::hunt::brand_index index;
  bool ready = false;
};

// The brand lines of list entry `e` of `child` (NULL elements skipped) equal
// the cached ones?
bool same_lines(const brand_cache& c, const duckdb_string_t* text, uint64_t* validity,
                const duckdb_list_entry& e) {
  std::size_t n = 0;
  for (idx_t i = e.offset; i < e.offset + e.length; ++i) {
    if (!valid_at(validity, i)) continue;
    if (n >= c.lines.size() || c.lines[n] != text_at(text, i)) return false;
    ++n;
  }
  return n == c.lines.size();
}

struct match_row {
  std::string brand, rule, display;
  std::string_view via, reason;  // the registry's (static): via empty for a plain match
  int32_t score, position, length;
  bool has_verdict, shown;
};

// One brand of hunt_brands' row (puny::hunt::by_brand): indexes into the
// row's match_rows.
struct brand_row {
  std::size_t best;
  std::vector<std::size_t> also;
};

// The fields of a match in hunt_matches' struct and hunt_brands' (which
// adds `also` after them).
enum : idx_t { f_brand, f_rule, f_score, f_position, f_length, f_display, f_shown, f_via, f_reason, f_also };
// The fields of an `also` element.
enum : idx_t { a_rule, a_via, a_score, a_position, a_length };

// hunt_matches (brands_view false) and hunt_brands (true): the same search.
void hunt_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output, bool brands_view) {
  const std::string function = brands_view ? "hunt_brands: " : "hunt_matches: ";
  const idx_t rows = duckdb_data_chunk_get_size(input);
  const idx_t arguments = duckdb_data_chunk_get_column_count(input);
  const column names(input, 0), brands(input, 1);
  const auto* entries = static_cast<const duckdb_list_entry*>(brands.data);
  duckdb_vector brand_child = duckdb_list_vector_get_child(brands.vector);
  const auto* brand_text = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(brand_child));
  uint64_t* brand_validity = duckdb_vector_get_validity(brand_child);
  thread_local brand_cache cache;
  thread_local puny::hunt::report report;
  thread_local puny::hunt::triage triage;
  std::vector<std::vector<match_row>> found(rows);
  std::vector<std::vector<brand_row>> grouped(brands_view ? rows : 0);
  std::vector<bool> is_null(rows, false);
  const duckdb_list_entry* built_from = nullptr;  // this chunk's entry the index matches
  for (idx_t row = 0; row < rows; ++row) {
    bool null = !names.valid(row) || !brands.valid(row);
    for (idx_t a = 2; a < arguments && !null; ++a) null = !column(input, a).valid(row);
    if (null) {
      is_null[row] = true;
      continue;
    }
    const duckdb_list_entry& e = entries[row];
    const bool same_entry = built_from != nullptr && built_from->offset == e.offset && built_from->length == e.length;
    if (!same_entry && !(cache.ready && same_lines(cache, brand_text, brand_validity, e))) {
      std::string text;
      cache.ready = false;
      cache.lines.clear();
      for (idx_t i = e.offset; i < e.offset + e.length; ++i) {
        if (!valid_at(brand_validity, i)) continue;
        cache.lines.emplace_back(text_at(brand_text, i));
        text += cache.lines.back();
        text += '\n';
      }
      puny::display::list_error error;
      std::string_view problem;
      const puny::display::public_suffix_list* suffixes = puny_duckdb_suffix_list(&problem);
      if (!problem.empty()) {
        duckdb_scalar_function_set_error(info, (function + std::string(problem)).c_str());
        return;
      }
      if (!puny::hunt::brand_index::parse(text, "brands", cache.index, error, suffixes)) {
        duckdb_scalar_function_set_error(info, (function + error.text).c_str());
        return;
      }
      cache.ready = true;
    }
    built_from = &e;
    puny::hunt::options opt;
    if (arguments > 2) {
      const std::string_view rules = text_at(static_cast<const duckdb_string_t*>(column(input, 2).data), row);
      if (!rules.empty()) {
        opt.rules = 0;
        std::size_t start = 0;
        while (start <= rules.size()) {
          std::size_t end = rules.find_first_of(", ", start);
          if (end == std::string_view::npos) end = rules.size();
          const std::string_view word = rules.substr(start, end - start);
          if (!word.empty()) {
            const puny::hunt::rule_info* r = puny::hunt::find_rule(word);
            if (r == nullptr) {
              duckdb_scalar_function_set_error(
                  info, (function + "unknown rule \"" + std::string(word) + "\" (hunt_rules())").c_str());
              return;
            }
            opt.rules |= std::uint32_t{1} << static_cast<unsigned>(r->id);
          }
          start = end + 1;
        }
        if (opt.rules == 0) opt.rules = ~std::uint32_t{0};
      }
    }
    if (arguments > 3) opt.min_score = static_cast<const int32_t*>(column(input, 3).data)[row];
    if (arguments > 4) {
      const std::string_view name = text_at(static_cast<const duckdb_string_t*>(column(input, 4).data), row);
      const puny::display::profile_info* p = puny::display::find_profile_ignoring_case(name);
      if (p == nullptr) {
        duckdb_scalar_function_set_error(
            info, (function + "unknown display profile \"" + std::string(name) + "\" (idna_display_profiles())").c_str());
        return;
      }
      opt.profile = p->id;
    }
    const std::string_view name = text_at(static_cast<const duckdb_string_t*>(names.data), row);
    puny::hunt::find(name, cache.index, opt, report);
    for (const puny::hunt::match& m : report.matches) {
      match_row out;
      out.brand = std::string(cache.index.brand(m.brand));
      out.rule = std::string(puny::hunt::to_string(m.why));
      out.score = m.score;
      out.position = characters(name.substr(0, m.offset)) + 1;
      out.length = characters(name.substr(m.offset, m.length));
      out.has_verdict = report.verdict_status.ok();
      out.display = report.display;
      out.shown = report.all_shown;
      // A combined match's second rule and the core's reason (issue 53).
      if (m.via != puny::hunt::rule{}) out.via = puny::hunt::to_string(m.via);
      out.reason = puny::hunt::reason(m);
      found[row].push_back(std::move(out));
    }
    if (brands_view) {
      puny::hunt::by_brand(report, triage);
      for (std::size_t i = 0; i < triage.count; ++i)
        grouped[row].push_back({triage.entries[i].best, triage.entries[i].also});
    }
  }
  // hunt_matches: a list of every match; hunt_brands: a list of the best
  // match of each brand, each with the list of the others (`also`).
  idx_t total = 0, total_also = 0;
  for (idx_t row = 0; row < rows; ++row) {
    if (!brands_view) {
      total += found[row].size();
      continue;
    }
    total += grouped[row].size();
    for (const brand_row& b : grouped[row]) total_also += b.also.size();
  }
  if (duckdb_list_vector_reserve(output, total) != DuckDBSuccess ||
      duckdb_list_vector_set_size(output, total) != DuckDBSuccess) {
    duckdb_scalar_function_set_error(info, (function + "out of memory").c_str());
    return;
  }
  duckdb_vector child = duckdb_list_vector_get_child(output);
  duckdb_vector field[f_also + 1] = {};
  for (idx_t i = 0; i < (brands_view ? f_also + 1 : f_also); ++i) field[i] = duckdb_struct_vector_get_child(child, i);
  auto* score = static_cast<int32_t*>(duckdb_vector_get_data(field[f_score]));
  auto* position = static_cast<int32_t*>(duckdb_vector_get_data(field[f_position]));
  auto* length = static_cast<int32_t*>(duckdb_vector_get_data(field[f_length]));
  auto* shown = static_cast<bool*>(duckdb_vector_get_data(field[f_shown]));
  duckdb_vector also_field[a_length + 1] = {};
  duckdb_list_entry* also_entries = nullptr;
  int32_t *also_score = nullptr, *also_position = nullptr, *also_length = nullptr;
  if (brands_view) {
    if (duckdb_list_vector_reserve(field[f_also], total_also) != DuckDBSuccess ||
        duckdb_list_vector_set_size(field[f_also], total_also) != DuckDBSuccess) {
      duckdb_scalar_function_set_error(info, (function + "out of memory").c_str());
      return;
    }
    duckdb_vector also_child = duckdb_list_vector_get_child(field[f_also]);
    for (idx_t i = 0; i <= a_length; ++i) also_field[i] = duckdb_struct_vector_get_child(also_child, i);
    also_entries = static_cast<duckdb_list_entry*>(duckdb_vector_get_data(field[f_also]));
    also_score = static_cast<int32_t*>(duckdb_vector_get_data(also_field[a_score]));
    also_position = static_cast<int32_t*>(duckdb_vector_get_data(also_field[a_position]));
    also_length = static_cast<int32_t*>(duckdb_vector_get_data(also_field[a_length]));
  }
  auto* out_entries = static_cast<duckdb_list_entry*>(duckdb_vector_get_data(output));
  idx_t at = 0, also_at = 0;
  const auto put = [&](const match_row& m) {
    text_to(field[f_brand], at, m.brand);
    text_to(field[f_rule], at, m.rule);
    score[at] = m.score;
    position[at] = m.position;
    length[at] = m.length;
    if (m.has_verdict) {
      text_to(field[f_display], at, m.display);
      shown[at] = m.shown;
    } else {
      null_at(field[f_display], at);
      null_at(field[f_shown], at);
    }
    if (m.via.empty()) null_at(field[f_via], at);
    else text_to(field[f_via], at, m.via);
    text_to(field[f_reason], at, m.reason);
  };
  for (idx_t row = 0; row < rows; ++row) {
    out_entries[row].offset = at;
    out_entries[row].length = brands_view ? grouped[row].size() : found[row].size();
    if (is_null[row]) {
      null_at(output, row);
      continue;
    }
    if (!brands_view) {
      for (const match_row& m : found[row]) {
        put(m);
        ++at;
      }
      continue;
    }
    for (const brand_row& b : grouped[row]) {
      put(found[row][b.best]);
      also_entries[at].offset = also_at;
      also_entries[at].length = b.also.size();
      for (const std::size_t i : b.also) {
        const match_row& m = found[row][i];
        text_to(also_field[a_rule], also_at, m.rule);
        if (m.via.empty()) null_at(also_field[a_via], also_at);
        else text_to(also_field[a_via], also_at, m.via);
        also_score[also_at] = m.score;
        also_position[also_at] = m.position;
        also_length[also_at] = m.length;
        ++also_at;
      }
      ++at;
    }
  }
}

void hunt_matches_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  hunt_vector(info, input, output, false);
}

void hunt_brands_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  hunt_vector(info, input, output, true);
}

void rules_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t rows = duckdb_data_chunk_get_size(input);
  const auto list = puny::hunt::rules();
  const idx_t n = list.size();
  if (duckdb_list_vector_reserve(output, rows * n) != DuckDBSuccess ||
      duckdb_list_vector_set_size(output, rows * n) != DuckDBSuccess) {
    duckdb_scalar_function_set_error(info, "hunt_rules: out of memory");
    return;
  }
  duckdb_vector child = duckdb_list_vector_get_child(output);
  duckdb_vector name = duckdb_struct_vector_get_child(child, 0);
  duckdb_vector description = duckdb_struct_vector_get_child(child, 1);
  auto* entries = static_cast<duckdb_list_entry*>(duckdb_vector_get_data(output));
  for (idx_t row = 0; row < rows; ++row) {
    entries[row].offset = row * n;
    entries[row].length = n;
    for (idx_t i = 0; i < n; ++i) {
      text_to(name, row * n + i, list.first[i].name);
      text_to(description, row * n + i, list.first[i].description);
    }
  }
}

void alert_score_vector(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t rows = duckdb_data_chunk_get_size(input);
  auto* out = static_cast<int32_t*>(duckdb_vector_get_data(output));
  for (idx_t row = 0; row < rows; ++row) out[row] = puny::hunt::alert_score;
}

// LIST(STRUCT(fields)); each field's type is taken (destroyed here).
using struct_fields = std::vector<std::pair<const char*, duckdb_logical_type>>;

// LIST(STRUCT(fields)); takes (destroys) the fields' types.
duckdb_logical_type list_of_struct(const struct_fields& fields) {
  std::vector<duckdb_logical_type> types;
  std::vector<const char*> names;
  for (const auto& f : fields) {
    types.push_back(f.second);
    names.push_back(f.first);
  }
  duckdb_logical_type row = duckdb_create_struct_type(types.data(), names.data(), types.size());
  for (duckdb_logical_type& t : types) duckdb_destroy_logical_type(&t);
  duckdb_logical_type list = duckdb_create_list_type(row);
  duckdb_destroy_logical_type(&row);
  return list;
}

duckdb_logical_type type(duckdb_type t) { return duckdb_create_logical_type(t); }

// hunt_matches or hunt_brands (name, brands [, rules [, min_score [,
// profile]]]), as PostgreSQL's DEFAULTs make its trailing arguments
// optional; without min_score it is hunt::options' default, the alert
// threshold.
bool register_hunt(duckdb_connection connection, const char* name, duckdb_logical_type result,
                   duckdb_scalar_function_t body) {
  duckdb_logical_type varchar = type(DUCKDB_TYPE_VARCHAR);
  duckdb_logical_type varchar_list = duckdb_create_list_type(varchar);
  duckdb_logical_type integer = type(DUCKDB_TYPE_INTEGER);
  const duckdb_logical_type parameters[5] = {varchar, varchar_list, varchar, integer, varchar};
  duckdb_scalar_function_set set = duckdb_create_scalar_function_set(name);
  for (idx_t count = 2; count <= 5; ++count) {
    duckdb_scalar_function f = duckdb_create_scalar_function();
    duckdb_scalar_function_set_name(f, name);
    for (idx_t i = 0; i < count; ++i) duckdb_scalar_function_add_parameter(f, parameters[i]);
    duckdb_scalar_function_set_return_type(f, result);
    duckdb_scalar_function_set_function(f, body);
    duckdb_add_scalar_function_to_set(set, f);
    duckdb_destroy_scalar_function(&f);
  }
  const bool ok = duckdb_register_scalar_function_set(connection, set) == DuckDBSuccess;
  duckdb_destroy_scalar_function_set(&set);
  duckdb_destroy_logical_type(&integer);
  duckdb_destroy_logical_type(&varchar_list);
  duckdb_destroy_logical_type(&varchar);
  return ok;
}

// A scalar function of no arguments (hunt_rules(), hunt_alert_score()).
bool register_without_arguments(duckdb_connection connection, const char* name, duckdb_logical_type type,
                                duckdb_scalar_function_t body) {
  duckdb_scalar_function f = duckdb_create_scalar_function();
  duckdb_scalar_function_set_name(f, name);
  duckdb_scalar_function_set_return_type(f, type);
  duckdb_scalar_function_set_function(f, body);
  const bool ok = duckdb_register_scalar_function(connection, f) == DuckDBSuccess;
  duckdb_destroy_scalar_function(&f);
  return ok;
}

}  // namespace

bool puny_register_hunt_functions(duckdb_connection connection) {
  // A match: PostgreSQL's hunt_matches row, in the order of f_brand...
  const auto match_fields = [] {
    return struct_fields{{"brand", type(DUCKDB_TYPE_VARCHAR)},   {"rule", type(DUCKDB_TYPE_VARCHAR)},
                         {"score", type(DUCKDB_TYPE_INTEGER)},   {"position", type(DUCKDB_TYPE_INTEGER)},
                         {"length", type(DUCKDB_TYPE_INTEGER)},  {"display", type(DUCKDB_TYPE_VARCHAR)},
                         {"shown", type(DUCKDB_TYPE_BOOLEAN)},   {"via", type(DUCKDB_TYPE_VARCHAR)},
                         {"reason", type(DUCKDB_TYPE_VARCHAR)}};
  };
  duckdb_logical_type matches = list_of_struct(match_fields());
  // hunt_brands: the same fields and `also`, the brand's other matches
  // (PostgreSQL's jsonb array of objects with these members).
  struct_fields brand_fields = match_fields();
  brand_fields.push_back({"also", list_of_struct({{"rule", type(DUCKDB_TYPE_VARCHAR)},
                                                  {"via", type(DUCKDB_TYPE_VARCHAR)},
                                                  {"score", type(DUCKDB_TYPE_INTEGER)},
                                                  {"position", type(DUCKDB_TYPE_INTEGER)},
                                                  {"length", type(DUCKDB_TYPE_INTEGER)}})});
  duckdb_logical_type brands = list_of_struct(brand_fields);
  duckdb_logical_type rule_rows =
      list_of_struct({{"name", type(DUCKDB_TYPE_VARCHAR)}, {"description", type(DUCKDB_TYPE_VARCHAR)}});
  duckdb_logical_type integer = type(DUCKDB_TYPE_INTEGER);
  bool ok = register_hunt(connection, "hunt_matches", matches, hunt_matches_vector);
  ok = ok && register_hunt(connection, "hunt_brands", brands, hunt_brands_vector);
  ok = ok && register_without_arguments(connection, "hunt_rules", rule_rows, rules_vector);
  ok = ok && register_without_arguments(connection, "hunt_alert_score", integer, alert_score_vector);
  duckdb_destroy_logical_type(&integer);
  duckdb_destroy_logical_type(&rule_rows);
  duckdb_destroy_logical_type(&brands);
  duckdb_destroy_logical_type(&matches);
  return ok;
}

// puny for DuckDB: e-mail addresses (issue 38), the functions of the
// PostgreSQL extension's puny_pg_email.c, same names:
//
//   email_normalize(address)   the normalized address; a DuckDB error naming
//                              the core's error, byte offset and code point
//   try_email_ascii(address)   the ASCII form; NULL when the address is
//                              invalid or its local part is not ASCII
//   email_check(address)       STRUCT: valid, the error and where, every field
//
// With the library's default options (email-validator's; docs/email.md).
// NULL in gives NULL out.  Registered by puny_duckdb.cpp's entry point.
#define DUCKDB_EXTENSION_NAME puny
#include "duckdb_extension.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "puny/email.hpp"
#include "puny/idna.hpp"
#include "puny/status.hpp"

DUCKDB_EXTENSION_EXTERN

namespace {

enum class email_op { normalize, try_ascii };

std::string_view text_at(const duckdb_string_t* data, idx_t row) {
  const duckdb_string_t& s = data[row];
  const uint32_t length = s.value.inlined.length;
  if (length <= sizeof s.value.inlined.inlined) return {s.value.inlined.inlined, length};
  return {s.value.pointer.ptr, length};
}

void null_at(duckdb_vector out, idx_t row) {
  duckdb_vector_ensure_validity_writable(out);
  duckdb_validity_set_row_invalid(duckdb_vector_get_validity(out), row);
}

void text_to(duckdb_vector out, idx_t row, std::string_view text) {
  duckdb_vector_assign_string_element_len(out, row, text.data(), text.size());
}

std::string code_point_text(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

int32_t position_of(std::string_view utf8, std::size_t offset) {
  int32_t position = 1;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++position;
  return position;
}

// "email_normalize: local_part_dot at byte 2 (character 3), U+002E: <message>"
std::string describe(const char* function, std::string_view in, const puny::status& s) {
  std::string out = std::string(function) + ": " + std::string(puny::to_string(s.code));
  const std::string_view uts46 = puny::idna::uts46_code(s);
  if (!uts46.empty()) out += " (" + std::string(uts46) + ")";
  out += " at byte " + std::to_string(s.offset) + " (character " +
         std::to_string(position_of(in, s.offset)) + ")";
  if (s.has_code_point()) out += ", " + code_point_text(s.code_point);
  return out + ": " + std::string(puny::message(s.code));
}

struct input_column {
  explicit input_column(duckdb_data_chunk chunk)
      : vector(duckdb_data_chunk_get_vector(chunk, 0)),
        data(static_cast<const duckdb_string_t*>(duckdb_vector_get_data(vector))),
        validity(duckdb_vector_get_validity(vector)) {}
  bool valid(idx_t row) const { return validity == nullptr || duckdb_validity_row_is_valid(validity, row); }
  duckdb_vector vector;
  const duckdb_string_t* data;
  uint64_t* validity;
};

void text_vector(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const auto op = *static_cast<const email_op*>(duckdb_scalar_function_get_extra_info(info));
  const input_column column(input);
  puny::email::address a;  // reused row after row
  for (idx_t row = 0, rows = duckdb_data_chunk_get_size(input); row < rows; ++row) {
    if (!column.valid(row)) {
      null_at(output, row);
      continue;
    }
    const std::string_view in = text_at(column.data, row);
    const puny::status s = puny::email::validate(in, {}, a);
    if (op == email_op::try_ascii) {
      if (!s.ok() || a.ascii_email.empty()) null_at(output, row);
      else text_to(output, row, a.ascii_email);
    } else if (s.ok()) {
      text_to(output, row, a.normalized);
    } else {
      duckdb_scalar_function_set_error(info, describe("email_normalize", in, s).c_str());
      return;
    }
  }
}

constexpr const char* check_names[] = {"valid", "error", "uts46_code", "byte_offset", "position",
                                       "code_point", "display_name", "local_part", "domain",
                                       "ascii_domain", "normalized", "ascii_email", "smtputf8",
                                       "address_literal"};
constexpr idx_t check_fields = sizeof check_names / sizeof check_names[0];

void check_vector(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  const input_column column(input);
  duckdb_vector f[check_fields];
  for (idx_t i = 0; i < check_fields; ++i) f[i] = duckdb_struct_vector_get_child(output, i);
  auto* valid = static_cast<bool*>(duckdb_vector_get_data(f[0]));
  auto* byte_offset = static_cast<int32_t*>(duckdb_vector_get_data(f[3]));
  auto* position = static_cast<int32_t*>(duckdb_vector_get_data(f[4]));
  auto* smtputf8 = static_cast<bool*>(duckdb_vector_get_data(f[12]));
  auto* literal = static_cast<bool*>(duckdb_vector_get_data(f[13]));
  puny::email::address a;
  for (idx_t row = 0, rows = duckdb_data_chunk_get_size(input); row < rows; ++row) {
    if (!column.valid(row)) {
      null_at(output, row);
      for (idx_t i = 0; i < check_fields; ++i) null_at(f[i], row);
      continue;
    }
    const std::string_view in = text_at(column.data, row);
    const puny::status s = puny::email::validate(in, {}, a);
    valid[row] = s.ok();
    if (!s.ok()) {
      text_to(f[1], row, puny::to_string(s.code));
      const std::string_view uts46 = puny::idna::uts46_code(s);
      if (uts46.empty()) null_at(f[2], row); else text_to(f[2], row, uts46);
      byte_offset[row] = static_cast<int32_t>(s.offset);
      position[row] = position_of(in, s.offset);
      if (s.has_code_point()) text_to(f[5], row, code_point_text(s.code_point)); else null_at(f[5], row);
      for (idx_t i = 6; i < check_fields; ++i) null_at(f[i], row);
      continue;
    }
    for (idx_t i = 1; i <= 5; ++i) null_at(f[i], row);
    text_to(f[6], row, a.display_name);
    text_to(f[7], row, a.local_part);
    text_to(f[8], row, a.domain);
    text_to(f[9], row, a.ascii_domain);
    text_to(f[10], row, a.normalized);
    if (a.ascii_email.empty()) null_at(f[11], row); else text_to(f[11], row, a.ascii_email);
    smtputf8[row] = a.smtputf8;
    literal[row] = a.address_literal;
  }
}

bool add(duckdb_connection connection, const char* name, duckdb_scalar_function_t callback,
         duckdb_logical_type result, const email_op* op) {
  duckdb_scalar_function f = duckdb_create_scalar_function();
  duckdb_scalar_function_set_name(f, name);
  duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_scalar_function_add_parameter(f, varchar);
  duckdb_destroy_logical_type(&varchar);
  duckdb_scalar_function_set_return_type(f, result);
  duckdb_scalar_function_set_function(f, callback);
  if (op != nullptr) duckdb_scalar_function_set_extra_info(f, const_cast<email_op*>(op), nullptr);
  const bool ok = duckdb_register_scalar_function(connection, f) == DuckDBSuccess;
  duckdb_destroy_scalar_function(&f);
  return ok;
}

constexpr email_op normalize_op = email_op::normalize;
constexpr email_op try_ascii_op = email_op::try_ascii;

}  // namespace

bool puny_register_email_functions(duckdb_connection connection) {
  duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_logical_type types[check_fields];
  for (idx_t i = 0; i < check_fields; ++i) {
    const bool flag = i == 0 || i == 12 || i == 13;
    const bool number = i == 3 || i == 4;
    types[i] = duckdb_create_logical_type(flag ? DUCKDB_TYPE_BOOLEAN
                                          : number ? DUCKDB_TYPE_INTEGER
                                                   : DUCKDB_TYPE_VARCHAR);
  }
  const char* names[check_fields];
  for (idx_t i = 0; i < check_fields; ++i) names[i] = check_names[i];
  duckdb_logical_type check = duckdb_create_struct_type(types, names, check_fields);
  for (duckdb_logical_type& t : types) duckdb_destroy_logical_type(&t);
  bool ok = add(connection, "email_normalize", text_vector, varchar, &normalize_op);
  ok = ok && add(connection, "try_email_ascii", text_vector, varchar, &try_ascii_op);
  ok = ok && add(connection, "email_check", check_vector, check, nullptr);
  duckdb_destroy_logical_type(&check);
  duckdb_destroy_logical_type(&varchar);
  return ok;
}

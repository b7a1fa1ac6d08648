// puny._puny: str <-> UTF-8, and the library's byte offsets as str indices
// (the conventions are in binding.hpp).
#include <cstdint>
#include <cstring>

#include "binding.hpp"

namespace puny_python {

std::string_view utf8_of(py::handle obj, py::object& holder) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error("puny: expected str");
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (data != nullptr) return std::string_view(data, static_cast<std::size_t>(size));
  PyErr_Clear();  // lone surrogates
  holder = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(obj.ptr(), "utf-8", "surrogatepass"));
  if (!holder) throw py::error_already_set();
  return std::string_view(PyBytes_AS_STRING(holder.ptr()),
                          static_cast<std::size_t>(PyBytes_GET_SIZE(holder.ptr())));
}

std::string_view well_formed_utf8_of(py::handle obj) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error("puny: expected str");
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (data != nullptr) return std::string_view(data, static_cast<std::size_t>(size));
  PyErr_Clear();  // a lone surrogate: the first one, by its str index
  const Py_ssize_t n = PyUnicode_GET_LENGTH(obj.ptr());
  status s;
  s.code = errc::invalid_code_point;
  for (Py_ssize_t i = 0; i < n; ++i) {
    const Py_UCS4 c = PyUnicode_READ_CHAR(obj.ptr(), i);
    if (c >= 0xD800 && c <= 0xDFFF) {
      s.offset = static_cast<std::size_t>(i);
      s.code_point = static_cast<char32_t>(c);
      break;
    }
  }
  const py::object error = make_error(s, obj, false);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

bool is_ascii(std::string_view text) {
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    if (word & 0x8080808080808080u) return false;
  }
  for (; i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) >= 0x80) return false;
  return true;
}

// A new str of UTF-8 text.  ASCII text (every to_ascii and encode output,
// most host names) is copied into an ASCII str as it is, where
// PyUnicode_DecodeUTF8 would first scan it and size it.
PyObject* new_str(std::string_view utf8) {
  // One character: CPython's own shared str of it (a long name of short
  // labels, issue 44's junk line, otherwise makes one object per label).
  if (utf8.size() == 1 && static_cast<unsigned char>(utf8[0]) < 0x80) {
    PyObject* s = PyUnicode_FromOrdinal(static_cast<unsigned char>(utf8[0]));
    if (s == nullptr) throw py::error_already_set();
    return s;
  }
  if (is_ascii(utf8)) {
    PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(utf8.size()), 127);
    if (s == nullptr) throw py::error_already_set();
    if (!utf8.empty()) std::memcpy(PyUnicode_DATA(s), utf8.data(), utf8.size());
    return s;
  }
  PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "strict");
  if (s == nullptr) throw py::error_already_set();
  return s;
}

py::str str_of(std::string_view utf8) { return py::reinterpret_steal<py::str>(new_str(utf8)); }

py::str str_of(std::u32string_view text) {
  PyObject* s = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text.data(),
                                          static_cast<Py_ssize_t>(text.size()));
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

std::u32string code_points_of(py::handle obj) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error("puny: expected str");
  const Py_ssize_t n = PyUnicode_GET_LENGTH(obj.ptr());
  const int kind = PyUnicode_KIND(obj.ptr());
  const void* data = PyUnicode_DATA(obj.ptr());
  std::u32string out(static_cast<std::size_t>(n), U'\0');
  for (Py_ssize_t i = 0; i < n; ++i)
    out[static_cast<std::size_t>(i)] = static_cast<char32_t>(PyUnicode_READ(kind, data, i));
  return out;
}


status for_python(status s, std::string_view utf8, index_cursor& at) {
  // Whatever the check that stopped there (invalid_utf8 in IDNA, an invalid
  // digit in Punycode), a surrogate is the str's own defect.
  if (!s.ok() && s.offset + 2 < utf8.size() &&
      static_cast<unsigned char>(utf8[s.offset]) == 0xED &&
      (static_cast<unsigned char>(utf8[s.offset + 1]) & 0xE0) == 0xA0) {
    s.code = errc::invalid_code_point;
    s.code_point = static_cast<char32_t>(0xD000 | ((utf8[s.offset + 1] & 0x3F) << 6) |
                                         (utf8[s.offset + 2] & 0x3F));
  }
  s.offset = at(s.offset);
  return s;
}

status for_python(status s, std::string_view utf8) {
  index_cursor at(utf8);
  return for_python(s, utf8, at);
}

}  // namespace puny_python

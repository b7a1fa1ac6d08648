// puny._puny: the exception classes puny/__init__.py registers (one per
// core error name, puny/status.hpp) and the error objects made of a status.
#include <cstdint>
#include <string>

#include "binding.hpp"

namespace puny_python {

registry& types() {
  static auto* r = new registry();  // never destroyed: outlives the interpreter
  return *r;
}

py::object make_error(const status& s, py::handle input, bool idna,
                      py::object best_effort) {
  const registry& r = types();
  const auto code = static_cast<std::size_t>(s.code);
  py::object cls = code < r.by_code.size() && r.by_code[code] ? r.by_code[code] : r.base;
  if (!cls) throw py::value_error(puny::to_string(s));  // package not initialized
  // The core's UTS #46 code for every error (P4 for Punycode errors, as
  // the C API's puny_uts46_code and the CLI say); None where it has none.
  const std::string_view uts46 = puny::idna::uts46_code(s);
  std::string message = puny::to_string(s);
  if (idna) message += " (label " + std::to_string(s.label) + ")";
  return cls(message, py::str(std::string(puny::to_string(s.code))),
             uts46.empty() ? py::object(py::none()) : py::object(py::str(std::string(uts46))),
             s.offset, idna ? py::object(py::int_(s.label)) : py::object(py::none()),
             s.has_code_point() ? py::object(py::int_(static_cast<std::uint32_t>(s.code_point)))
                                : py::object(py::none()),
             py::reinterpret_borrow<py::object>(input), std::move(best_effort));
}

void set_python_error(const outcome& o) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(o.error.ptr())), o.error.ptr());
}

py::object value_or_raise(outcome o) {
  if (o.error) {
    set_python_error(o);
    throw py::error_already_set();
  }
  return std::move(o.value);
}

}  // namespace puny_python

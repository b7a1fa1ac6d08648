// puny._puny: presets and flag keywords, and the argument parsing of the
// IDNA functions written against the C API.  The keywords are the core's
// option registry (puny/presets.hpp option_flags(): each flag's field_name
// is its keyword, its field the option it sets), so a flag added to the
// core is a keyword of every IDNA function here, in its text signature
// too; surfaces/python/tests compare them with the core's vocabulary.
#include <string>
#include <unordered_map>

#include "binding.hpp"

namespace puny_python {

const puny::preset& preset_named(py::handle preset) {
  if (preset.is_none()) return puny::presets()[0];
  if (!PyUnicode_Check(preset.ptr()))
    throw py::type_error("puny: preset must be a str such as 'uts46' or 'uts46-strict'");
  const std::string name = preset.cast<std::string>();
  if (const puny::preset* p = puny::find_preset_ignoring_case(name)) return *p;
  std::string known;
  for (const puny::preset& p : puny::presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
  throw py::value_error("puny: unknown preset '" + name + "' (" + known + ")");
}

void apply_flag(bool& field, py::handle value, const char* name) {
  if (value.is_none()) return;
  if (!PyBool_Check(value.ptr()))
    throw py::type_error(std::string("puny: ") + name + " must be True, False or None");
  field = value.ptr() == Py_True;
}

namespace {

// The flag of the core's registry whose field name is `keyword`, or nullptr.
const puny::option_flag* flag_named(PyObject* keyword) {
  Py_ssize_t size = 0;
  const char* text = PyUnicode_AsUTF8AndSize(keyword, &size);
  if (text == nullptr) {
    PyErr_Clear();
    return nullptr;
  }
  const std::string_view name(text, static_cast<std::size_t>(size));
  for (const puny::option_flag& f : puny::option_flags())
    if (name == f.field_name) return &f;
  return nullptr;
}

bool is_keyword(PyObject* name, const char* keyword) {
  return keyword != nullptr && PyUnicode_CompareWithASCIIString(name, keyword) == 0;
}

}  // namespace

// pybind11's dispatcher costs about a microsecond per call with nine
// keyword defaults, far more than the conversion (tens of nanoseconds), so
// the hot functions parse their arguments here.
idna_choice parse_idna_args(const char* function, const char* first_keyword, PyObject* const* args,
                            Py_ssize_t nargs, PyObject* kwnames, PyObject*& first) {
  // The function's name for a TypeError (made only then: a std::string per
  // call would cost the single call as much as its arguments).
  const auto name_of = [function] { return std::string("puny.") + function + "()"; };
  if (nargs > 2)
    throw py::type_error(name_of() + " takes at most two positional arguments (" + std::to_string(nargs) + " given)");
  first = nargs >= 1 ? args[0] : nullptr;
  PyObject* preset = nargs == 2 ? args[1] : nullptr;
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* keyword = PyTuple_GET_ITEM(kwnames, k);
    PyObject** slot = is_keyword(keyword, "preset") ? &preset : is_keyword(keyword, first_keyword) ? &first : nullptr;
    if (slot == nullptr) continue;  // a flag, below
    if (*slot != nullptr)
      throw py::type_error(name_of() + " got multiple values for argument '" + py::str(keyword).cast<std::string>() + "'");
    *slot = args[nargs + k];
  }
  if (first == nullptr)
    throw py::type_error(name_of() + " missing its first argument" +
                         (first_keyword ? std::string(" '") + first_keyword + "'" : std::string()));
  const puny::preset& chosen = preset_named(preset != nullptr ? py::handle(preset) : py::handle(Py_None));
  puny::idna::options o = chosen.options;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* keyword = PyTuple_GET_ITEM(kwnames, k);
    if (is_keyword(keyword, "preset") || is_keyword(keyword, first_keyword)) continue;
    const puny::option_flag* flag = flag_named(keyword);
    if (flag == nullptr)
      throw py::type_error(name_of() + " got an unexpected keyword '" + py::str(keyword).cast<std::string>() + "'");
    apply_flag(o.*(flag->field), args[nargs + k], std::string(flag->field_name).c_str());
  }
  return {&chosen, o};
}

bool parse_punycode_args(const char* function, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (nargs != 1)
    throw py::type_error(std::string("puny.") + function + "() takes one text positionally");
  bool mixed_case = false;
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, k), "mixed_case") != 0)
      throw py::type_error(std::string("puny.") + function + "() takes only mixed_case=");
    apply_flag(mixed_case, args[nargs + k], "mixed_case");
  }
  return mixed_case;
}

const char* idna_docstring(const char* head, const char* doc) {
  // One string per function, made once (at module init) and kept for the
  // process: a PyMethodDef and pybind11 keep the pointer.
  static auto* made = new std::unordered_map<std::string, std::string>();
  std::string text = head;
  for (const puny::option_flag& f : puny::option_flags()) text += ", " + std::string(f.field_name) + "=None";
  text += std::string(")\n--\n\n") + doc;
  return (*made)[head].assign(text).c_str();
}

}  // namespace puny_python

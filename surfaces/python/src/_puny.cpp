// puny._puny: the Python bindings (pybind11) over the puny C++ library.
//
// puny/__init__.py is the public face; it registers its exception classes
// here (_register) and re-exports these functions.  Conventions:
//  * str in, str out.  A str is passed to the library as UTF-8; a str with
//    lone surrogates (which UTF-8 cannot hold) is passed with its surrogates
//    encoded as three bytes ("surrogatepass"), which the library rejects as
//    ill-formed at their offset, reported as invalid_code_point.
//  * Offsets in errors are indices into the Python str (code points), not
//    UTF-8 bytes: the library's byte offset is converted on the error path.
//  * Errors raise the registered puny.Error subclass for the code, carrying
//    code, uts46_code, offset, label, code_point, input and (to_unicode)
//    best_effort.  The *_many functions return the same objects instead of
//    raising them.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <system_error>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "call_guard.hpp"
#include "puny/bootstring.hpp"
#include "puny/case.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/presets.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace py = pybind11;

// E-mail addresses: surfaces/python/src/email_binding.cpp.
namespace puny_python {
void bind_email(py::module_& m);
}

namespace {

using puny::errc;
using puny::status;

// ---- registered Python types (kept for the process lifetime) ----

struct registry {
  std::vector<py::object> by_code;  // errc value -> exception class
  py::object base;                  // puny.Error
  py::object result;                // puny.Result (input, output, error)
};

registry& types() {
  static auto* r = new registry();  // never destroyed: outlives the interpreter
  return *r;
}

// ---- str <-> UTF-8 ----

// UTF-8 of a str; `holder` keeps the bytes alive when surrogates forced a
// copy.  Raises TypeError for anything but str.
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


// The code point index of byte offsets in `utf8` (well-formed except for
// surrogatepass sequences, which also start with a lead byte), for many
// offsets of one input, mostly ascending (a trace's
// mappings and errors, a decision's labels and findings): it counts on from
// the previous offset, so n offsets cost O(n + input) where index_of each
// would cost O(n * input) (issue 44: puny.display and puny.explain were
// quadratic in the number of labels).  A smaller offset starts over.
class index_cursor {
 public:
  explicit index_cursor(std::string_view utf8) : utf8_(utf8) {}
  std::size_t operator()(std::size_t offset) {
    if (offset > utf8_.size()) offset = utf8_.size();
    if (offset < byte_) byte_ = index_ = 0;
    for (; byte_ < offset; ++byte_) index_ += (static_cast<unsigned char>(utf8_[byte_]) & 0xC0) != 0x80;
    return index_;
  }

 private:
  std::string_view utf8_;
  std::size_t byte_ = 0, index_ = 0;
};

// A status from UTF-8 input, with the offset turned into a str index (by
// `at`) and a surrogatepass sequence reported as the surrogate it is.
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

// ---- errors ----

// The exception object for `s` (offset already a str index), not raised.
py::object make_error(const status& s, py::handle input, bool idna,
                      py::object best_effort = py::none()) {
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

// ---- options ----

// A preset of the core's registry (puny/presets.hpp) and the options the
// keyword flags make of it.
struct idna_choice {
  const puny::preset* preset;
  puny::idna::options options;
  bool idna2008() const noexcept { return preset->family == puny::preset_family::idna2008; }
};

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

struct flag_args {
  py::object preset, check_hyphens, check_bidi, check_joiners, use_std3_ascii_rules,
      transitional_processing, verify_dns_length, ignore_invalid_punycode, allow_underscore,
      forbid_domain_code_points;
};

idna_choice options_of(const flag_args& a) {
  const puny::preset& p = preset_named(a.preset);
  puny::idna::options o = p.options;
  apply_flag(o.check_hyphens, a.check_hyphens, "check_hyphens");
  apply_flag(o.check_bidi, a.check_bidi, "check_bidi");
  apply_flag(o.check_joiners, a.check_joiners, "check_joiners");
  apply_flag(o.use_std3_ascii_rules, a.use_std3_ascii_rules, "use_std3_ascii_rules");
  apply_flag(o.transitional_processing, a.transitional_processing, "transitional_processing");
  apply_flag(o.verify_dns_length, a.verify_dns_length, "verify_dns_length");
  apply_flag(o.ignore_invalid_punycode, a.ignore_invalid_punycode, "ignore_invalid_punycode");
  apply_flag(o.allow_underscore, a.allow_underscore, "allow_underscore");
  apply_flag(o.forbid_domain_code_points, a.forbid_domain_code_points,
             "forbid_domain_code_points");
  return {&p, o};
}

// ---- conversions: each returns the str or the (unraised) error ----

struct outcome {
  py::object value;  // str on success
  py::object error;  // puny.Error instance on failure
};

outcome idna2008_preset_one(py::handle domain, const idna_choice& choice, bool unicode);

outcome to_ascii_one(py::handle domain, const idna_choice& choice) {
  if (choice.idna2008()) return idna2008_preset_one(domain, choice, false);
  const puny::idna::options& opt = choice.options;
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  char buffer[256];
  std::size_t written = 0;
  status s = puny::idna::to_ascii(in, buffer, sizeof buffer, written, opt);
  if (s.ok()) return {str_of(std::string_view(buffer, written)), {}};
  if (s.code == errc::buffer_too_small) {
    const auto r = puny::idna::to_ascii(in, opt);
    if (r.ok()) return {str_of(r.value), {}};
    s = r.status;
  }
  return {{}, make_error(for_python(s, in), domain, true)};
}

outcome to_unicode_one(py::handle domain, const idna_choice& choice) {
  if (choice.idna2008()) return idna2008_preset_one(domain, choice, true);
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  const auto r = puny::idna::to_unicode(in, choice.options);
  py::str text = str_of(r.value);
  if (r.ok()) return {std::move(text), {}};
  return {{}, make_error(for_python(r.status, in), domain, true, std::move(text))};
}

// IDNA2008 (puny/idna2008.hpp): registration or lookup.  Its errors are
// not UTS #46 errors: uts46_code is None.
// The IDNA2008 presets by name (to_ascii / to_unicode with preset
// "idna2008" or "idna2008-lookup"): the core's conversion under the preset.
// Its errors are not UTS #46 errors: uts46_code is None.
outcome idna2008_preset_one(py::handle domain, const idna_choice& choice, bool unicode) {
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  const auto r = unicode ? puny::to_unicode(in, *choice.preset, choice.options)
                         : puny::to_ascii(in, *choice.preset, choice.options);
  if (r.ok()) return {str_of(r.value), {}};
  py::object error = make_error(for_python(r.status, in), domain, true);
  error.attr("uts46_code") = py::none();
  return {{}, std::move(error)};
}

// idna2008_register / idna2008_lookup: the same presets, with output= and
// check_bidi= as keywords.
outcome idna2008_one(py::handle domain, bool lookup, py::handle output_arg,
                     py::handle check_bidi_arg) {
  if (!PyUnicode_Check(output_arg.ptr()))
    throw py::type_error("puny: output must be a str, 'ascii' or 'unicode'");
  const std::string output = output_arg.cast<std::string>();
  if (output != "unicode" && output != "ascii")
    throw py::value_error("puny: output must be 'ascii' or 'unicode', not '" + output + "'");
  const puny::preset* p = puny::find_preset(lookup ? "idna2008-lookup" : "idna2008");
  // None keeps the preset's value (Bidi checked, as RFC 5891 sections 4.2.3.4
  // and 5.4 require), as every flag of every function.
  bool check_bidi = p->options.check_bidi;
  apply_flag(check_bidi, check_bidi_arg, "check_bidi");
  const idna_choice choice{p, p->options.with_check_bidi(check_bidi)};
  return idna2008_preset_one(domain, choice, output == "unicode");
}

// Makes a failed outcome's error object the pending Python exception.
void set_python_error(const outcome& o) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(o.error.ptr())), o.error.ptr());
}

// An outcome's str, or its error raised.
py::object value_or_raise(outcome o) {
  if (o.error) {
    set_python_error(o);
    throw py::error_already_set();
  }
  return std::move(o.value);
}

// ASCII letters carry their own case (RFC 3492 appendix A); another
// letter is encoded lowercase with its flag set when its case round-trips
// (the same rule as `puny encode --mixed-case`).
char32_t lower_of(char32_t c) {
  const char32_t l = puny::unicode::simple_lowercase(c);
  return l >= 0x80 ? l : c;
}
char32_t upper_of(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 0x20 : c;
  const char32_t u = puny::unicode::simple_uppercase(c);
  return u >= 0x80 ? u : c;
}

outcome encode_one(py::handle text, bool mixed_case) {
  if (!mixed_case) {
    py::object holder;
    const std::string_view in = utf8_of(text, holder);
    const auto r = puny::punycode::encode_utf8(in);
    if (r.ok()) return {str_of(r.value), {}};
    return {{}, make_error(for_python(r.status, in), text, false)};
  }
  std::u32string cps = code_points_of(text);
  std::vector<bool> upper(cps.size(), false);
  for (std::size_t i = 0; i < cps.size(); ++i) {
    const char32_t c = cps[i];
    if (c < 0x80) {
      upper[i] = c >= 'A' && c <= 'Z';
    } else if (puny::unicode::is_scalar_value(c)) {
      const char32_t l = lower_of(c);
      if (l != c && upper_of(l) == c) {
        cps[i] = l;
        upper[i] = true;
      }
    }
  }
  const auto r = puny::punycode::encode(cps, upper);  // offsets: code points
  if (r.ok()) return {str_of(r.value), {}};
  return {{}, make_error(r.status, text, false)};
}

outcome decode_one(py::handle text, bool mixed_case) {
  py::object holder;
  const std::string_view in = utf8_of(text, holder);
  if (!mixed_case) {
    const auto r = puny::punycode::decode_to_utf8(in);
    if (r.ok()) return {str_of(r.value), {}};
    return {{}, make_error(for_python(r.status, in), text, false)};
  }
  auto r = puny::punycode::decode_annotated(in);
  if (!r.ok()) return {{}, make_error(for_python(r.status, in), text, false)};
  std::u32string& cps = r.value.text;
  for (std::size_t i = 0; i < cps.size(); ++i)
    if (i < r.value.uppercase.size() && r.value.uppercase[i]) cps[i] = upper_of(cps[i]);
  return {str_of(cps), {}};
}

// ---- puny.Result ----
// One item of a *_many call: a tuple subclass with the fields input, output
// and error, defined here in C.  A bulk call makes and the caller later
// frees one per item, so its cost counts: a NamedTuple (a Python class)
// takes the generic subtype paths, and a struct sequence looks its field
// counts up in the type's dict on every allocation and deallocation
// (CPython 3.11 structseq.c).
PyObject* result_field(PyObject* self, void* index) {
  PyObject* v = PyTuple_GET_ITEM(self, reinterpret_cast<std::intptr_t>(index));
  Py_INCREF(v);
  return v;
}

PyGetSetDef result_fields[] = {
    {"input", result_field, nullptr, "the item as given", reinterpret_cast<void*>(0)},
    {"output", result_field, nullptr, "the conversion, or None when it failed", reinterpret_cast<void*>(1)},
    {"error", result_field, nullptr, "the puny.Error that the single call would raise, or None",
     reinterpret_cast<void*>(2)},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyTypeObject result_type = {PyVarObject_HEAD_INIT(nullptr, 0)};

// A Result of exact str and None (every successful item of a bulk call)
// can be part of no reference cycle, so it is allocated as a plain object,
// without the collector's header: making one then counts toward no
// collection.  As a collectible object it did (CPython counts every
// allocation of a collectible type, tracked or not): a young collection
// every 700 results and, for a list of 100,000, a full one, which cost a
// bulk call more than the Python loop it replaces (issue 37: about 200
// instructions a name on domains-mixed).  Any other Result (one holding an
// Error, which user code can put in a cycle, or made by the user from any
// objects) is collectible and tracked.  The type says per object which
// kind it is through tp_is_gc, the slot CPython provides for types with
// both kinds of instances; a Result never changes, so its content decides.
bool result_is_plain(PyObject* input, PyObject* output, PyObject* error) {
  return error == Py_None && PyUnicode_CheckExact(input) && (output == Py_None || PyUnicode_CheckExact(output));
}

int result_is_gc(PyObject* self) {
  PyObject* const* item = reinterpret_cast<PyTupleObject*>(self)->ob_item;
  return !result_is_plain(item[0], item[1], item[2]);
}

void result_dealloc(PyObject* self) {
  // A collectible one: tuple's own deallocator (untracks it, frees it
  // through tp_free, PyObject_GC_Del).
  if (result_is_gc(self)) return PyTuple_Type.tp_dealloc(self);
  PyObject** item = reinterpret_cast<PyTupleObject*>(self)->ob_item;
  Py_DECREF(item[0]);
  Py_DECREF(item[1]);
  Py_DECREF(item[2]);
  PyObject_Free(self);
}

// A Result of the three objects (new references stolen).
PyObject* make_result(PyObject* input, PyObject* output, PyObject* error) {
  const bool plain = result_is_plain(input, output, error);
  PyTupleObject* r = nullptr;
  if (plain) {
    void* memory = PyObject_Malloc(static_cast<std::size_t>(result_type.tp_basicsize) + 3 * sizeof(PyObject*));
    if (memory == nullptr) PyErr_NoMemory();
    else r = reinterpret_cast<PyTupleObject*>(PyObject_InitVar(static_cast<PyVarObject*>(memory), &result_type, 3));
  } else {
    r = PyObject_GC_NewVar(PyTupleObject, &result_type, 3);
  }
  if (r == nullptr) {
    Py_DECREF(input);
    Py_DECREF(output);
    Py_DECREF(error);
    return nullptr;
  }
  r->ob_item[0] = input;
  r->ob_item[1] = output;
  r->ob_item[2] = error;
  if (!plain) PyObject_GC_Track(r);
  return reinterpret_cast<PyObject*>(r);
}

// Result(iterable of three), as a struct sequence is made; also how pickle
// and copy rebuild one (result_reduce).
PyObject* result_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  PyObject* items = nullptr;
  static const char* keywords[] = {"sequence", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Result", const_cast<char**>(keywords), &items))
    return nullptr;
  PyObject* t = PySequence_Tuple(items);
  if (t == nullptr) return nullptr;
  if (PyTuple_GET_SIZE(t) != 3) {
    PyErr_Format(PyExc_TypeError, "puny.Result() takes a 3-sequence (%zd-sequence given)", PyTuple_GET_SIZE(t));
    Py_DECREF(t);
    return nullptr;
  }
  PyObject* in = PyTuple_GET_ITEM(t, 0);
  PyObject* out = PyTuple_GET_ITEM(t, 1);
  PyObject* err = PyTuple_GET_ITEM(t, 2);
  Py_INCREF(in);
  Py_INCREF(out);
  Py_INCREF(err);
  Py_DECREF(t);
  return make_result(in, out, err);
}

PyObject* result_repr(PyObject* self) {
  return PyUnicode_FromFormat("puny.Result(input=%R, output=%R, error=%R)", PyTuple_GET_ITEM(self, 0),
                              PyTuple_GET_ITEM(self, 1), PyTuple_GET_ITEM(self, 2));
}

PyObject* result_reduce(PyObject* self, PyObject*) {
  PyObject* items = PyTuple_GetSlice(self, 0, 3);
  if (items == nullptr) return nullptr;
  return Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(Py_TYPE(self)), items);
}

PyMethodDef result_methods[] = {{"__reduce__", result_reduce, METH_NOARGS, nullptr},
                                {nullptr, nullptr, 0, nullptr}};

// Readies puny.Result (once per process: a static type).
PyObject* ready_result_type() {
  if (result_type.tp_name == nullptr) {
    result_type.tp_name = "puny.Result";
    result_type.tp_basicsize = sizeof(PyTupleObject) - sizeof(PyObject*);
    result_type.tp_itemsize = sizeof(PyObject*);
    result_type.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_TUPLE_SUBCLASS | Py_TPFLAGS_HAVE_GC;
    result_type.tp_doc = "One item of a *_many call: `output` on success, else `error`.";
    result_type.tp_base = &PyTuple_Type;
    result_type.tp_getset = result_fields;
    result_type.tp_methods = result_methods;
    result_type.tp_new = result_new;
    result_type.tp_repr = result_repr;
    result_type.tp_traverse = PyTuple_Type.tp_traverse;
    result_type.tp_dealloc = result_dealloc;
    result_type.tp_free = PyObject_GC_Del;  // collectible ones (tuple's deallocator calls it)
    result_type.tp_is_gc = result_is_gc;
    if (PyType_Ready(&result_type) < 0) return nullptr;
    PyObject* match_args = Py_BuildValue("(sss)", "input", "output", "error");
    if (match_args == nullptr || PyDict_SetItemString(result_type.tp_dict, "__match_args__", match_args) < 0) {
      Py_XDECREF(match_args);
      return nullptr;
    }
    Py_DECREF(match_args);
    PyType_Modified(&result_type);
  }
  Py_INCREF(&result_type);
  return reinterpret_cast<PyObject*>(&result_type);
}

// ---- bulk: one Result(input, output, error) per item ----
// Nothing is raised for a bad name (TypeError for an item that is not a
// str).  The whole point of a bulk call is to cost less than a loop of
// single calls (issue 37), so per item it does only what the conversion
// needs: the str's own UTF-8 is read in place, the conversion writes into
// a buffer reused from item to item (a native conversion, below), an
// unchanged name is returned as the same str, an output str is made from
// ASCII by a copy (new_str), and the Result is a plain object (above).
// Every item the native conversion does not vouch for (an error, lone
// surrogates, not a str) is converted again by the single call (`one`),
// which builds exactly the error the user would see.  The cyclic
// collector is left alone: it is process-wide state, and switching it off
// for the call would switch it off for every other thread too.

// A conversion's output, reused across items: a buffer that grows to the
// longest output (the caller-buffer forms of the core), or the text of an
// allocating form.
class scratch {
 public:
  // write(out, capacity, written) -> status; again with the size needed
  // when the buffer was too small.
  template <class Write>
  bool run(Write&& write, std::string_view& output) {
    std::size_t written = 0;
    status s = write(buffer_.data(), buffer_.size(), written);
    if (s.code == errc::buffer_too_small) {
      buffer_.resize(std::max(s.needed, 2 * buffer_.size()));
      s = write(buffer_.data(), buffer_.size(), written);
    }
    if (!s.ok()) return false;
    output = std::string_view(buffer_.data(), written);
    return true;
  }
  bool keep(puny::result<std::string>&& r, std::string_view& output) {
    if (!r.ok()) return false;
    text_ = std::move(r.value);
    output = text_;
    return true;
  }

 private:
  std::vector<char> buffer_ = std::vector<char>(512);
  std::string text_;
};

// The native halves: (UTF-8 in, scratch, output) -> whether `output` is
// the conversion.  No Python object is touched (they run without the GIL).
bool to_ascii_native(std::string_view in, const idna_choice& c, scratch& s, std::string_view& output) {
  if (c.idna2008()) return s.keep(puny::to_ascii(in, *c.preset, c.options), output);
  return s.run([&](char* out, std::size_t cap, std::size_t& w) { return puny::idna::to_ascii(in, out, cap, w, c.options); },
               output);
}

bool to_unicode_native(std::string_view in, const idna_choice& c, scratch& s, std::string_view& output) {
  if (c.idna2008()) return s.keep(puny::to_unicode(in, *c.preset, c.options), output);
  return s.run([&](char* out, std::size_t cap, std::size_t& w) { return puny::idna::to_unicode(in, out, cap, w, c.options); },
               output);
}

bool encode_native(std::string_view in, scratch& s, std::string_view& output) {
  return s.run(
      [&](char* out, std::size_t cap, std::size_t& w) {
        const auto r = puny::punycode::encode_utf8(in, out, cap);
        w = r.size;
        return r.status;
      },
      output);
}

bool decode_native(std::string_view in, scratch& s, std::string_view& output) {
  return s.run(
      [&](char* out, std::size_t cap, std::size_t& w) {
        const auto r = puny::punycode::decode_to_utf8(in, out, cap);
        w = r.size;
        return r.status;
      },
      output);
}

// A str's UTF-8, read in place (CPython keeps it for an ASCII str, and
// caches it for any other); false for anything else and for lone
// surrogates (the single call reports those).
bool utf8_in_place(PyObject* item, std::string_view& utf8) {
  if (!PyUnicode_Check(item)) return false;
  if (PyUnicode_IS_COMPACT_ASCII(item)) {
    utf8 = std::string_view(static_cast<const char*>(PyUnicode_DATA(item)),
                            static_cast<std::size_t>(PyUnicode_GET_LENGTH(item)));
    return true;
  }
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(item, &size);
  if (data == nullptr) {
    PyErr_Clear();
    return false;
  }
  utf8 = std::string_view(data, static_cast<std::size_t>(size));
  return true;
}

// The items of a bulk call and their Results: the result list, each slot
// holding its item (a new reference) until the item's Result replaces it.
// The items are taken once, before anything is converted: another thread
// changing the given list while the GIL is released (bulk_parallel), or
// code run while an error object is made, cannot pull an item away.
class bulk_results {
 public:
  explicit bulk_results(py::handle items) {
    const py::object seq = py::reinterpret_steal<py::object>(
        PySequence_Fast(items.ptr(), "puny: expected an iterable of str"));
    if (!seq) throw py::error_already_set();
    size_ = PySequence_Fast_GET_SIZE(seq.ptr());
    list_ = py::reinterpret_steal<py::list>(PyList_New(size_));
    if (!list_) throw py::error_already_set();
    PyObject** from = PySequence_Fast_ITEMS(seq.ptr());
    for (Py_ssize_t i = 0; i < size_; ++i) {
      Py_INCREF(from[i]);
      PyList_SET_ITEM(list_.ptr(), i, from[i]);
    }
  }
  Py_ssize_t size() const { return size_; }
  PyObject* item(Py_ssize_t i) const { return PyList_GET_ITEM(list_.ptr(), i); }

  // Result i of a new reference to its output and error (Py_None for none).
  void set(Py_ssize_t i, PyObject* output, PyObject* error) {
    PyObject* input = item(i);
    Py_INCREF(input);
    PyObject* r = make_result(input, output, error);
    if (r == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(list_.ptr(), i, r);
    Py_DECREF(input);  // the slot's reference; the Result holds its own
  }
  void set(Py_ssize_t i, outcome o) {
    PyObject* output = o.error ? py::none().release().ptr() : o.value.release().ptr();
    PyObject* error = o.error ? o.error.release().ptr() : py::none().release().ptr();
    set(i, output, error);
  }
  // Result i of a successful conversion: `text` (a new reference) or,
  // when the output is the item's own UTF-8, the item itself (a str is
  // immutable; a str subclass is converted to a str, as the single call does).
  void set_output(Py_ssize_t i, PyObject* text) {
    Py_INCREF(Py_None);
    set(i, text, Py_None);
  }
  void set_unchanged(Py_ssize_t i) {
    PyObject* item = this->item(i);
    if (PyUnicode_CheckExact(item)) {
      Py_INCREF(item);
      return set_output(i, item);
    }
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(item, &size);
    if (utf8 == nullptr) throw py::error_already_set();
    set_output(i, new_str(std::string_view(utf8, static_cast<std::size_t>(size))));
  }
  py::list take() { return std::move(list_); }

 private:
  Py_ssize_t size_ = 0;
  py::list list_;
};

// Every item under the GIL, one after the other.
template <class One>
py::list bulk(py::handle items, One&& one) {
  bulk_results results(items);
  for (Py_ssize_t i = 0; i < results.size(); ++i) results.set(i, one(results.item(i)));
  return results.take();
}

template <class Native, class One>
py::list bulk_serial(bulk_results& results, Native&& native, One&& one) {
  scratch s;
  for (Py_ssize_t i = 0; i < results.size(); ++i) {
    PyObject* item = results.item(i);
    std::string_view in, output;
    bool ok = false;
    if (utf8_in_place(item, in)) {
      try {
        ok = native(in, s, output);
      } catch (const std::bad_alloc&) {  // the single call reports it
      }
    }
    if (!ok) results.set(i, one(item));
    else if (output == in) results.set_unchanged(i);
    else results.set_output(i, new_str(output));
  }
  return results.take();
}

// Bulk on every core.  A list long enough to pay for threads (2,048 items
// a thread) is converted in three passes: under the GIL, every str's UTF-8
// is copied into one text of the call's own; without it, the conversions,
// by up to std::thread::hardware_concurrency() threads that take chunks of
// 256 items as they go, each chunk's outputs published whole; under the
// GIL again, one Result per item.  The calling thread never waits for
// another: when no chunk is left to take it converts any chunk another
// thread took but has not published (that thread's copy is then dropped),
// and returns.  So on a busy machine, where the system may not run a
// helper thread for milliseconds, the call costs about what the serial one
// does; the helper touches nothing of Python's (hence the copy), and the
// state it shares with the call lives until both are done with it.
// The library is thread-safe (tests/threads run it under ThreadSanitizer).
constexpr Py_ssize_t items_per_thread = 2048;
constexpr std::size_t chunk_items = 256;
constexpr std::size_t failed = static_cast<std::size_t>(-1);
constexpr std::size_t unchanged = static_cast<std::size_t>(-2);  // output == input

struct chunk_result {
  std::string text;                 // the outputs, back to back
  std::size_t ends[chunk_items]{};  // each output's end in text, `failed` or `unchanged`
};

template <class Native>
struct parallel_work {
  parallel_work(Native n, std::size_t items) : native(std::move(n)), spans(items), done((items + chunk_items - 1) / chunk_items) {}
  ~parallel_work() {
    for (auto& d : done) delete d.load();
  }
  Native native;
  std::string inputs;  // every readable item's UTF-8, back to back
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // item i's bytes in `inputs`; first == failed: not readable
  std::atomic<std::size_t> next{0};
  std::vector<std::atomic<chunk_result*>> done;

  std::string_view input(std::size_t i) const {
    return std::string_view(inputs).substr(spans[i].first, spans[i].second - spans[i].first);
  }
  // Converts chunk c and publishes it unless another thread did first.
  void convert(std::size_t c, scratch& s) {
    std::unique_ptr<chunk_result> r(new chunk_result);
    const std::size_t first = c * chunk_items, end = std::min(spans.size(), first + chunk_items);
    for (std::size_t i = first; i < end; ++i) {
      std::size_t& e = r->ends[i - first];
      e = failed;
      if (spans[i].first == failed) continue;
      const std::string_view in = input(i);
      std::string_view output;
      try {
        if (!native(in, s, output)) continue;
        if (output == in) {
          e = unchanged;
        } else {
          r->text += output;
          e = r->text.size();
        }
      } catch (const std::bad_alloc&) {  // the single call reports it
      }
    }
    chunk_result* expected = nullptr;
    if (done[c].compare_exchange_strong(expected, r.get(), std::memory_order_acq_rel)) r.release();
  }
  // Takes chunks while there are.
  void take_chunks() {
    scratch s;
    for (std::size_t c = next++; c < done.size(); c = next++) {
      try {
        convert(c, s);
      } catch (const std::bad_alloc&) {  // the calling thread does it
      }
    }
  }
};

template <class Native, class One>
py::list bulk_parallel(py::handle items, Native&& native, One&& one) {
  bulk_results results(items);
  const Py_ssize_t n = results.size();
  const auto cores = static_cast<Py_ssize_t>(std::max(1u, std::thread::hardware_concurrency()));
  const Py_ssize_t threads = std::min(cores, n / items_per_thread);
  if (threads < 2) return bulk_serial(results, native, one);

  using work_type = parallel_work<std::decay_t<Native>>;
  const auto work = std::make_shared<work_type>(native, static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    std::string_view in;
    auto& span = work->spans[static_cast<std::size_t>(i)];
    if (!utf8_in_place(results.item(i), in)) {
      span = {failed, failed};
      continue;
    }
    span.first = work->inputs.size();
    work->inputs += in;
    span.second = work->inputs.size();
  }
  {
    py::gil_scoped_release unlocked;
    for (Py_ssize_t t = 1; t < threads; ++t) {
      try {
        std::thread([work] { work->take_chunks(); }).detach();
      } catch (const std::system_error&) {  // no thread: this one does it all
      }
    }
    work->take_chunks();
    scratch s;
    for (std::size_t c = 0; c < work->done.size(); ++c)
      if (work->done[c].load(std::memory_order_acquire) == nullptr) work->convert(c, s);
  }
  for (std::size_t c = 0; c < work->done.size(); ++c) {
    const chunk_result& r = *work->done[c].load(std::memory_order_acquire);
    const std::string_view text = r.text;
    std::size_t start = 0;
    const std::size_t first = c * chunk_items, end = std::min(static_cast<std::size_t>(n), first + chunk_items);
    for (std::size_t i = first; i < end; ++i) {
      const auto at = static_cast<Py_ssize_t>(i);
      const std::size_t e = r.ends[i - first];
      if (e == failed) {
        results.set(at, one(results.item(at)));
      } else if (e == unchanged) {
        results.set_unchanged(at);
      } else {
        results.set_output(at, new_str(text.substr(start, e - start)));
        start = e;
      }
    }
  }
  return results.take();
}

// ---- explain ----

py::list errors_of(const std::vector<status>& all, std::string_view in, py::handle input,
                   index_cursor& at) {
  py::list out;
  for (const status& s : all) out.append(make_error(for_python(s, in, at), input, true));
  return out;
}

py::list errors_of(const std::vector<status>& all, std::string_view in, py::handle input) {
  index_cursor at(in);
  return errors_of(all, in, input, at);
}

py::dict explain_to_ascii(py::handle domain, const puny::idna::options& opt) {
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  const puny::idna::trace t = puny::idna::explain_to_ascii(in, opt);
  // The trace's dicts hold only new objects, no cycle: no collection while
  // they are made (left on, the collector's passes over them made a long
  // trace superlinear, issue 44).
  index_cursor at(in);
  py::list mappings;
  for (const auto& m : t.mappings) {
    py::dict d;
    d["offset"] = at(m.offset);
    d["code_point"] = static_cast<std::uint32_t>(m.code_point);
    d["status"] = py::str(std::string(m.status));
    d["replacement"] = str_of(m.replacement);
    mappings.append(d);
  }
  py::list labels;
  index_cursor label_at(in);  // label errors ascend with the labels
  for (const auto& l : t.labels) {
    py::dict d;
    d["text"] = str_of(l.text);
    d["ace"] = l.ace;
    d["decoded"] = l.ace ? py::object(str_of(l.decoded)) : py::object(py::none());
    d["errors"] = errors_of(l.errors, in, domain, label_at);
    d["ascii"] = str_of(l.ascii);
    labels.append(d);
  }
  py::dict out;
  out["operation"] = "to_ascii";
  out["input"] = domain;
  out["mappings"] = mappings;
  out["mapped"] = str_of(t.mapped);
  out["normalized"] = str_of(t.normalized);
  out["labels"] = labels;
  out["domain_errors"] = errors_of(t.domain_errors, in, domain);
  out["output"] = t.result.ok() ? py::object(str_of(t.result.output)) : py::object(py::none());
  out["best_effort"] = str_of(t.result.best_effort);
  out["errors"] = errors_of(t.result.errors.all, in, domain);
  // The URL Standard's non-fatal validation errors (url preset; else []).
  out["validation_errors"] = errors_of(t.result.validation_errors, in, domain);
  return out;
}

// Records the Bootstring steps (RFC 3492 sections 6.2 and 6.3) as dicts.
class step_recorder : public puny::bootstring::observer {
 public:
  py::list steps;

  void on_next_code_point(char32_t next_n, char32_t previous_n, std::uint64_t handled,
                          std::uint64_t carried) override {
    pending_ = py::dict();
    pending_["next_code_point"] = static_cast<std::uint32_t>(next_n);
    pending_["previous_code_point"] = static_cast<std::uint32_t>(previous_n);
    pending_["handled"] = handled;
    pending_["carried_delta"] = carried;
  }
  void on_delta(char32_t cp, std::size_t position, std::uint64_t delta,
                std::uint32_t bias) override {
    py::dict d;
    if (pending_) {
      d["code_point_change"] = pending_;
      pending_ = py::object();
    }
    d["code_point"] = static_cast<std::uint32_t>(cp);
    d["position"] = position;
    d["delta"] = delta;
    d["bias"] = bias;
    d["digits"] = digits_;
    digits_ = py::list();
    steps.append(d);
    last_ = d;
  }
  void on_digit(std::uint32_t digit, std::uint32_t threshold, std::uint64_t weight,
                char character) override {
    py::dict d;
    d["digit"] = digit;
    d["threshold"] = threshold;
    d["weight"] = weight;
    d["character"] = std::string(1, character);
    // The encoder reports digits after their delta, the decoder before.
    if (decoding) digits_.append(d);
    else if (last_) py::list(last_["digits"]).append(d);
  }
  void on_bias(std::uint32_t new_bias) override {
    if (last_) last_["new_bias"] = new_bias;
  }
  bool decoding = false;

 private:
  py::object pending_;
  py::list digits_;
  py::dict last_;
};

py::dict explain_punycode(py::handle text, bool decoding) {
  step_recorder rec;
  rec.decoding = decoding;
  puny::bootstring::advanced_options adv;
  adv.trace = &rec;
  py::dict out;
  out["operation"] = decoding ? "decode" : "encode";
  out["input"] = text;
  status s;
  if (decoding) {
    py::object holder;
    const std::string_view in = utf8_of(text, holder);
    std::u32string decoded;
    if (in.size() > puny::punycode::max_traced_length) {
      // The trace's limit (puny/punycode.hpp), as every surface reports it.
      s.code = errc::input_too_long;
      s.offset = puny::punycode::max_traced_length;
      out["output"] = py::none();
    } else {
      s = puny::bootstring::decode(in, puny::punycode::profile, decoded, nullptr, adv);
      if (!s.ok()) s = for_python(s, in);
      out["output"] = s.ok() ? py::object(str_of(decoded)) : py::object(py::none());
    }
  } else {
    const std::u32string cps = code_points_of(text);
    std::string encoded;
    if (cps.size() > puny::punycode::max_traced_length) {
      s.code = errc::input_too_long;
      s.offset = puny::punycode::max_traced_length;
      out["output"] = py::none();
    } else {
      s = puny::bootstring::encode(cps, puny::punycode::profile, encoded, nullptr, adv);
      out["output"] = s.ok() ? py::object(py::str(encoded)) : py::object(py::none());
    }
  }
  out["steps"] = rec.steps;
  py::list errors;
  if (!s.ok()) errors.append(make_error(s, text, false));
  out["errors"] = errors;
  return out;
}


// ---- the single-name functions as METH_FASTCALL C functions ----
// pybind11's dispatcher costs about a microsecond per call with eight
// keyword defaults, far more than the conversion (tens of nanoseconds), so
// the four hot functions parse their arguments directly.

const char* const flag_names[] = {
    "check_hyphens",     "check_bidi",              "check_joiners",
    "use_std3_ascii_rules", "transitional_processing", "verify_dns_length",
    "ignore_invalid_punycode", "allow_underscore",   "forbid_domain_code_points"};
constexpr std::size_t flag_count = sizeof flag_names / sizeof flag_names[0];

bool* flag_field(puny::idna::options& o, std::size_t i) {
  bool* fields[] = {&o.check_hyphens,           &o.check_bidi,
                    &o.check_joiners,           &o.use_std3_ascii_rules,
                    &o.transitional_processing, &o.verify_dns_length,
                    &o.ignore_invalid_punycode, &o.allow_underscore,
                    &o.forbid_domain_code_points};
  static_assert(sizeof fields / sizeof fields[0] == flag_count, "one field per name");
  return fields[i];
}

// (domain, preset="uts46", /, *, flags...) -> options; raises TypeError.
idna_choice parse_idna_args(const char* function, PyObject* const* args, Py_ssize_t nargs,
                            PyObject* kwnames) {
  if (nargs < 1 || nargs > 2)
    throw py::type_error(std::string("puny.") + function +
                         "() takes a domain and an optional preset positionally");
  PyObject* preset = nargs == 2 ? args[1] : nullptr;
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k)
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, k), "preset") == 0) {
      if (preset != nullptr)
        throw py::type_error(std::string("puny.") + function + "() got preset twice");
      preset = args[nargs + k];
    }
  const puny::preset& chosen = preset_named(preset != nullptr ? py::handle(preset) : py::handle(Py_None));
  puny::idna::options o = chosen.options;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    if (PyUnicode_CompareWithASCIIString(name, "preset") == 0) continue;
    std::size_t i = 0;
    while (i < flag_count && PyUnicode_CompareWithASCIIString(name, flag_names[i]) != 0) ++i;
    if (i == flag_count)
      throw py::type_error(std::string("puny.") + function + "() got an unexpected keyword '" +
                           py::str(name).cast<std::string>() + "'");
    apply_flag(*flag_field(o, i), args[nargs + k], flag_names[i]);
  }
  return {&chosen, o};
}

// (text, /, *, mixed_case=False) -> mixed_case
bool parse_punycode_args(const char* function, PyObject* const* args, Py_ssize_t nargs,
                         PyObject* kwnames) {
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

// Runs `body` (returning an outcome) with C++ exceptions turned into
// Python ones; returns a new reference or nullptr with the error set.
// ---- display safety (puny/display.hpp) ----

[[noreturn]] void raise_list_error(puny::display::list_error e, std::string_view text);

// The first `bytes` bytes of a file (to turn a list error's byte offset
// into a str index); what can be read of them.
std::string file_head(const std::string& path, std::size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string head(bytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(bytes));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  return head;
}

// A list class (public_suffix_list, protected_domains) with its load(path)
// and parse(text, source) constructors, which raise ListError (a
// directory or an unreadable file: FileUnreadableError, from the core).
template <class List>
py::class_<List> bind_list(py::module_& m, const char* name) {
  return py::class_<List>(m, name)
      .def_static("load",
                  [](const std::string& path) {
                    List l;
                    puny::display::list_error e;
                    if (!List::load(path, l, e)) raise_list_error(e, file_head(path, e.status.offset));
                    return l;
                  },
                  py::arg("path"), "load($module, path)\n--\n\nReads a list file; raises ListError.")
      .def_static("parse",
                  [](py::handle text, py::handle source) {
                    if (!PyUnicode_Check(source.ptr())) throw py::type_error("puny: source must be a str");
                    py::object holder;
                    const std::string_view utf8 = utf8_of(text, holder);
                    List l;
                    puny::display::list_error e;
                    if (!List::parse(utf8, source.cast<std::string>(), l, e)) raise_list_error(e, utf8);
                    return l;
                  },
                  py::arg("text"), py::arg("source") = "<text>",
                  "parse($module, text, source='<text>')\n--\n\nA list from its text; raises ListError.");
}

// A list_error as the registered ListError subclass (code, offset of the
// line as an index into the list's text (`text`, its UTF-8 from the start
// to at least the offset), its number in `label`, the file:line message).
[[noreturn]] void raise_list_error(puny::display::list_error e, std::string_view text) {
  e.status.offset = index_cursor(text)(e.status.offset);
  const registry& r = types();
  const auto code = static_cast<std::size_t>(e.status.code);
  py::object cls = code < r.by_code.size() && r.by_code[code] ? r.by_code[code] : r.base;
  py::object error = cls(e.text, py::str(std::string(puny::to_string(e.status.code))), py::none(),
                         e.status.offset, py::int_(e.line), py::none(), py::str(e.source),
                         py::none());
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

py::object code_point_or_none(bool has, char32_t c) {
  return has ? py::object(py::int_(static_cast<std::uint32_t>(c))) : py::object(py::none());
}

// The decision as plain Python data; puny/__init__.py wraps it in named
// tuples.  Offsets are str indices, as in every puny error.
// The display form only (puny.to_display): no per-label dicts (issue 44).
// The options of a display call: the profile by name (ASCII case ignored,
// as in every surface) and the lists.
puny::display::options display_options(const std::string& profile,
                                       const puny::display::public_suffix_list* psl,
                                       const puny::display::protected_domains* top) {
  const puny::display::profile_info* p = puny::display::find_profile_ignoring_case(profile);
  if (p == nullptr) throw py::value_error("puny: unknown display profile '" + profile + "'");
  puny::display::options o;
  o.which = p->id;
  o.suffixes = psl;
  o.protected_list = top;
  return o;
}

py::str display_string(py::handle domain, const std::string& profile,
                       const puny::display::public_suffix_list* psl,
                       const puny::display::protected_domains* top) {
  const puny::display::options o = display_options(profile, psl, top);
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  std::string out;
  const status st = puny::display::to_display(in, o, out);
  if (!st.ok()) {
    set_python_error({{}, make_error(for_python(st, in), domain, true)});
    throw py::error_already_set();
  }
  return str_of(out);
}

py::dict display_decide(py::handle domain, const std::string& profile,
                        const puny::display::public_suffix_list* psl,
                        const puny::display::protected_domains* top) {
  const puny::display::options o = display_options(profile, psl, top);
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  auto r = puny::display::decide(in, o);
  if (!r.ok()) {
    set_python_error({{}, make_error(for_python(r.status, in), domain, true)});
    throw py::error_already_set();
  }
  py::list labels;
  index_cursor at(in);  // labels, and their findings, ascend
  for (const auto& l : r.value.labels) {
    const std::size_t label_offset = at(l.offset);
    py::list findings;
    for (const auto& f : l.findings) {
      py::dict d;
      d["reason"] = std::string(puny::display::to_string(f.why));
      d["message"] = std::string(puny::display::message(f.why));
      d["offset"] = at(f.offset);
      d["label"] = f.label;
      d["code_point"] = code_point_or_none(f.has_code_point, f.code_point);
      d["step"] = std::string(f.step);
      d["similar_to"] = f.similar_to.empty() ? py::object(py::none()) : py::object(py::str(f.similar_to));
      d["imitates"] = code_point_or_none(f.imitates != 0, f.imitates);
      findings.append(std::move(d));
    }
    py::dict v;
    v["a_label"] = str_of(l.a_label);
    v["u_label"] = str_of(l.u_label);
    v["show_unicode"] = l.show_unicode;
    v["offset"] = label_offset;
    v["findings"] = std::move(findings);
    labels.append(std::move(v));
  }
  py::dict out;
  out["display"] = str_of(r.value.display);
  out["registrable_domain"] = r.value.registrable_domain.empty()
                                  ? py::object(py::none())
                                  : py::object(str_of(r.value.registrable_domain));
  out["labels"] = std::move(labels);
  return out;
}


template <class F>
PyObject* python_call(F&& body) noexcept {
  return puny_python::call_guarded([&]() -> PyObject* {
    outcome o = body();
    if (o.error) {
      set_python_error(o);
      return nullptr;
    }
    return o.value.release().ptr();
  });
}

PyObject* py_to_ascii(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    const idna_choice o = parse_idna_args("to_ascii", args, nargs, kwnames);
    return to_ascii_one(args[0], o);
  });
}
PyObject* py_to_unicode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    const idna_choice o = parse_idna_args("to_unicode", args, nargs, kwnames);
    return to_unicode_one(args[0], o);
  });
}
PyObject* py_encode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    const bool mixed = parse_punycode_args("encode", args, nargs, kwnames);
    return encode_one(args[0], mixed);
  });
}
PyObject* py_decode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    const bool mixed = parse_punycode_args("decode", args, nargs, kwnames);
    return decode_one(args[0], mixed);
  });
}

// Text signatures (CPython's "name($module, ...)\n--\n\n" docstring head,
// which becomes __text_signature__): inspect.signature reads them.  The
// annotations are in puny/__init__.pyi (a text signature cannot hold them).
#define PUNY_IDNA_FLAGS                                                                    \
  "check_hyphens=None, check_bidi=None, check_joiners=None, use_std3_ascii_rules=None, "   \
  "transitional_processing=None, verify_dns_length=None, ignore_invalid_punycode=None, "   \
  "allow_underscore=None, forbid_domain_code_points=None)\n--\n\n"
#define PUNY_IDNA_SIGNATURE "($module, domain, /, preset='uts46', *, " PUNY_IDNA_FLAGS
#define ENCODE_MANY_DOC \
  "encode_many($module, texts, *, mixed_case=False)\n--\n\nencode of every item: a list of puny.Result."
#define DECODE_MANY_DOC \
  "decode_many($module, texts, *, mixed_case=False)\n--\n\ndecode of every item: a list of puny.Result."
#define PUNY_IDNA_MANY_SIGNATURE "($module, domains, preset='uts46', *, " PUNY_IDNA_FLAGS

PyMethodDef fast_functions[] = {
    {"to_ascii", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_to_ascii)),
     METH_FASTCALL | METH_KEYWORDS,
     "to_ascii" PUNY_IDNA_SIGNATURE "UTS #46 ToASCII of a domain name; raises puny.Error."},
    {"to_unicode",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_to_unicode)),
     METH_FASTCALL | METH_KEYWORDS,
     "to_unicode" PUNY_IDNA_SIGNATURE
     "UTS #46 ToUnicode; raises puny.Error with .best_effort."},
    {"encode", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_encode)),
     METH_FASTCALL | METH_KEYWORDS,
     "encode($module, text, /, *, mixed_case=False)\n--\n\nPunycode of one label."},
    {"decode", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_decode)),
     METH_FASTCALL | METH_KEYWORDS,
     "decode($module, text, /, *, mixed_case=False)\n--\n\nDecodes one Punycode label."},
    {nullptr, nullptr, 0, nullptr}};

}  // namespace

void bind_idna_api(py::module_& m);  // idna_api.cpp: puny.idna's engine

PYBIND11_MODULE(_puny, m) {
  m.doc() = "puny C++ library bindings; use the puny package, not this module";
  puny_python::bind_email(m);
  // Every docstring below starts with its own text signature (see
  // PUNY_IDNA_SIGNATURE); pybind11's would hide it.
  py::options docs;
  docs.disable_function_signatures();

  m.def("_register",
        [](py::object base, py::dict by_name) {
          registry& r = types();
          r.base = std::move(base);
          r.by_code.assign(64, py::object());
          for (unsigned code = 0; code < 64; ++code) {
            const std::string name(puny::to_string(static_cast<errc>(code)));
            if (name != "unknown" && by_name.contains(name)) r.by_code[code] = by_name[name.c_str()];
          }
        });
  // puny.Result, one item of a *_many call (see make_result).
  PyObject* result = ready_result_type();
  if (result == nullptr) throw py::error_already_set();
  types().result = py::reinterpret_steal<py::object>(result);
  m.attr("Result") = types().result;
  // The core's registry (puny/presets.hpp): the names every surface uses.
  m.def("presets", [] {
    py::list out;
    for (const puny::preset& p : puny::presets()) {
      py::dict d;
      d["name"] = std::string(p.name);
      d["description"] = std::string(p.description);
      d["family"] = p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46";
      out.append(std::move(d));
    }
    return out;
  });
  m.def("preset_aliases", [] {
    py::dict out;
    for (const puny::preset_alias& a : puny::preset_aliases())
      out[py::str(std::string(a.alias))] = std::string(a.name);
    return out;
  });
  m.def("error_names", [] {
    py::list names;
    for (unsigned code = 1; code < 64; ++code) {
      const std::string_view name = puny::to_string(static_cast<errc>(code));
      if (name != "unknown") names.append(py::str(std::string(name)));
    }
    return names;
  });

  auto flags = [](py::object preset, py::object a, py::object b, py::object c, py::object d,
                  py::object e, py::object f, py::object g, py::object h, py::object i) {
    return options_of(flag_args{std::move(preset), std::move(a), std::move(b), std::move(c),
                                std::move(d), std::move(e), std::move(f), std::move(g),
                                std::move(h), std::move(i)});
  };
#define PUNY_FLAG_PARAMS                                                                      \
  py::object preset, py::object check_hyphens, py::object check_bidi, py::object check_joiners, \
      py::object use_std3_ascii_rules, py::object transitional_processing,                      \
      py::object verify_dns_length, py::object ignore_invalid_punycode,                         \
      py::object allow_underscore, py::object forbid_domain_code_points
#define PUNY_FLAG_VALUES                                                                  \
  preset, check_hyphens, check_bidi, check_joiners, use_std3_ascii_rules,                 \
      transitional_processing, verify_dns_length, ignore_invalid_punycode, allow_underscore,  \
      forbid_domain_code_points
#define PUNY_FLAG_ARGS                                                                       \
  py::arg("preset") = "uts46", py::kw_only(), py::arg("check_hyphens") = py::none(),         \
      py::arg("check_bidi") = py::none(), py::arg("check_joiners") = py::none(),             \
      py::arg("use_std3_ascii_rules") = py::none(),                                          \
      py::arg("transitional_processing") = py::none(),                                       \
      py::arg("verify_dns_length") = py::none(), py::arg("ignore_invalid_punycode") = py::none(), \
      py::arg("allow_underscore") = py::none(), py::arg("forbid_domain_code_points") = py::none()

  m.def(
      "to_ascii_many",
      [flags](py::iterable domains, PUNY_FLAG_PARAMS) {
        const idna_choice o = flags(PUNY_FLAG_VALUES);
        return bulk_parallel(
            domains, [o](std::string_view in, scratch& s, std::string_view& out) { return to_ascii_native(in, o, s, out); },
            [&](py::handle d) { return to_ascii_one(d, o); });
      },
      py::arg("domains"), PUNY_FLAG_ARGS,
      "to_ascii_many" PUNY_IDNA_MANY_SIGNATURE "to_ascii of every item: a list of puny.Result.");
  m.def(
      "to_unicode_many",
      [flags](py::iterable domains, PUNY_FLAG_PARAMS) {
        const idna_choice o = flags(PUNY_FLAG_VALUES);
        return bulk_parallel(
            domains, [o](std::string_view in, scratch& s, std::string_view& out) { return to_unicode_native(in, o, s, out); },
            [&](py::handle d) { return to_unicode_one(d, o); });
      },
      py::arg("domains"), PUNY_FLAG_ARGS,
      "to_unicode_many" PUNY_IDNA_MANY_SIGNATURE "to_unicode of every item: a list of puny.Result.");
  m.def(
      "explain_to_ascii",
      [flags](py::handle domain, PUNY_FLAG_PARAMS) {
        const idna_choice o = flags(PUNY_FLAG_VALUES);
        if (o.idna2008())
          throw py::value_error("puny.explain: the IDNA2008 presets have no trace (UTS #46 presets only)");
        return explain_to_ascii(domain, o.options);
      },
      py::arg("domain"), PUNY_FLAG_ARGS);

  m.def(
      "encode_many",
      [](py::iterable texts, py::handle mixed) {
        bool mixed_case = false;
        apply_flag(mixed_case, mixed, "mixed_case");
        const auto one = [&](py::handle t) { return encode_one(t, mixed_case); };
        if (mixed_case) return bulk(texts, one);
        return bulk_parallel(texts, encode_native, one);
      },
      py::arg("texts"), py::kw_only(), py::arg("mixed_case") = false,
      ENCODE_MANY_DOC);
  m.def(
      "decode_many",
      [](py::iterable texts, py::handle mixed) {
        bool mixed_case = false;
        apply_flag(mixed_case, mixed, "mixed_case");
        const auto one = [&](py::handle t) { return decode_one(t, mixed_case); };
        if (mixed_case) return bulk(texts, one);
        return bulk_parallel(texts, decode_native, one);
      },
      py::arg("texts"), py::kw_only(), py::arg("mixed_case") = false,
      DECODE_MANY_DOC);
  m.def(
      "explain_punycode",
      [](py::handle text, bool decoding) { return explain_punycode(text, decoding); },
      py::arg("text"), py::arg("decoding"));

  for (const bool lookup : {false, true}) {
    m.def(
        lookup ? "idna2008_lookup" : "idna2008_register",
        [lookup](py::handle domain, py::handle output, py::handle check_bidi) {
          return value_or_raise(idna2008_one(domain, lookup, output, check_bidi));
        },
        py::arg("domain"), py::pos_only(), py::kw_only(), py::arg("output") = "ascii",
        py::arg("check_bidi") = py::none(),
        lookup ? "idna2008_lookup($module, domain, /, *, output='ascii', check_bidi=None)\n--\n\n"
                 "IDNA2008 lookup (RFC 5891 section 5); raises puny.Error."
               : "idna2008_register($module, domain, /, *, output='ascii', check_bidi=None)\n--\n\n"
                 "IDNA2008 registration (RFC 5891 section 4): no mapping, RFC 5892 derived "
                 "property, CONTEXTJ/CONTEXTO, RFC 5893 Bidi, exact A-labels; raises "
                 "puny.Error.");
  }
  if (PyModule_AddFunctions(m.ptr(), fast_functions) != 0) throw py::error_already_set();
  m.attr("unicode_version") = std::string(puny::unicode::unicode_version);

  // Display safety.  Profile and reason names are the library's.
  m.def("display_profiles", [] {
    py::list out;
    for (const auto& p : puny::display::profiles())
      out.append(py::make_tuple(std::string(p.name), std::string(p.description), std::string(p.source)));
    return out;
  });
  m.def("display_reasons", [] {
    py::list out;
    for (int r = 1; r < 256; ++r) {
      const std::string_view name = puny::display::to_string(static_cast<puny::display::reason>(r));
      if (name.empty()) break;
      out.append(py::make_tuple(std::string(name),
                                std::string(puny::display::message(static_cast<puny::display::reason>(r)))));
    }
    return out;
  });
  m.attr("default_psl_path") = std::string(puny::display::public_suffix_list::default_path());
  bind_list<puny::display::public_suffix_list>(m, "PublicSuffixList")
      .def("registrable_domain",
           [](const puny::display::public_suffix_list& l, py::handle name) {
             py::object holder;
             return std::string(l.registrable_domain(utf8_of(name, holder)));
           },
           py::arg("name"), py::pos_only(),
           "registrable_domain(self, name, /)\n--\n\nThe public suffix and one label more "
           "(ASCII case ignored); '' for a public suffix.")
      .def("__len__", &puny::display::public_suffix_list::rule_count);
  bind_list<puny::display::protected_domains>(m, "ProtectedDomains")
      .def("lookalike_of",
           [](const puny::display::protected_domains& l, py::handle name) -> py::object {
             py::object holder;
             const std::string_view s = l.lookalike_of(utf8_of(name, holder));
             return s.empty() ? py::object(py::none()) : py::object(py::str(std::string(s)));
           },
           py::arg("name"), py::pos_only(),
           "lookalike_of(self, name, /)\n--\n\nThe protected domain `name` imitates, or None.")
      .def("__len__", &puny::display::protected_domains::size);
  m.def(
      "display_decide",
      [](py::handle domain, py::handle profile,
         const puny::display::public_suffix_list* psl,
         const puny::display::protected_domains* top) {
        if (!PyUnicode_Check(profile.ptr()))
          throw py::type_error("puny: profile must be a str such as 'chromium'");
        return display_decide(domain, profile.cast<std::string>(), psl, top);
      },
      py::arg("domain"), py::arg("profile"), py::arg("psl").none(true), py::arg("top").none(true));
  m.def(
      "display_string",
      [](py::handle domain, py::handle profile,
         const puny::display::public_suffix_list* psl,
         const puny::display::protected_domains* top) {
        if (!PyUnicode_Check(profile.ptr()))
          throw py::type_error("puny: profile must be a str such as 'chromium'");
        return display_string(domain, profile.cast<std::string>(), psl, top);
      },
      py::arg("domain"), py::arg("profile"), py::arg("psl").none(true), py::arg("top").none(true));
  m.def(
      "skeleton",
      [](py::handle text) {
        py::object holder;
        const std::string_view in = utf8_of(text, holder);
        auto r = puny::uts39::skeleton(in);
        if (!r.ok()) {
          set_python_error({{}, make_error(for_python(r.status, in), text, false)});
          throw py::error_already_set();
        }
        return str_of(r.value);
      },
      py::arg("text"), py::pos_only(),
      "skeleton($module, text, /)\n--\n\nUTS #39 skeleton (section 4); raises puny.Error for lone surrogates.");
  bind_idna_api(m);
}

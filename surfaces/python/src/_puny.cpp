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
#include <cstdint>
#include <fstream>
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

py::str str_of(std::string_view utf8) {
  PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "strict");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

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
// (CPython 3.11 structseq.c), which cost more than converting a mostly-ASCII
// name.  This type allocates with PyObject_GC_NewVar and frees through
// tuple's own deallocator, with nothing looked up.
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

// A Result of the three objects (new references stolen).  A Result of str
// and None cannot be part of a cycle and is left untracked, as CPython
// leaves such tuples, or the collector walks every result again and again
// while a list of them grows; one holding an Error is tracked.
PyObject* make_result(PyObject* input, PyObject* output, PyObject* error) {
  PyTupleObject* r = PyObject_GC_NewVar(PyTupleObject, &result_type, 3);
  if (r == nullptr) {
    Py_DECREF(input);
    Py_DECREF(output);
    Py_DECREF(error);
    return nullptr;
  }
  r->ob_item[0] = input;
  r->ob_item[1] = output;
  r->ob_item[2] = error;
  if (error != Py_None || !PyUnicode_CheckExact(input)) PyObject_GC_Track(r);
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
  PyObject* r = make_result(in, out, err);
  if (r != nullptr && !PyObject_GC_IsTracked(r)) PyObject_GC_Track(r);  // made by the user: anything goes
  return r;
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
    result_type.tp_dealloc = PyTuple_Type.tp_dealloc;
    result_type.tp_free = PyObject_GC_Del;
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

// Bulk: one Result(input, output, error) per item, nothing raised for a
// bad name (TypeError for an item that is not a str).  The whole point of a
// bulk call is to cost less than a loop of single calls, so the list is
// allocated once at its final size and each Result (above) is made in place.
// The cyclic collector is left alone: it is process-wide state, and
// switching it off for the call would switch it off for every other
// thread too (Python releases the GIL between bytecodes of other threads,
// and many_parallel releases it).  Each Result is a GC-type allocation that
// counts toward the next young collection although most are left untracked,
// so a long bulk call runs collections that find nothing; that cost is
// accepted (measured in surfaces/python/bench).

class result_list {
 public:
  explicit result_list(py::iterable items) {
    // A tuple is read in place; a list is copied into a tuple (pointers
    // only), so that another thread changing it while the GIL is released
    // (many_parallel) or while an error object is made cannot pull an item
    // away; any other iterable is read once, into a list of our own.
    seq_ = py::reinterpret_steal<py::object>(PyList_Check(items.ptr())
                                                 ? PySequence_Tuple(items.ptr())
                                                 : PySequence_Fast(items.ptr(), "puny: expected an iterable of str"));
    if (!seq_) throw py::error_already_set();
    size_ = PySequence_Fast_GET_SIZE(seq_.ptr());
    out_ = py::reinterpret_steal<py::list>(PyList_New(size_));
    if (!out_) throw py::error_already_set();
  }
  Py_ssize_t size() const { return size_; }
  py::handle item(Py_ssize_t i) const { return PySequence_Fast_ITEMS(seq_.ptr())[i]; }

  // Result i: the item, and the outcome's output or error.
  void set(Py_ssize_t i, outcome o) {
    PyObject* input = item(i).ptr();
    PyObject* output = o.error ? Py_None : o.value.release().ptr();
    PyObject* error = o.error ? o.error.release().ptr() : Py_None;
    if (output == Py_None) Py_INCREF(Py_None);
    if (error == Py_None) Py_INCREF(Py_None);
    Py_INCREF(input);
    PyObject* r = make_result(input, output, error);
    if (r == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(out_.ptr(), i, r);
  }
  py::list take() { return std::move(out_); }

 private:
  py::object seq_;
  Py_ssize_t size_ = 0;
  py::list out_;
};

template <class F>
py::list many(py::iterable items, F&& one) {
  result_list results(items);
  for (Py_ssize_t i = 0; i < results.size(); ++i) results.set(i, one(results.item(i)));
  return results.take();
}

// Bulk on every core.  A list long enough to pay for threads (2,048 items
// a thread) is converted in three passes: under the GIL, each str's UTF-8
// (which CPython keeps in the str); without it, the conversions, the list
// split among up to std::thread::hardware_concurrency() threads, each
// writing its outputs back to back into its own buffer; under the GIL
// again, one Result per item.  `native(utf8, out)` appends a successful
// conversion's UTF-8 to `out` and says which it was (native_outcome); every
// item it does not vouch for (not a str, lone surrogates, any error) is
// converted again by the single call `one`, which builds the error the
// user sees.
// The library is thread-safe (tests/threads run it under ThreadSanitizer).
constexpr Py_ssize_t items_per_thread = 2048;

// What a native conversion did: `converted` appended the output, `unchanged`
// appended nothing (the output is the input, returned as the same str).
enum class native_outcome { failed, converted, unchanged };

// For a conversion that appended its output: unchanged when that equals the
// input (the output then taken back out).
native_outcome settle(bool ok, std::string_view in, std::string& out, std::size_t before) {
  if (!ok) {
    out.resize(before);
    return native_outcome::failed;
  }
  if (std::string_view(out).substr(before) == in) {
    out.resize(before);
    return native_outcome::unchanged;
  }
  return native_outcome::converted;
}

template <class Native, class One>
py::list many_parallel(py::iterable items, Native&& native, One&& one) {
  result_list results(items);
  const Py_ssize_t n = results.size();
  const auto cores = static_cast<Py_ssize_t>(std::max(1u, std::thread::hardware_concurrency()));
  const Py_ssize_t threads = std::min(cores, n / items_per_thread);
  if (threads < 2) {
    for (Py_ssize_t i = 0; i < n; ++i) results.set(i, one(results.item(i)));
    return results.take();
  }

  std::vector<std::string_view> inputs(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = results.item(i).ptr();
    Py_ssize_t size = 0;
    const char* data = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, &size) : nullptr;
    if (data == nullptr) PyErr_Clear();  // not a str, or lone surrogates: the single call says
    inputs[static_cast<std::size_t>(i)] = data ? std::string_view(data, static_cast<std::size_t>(size))
                                               : std::string_view();
  }
  constexpr std::size_t failed = static_cast<std::size_t>(-1);
  constexpr std::size_t unchanged = static_cast<std::size_t>(-2);  // output == input
  struct slice {
    std::string text;               // the outputs, back to back
    std::vector<std::size_t> ends;  // each output's end in text, `failed` or `unchanged`
  };
  std::vector<slice> slices(static_cast<std::size_t>(threads));
  const auto convert = [&](std::size_t t) {
    const std::size_t begin = inputs.size() * t / slices.size();
    const std::size_t end = inputs.size() * (t + 1) / slices.size();
    slice& s = slices[t];
    s.ends.reserve(end - begin);
    for (std::size_t i = begin; i < end; ++i) {
      const std::size_t before = s.text.size();
      native_outcome o = native_outcome::failed;
      if (inputs[i].data() != nullptr) {
        try {
          o = native(inputs[i], s.text);
        } catch (...) {  // out of memory: the single call reports it
          s.text.resize(before);
          o = native_outcome::failed;
        }
      }
      s.ends.push_back(o == native_outcome::converted ? s.text.size() : o == native_outcome::unchanged ? unchanged : failed);
    }
  };
  {
    py::gil_scoped_release unlocked;
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < slices.size(); ++t) workers.emplace_back(convert, t);
    convert(0);
    for (std::thread& w : workers) w.join();
  }
  for (std::size_t t = 0, i = 0; t < slices.size(); ++t) {
    std::size_t start = 0;
    for (const std::size_t end : slices[t].ends) {
      const auto at = static_cast<Py_ssize_t>(i++);
      const py::handle input = results.item(at);
      if (end == failed || (end == unchanged && !PyUnicode_CheckExact(input.ptr()))) {
        results.set(at, one(input));
      } else if (end == unchanged) {  // the same str: a str is immutable
        results.set(at, {py::reinterpret_borrow<py::object>(input), {}});
      } else {
        results.set(at, {str_of(std::string_view(slices[t].text).substr(start, end - start)), {}});
        start = end;
      }
    }
  }
  return results.take();
}

// The native halves of the bulk conversions (see many_parallel).
native_outcome append_result(const puny::result<std::string>& r, std::string_view in, std::string& out) {
  const std::size_t before = out.size();
  if (r.ok()) out += r.value;
  return settle(r.ok(), in, out, before);
}

native_outcome to_ascii_native(std::string_view in, const idna_choice& choice, std::string& out) {
  if (choice.idna2008()) return append_result(puny::to_ascii(in, *choice.preset, choice.options), in, out);
  // Into a buffer on the stack first: most names come back unchanged, and
  // then nothing is appended.
  char buffer[256];
  std::size_t written = 0;
  const status s = puny::idna::to_ascii(in, buffer, sizeof buffer, written, choice.options);
  if (s.code == errc::buffer_too_small) return append_result(puny::idna::to_ascii(in, choice.options), in, out);
  if (!s.ok()) return native_outcome::failed;
  if (std::string_view(buffer, written) == in) return native_outcome::unchanged;
  out.append(buffer, written);
  return native_outcome::converted;
}

native_outcome to_unicode_native(std::string_view in, const idna_choice& choice, std::string& out) {
  if (choice.idna2008()) return append_result(puny::to_unicode(in, *choice.preset, choice.options), in, out);
  return append_result(puny::idna::to_unicode(in, choice.options), in, out);
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
        return many_parallel(
            domains, [&](std::string_view in, std::string& out) { return to_ascii_native(in, o, out); },
            [&](py::handle d) { return to_ascii_one(d, o); });
      },
      py::arg("domains"), PUNY_FLAG_ARGS,
      "to_ascii_many" PUNY_IDNA_MANY_SIGNATURE "to_ascii of every item: a list of puny.Result.");
  m.def(
      "to_unicode_many",
      [flags](py::iterable domains, PUNY_FLAG_PARAMS) {
        const idna_choice o = flags(PUNY_FLAG_VALUES);
        return many_parallel(
            domains, [&](std::string_view in, std::string& out) { return to_unicode_native(in, o, out); },
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
        if (mixed_case) return many(texts, one);
        return many_parallel(
            texts, [](std::string_view in, std::string& out) { return append_result(puny::punycode::encode_utf8(in), in, out); },
            one);
      },
      py::arg("texts"), py::kw_only(), py::arg("mixed_case") = false,
      ENCODE_MANY_DOC);
  m.def(
      "decode_many",
      [](py::iterable texts, py::handle mixed) {
        bool mixed_case = false;
        apply_flag(mixed_case, mixed, "mixed_case");
        const auto one = [&](py::handle t) { return decode_one(t, mixed_case); };
        if (mixed_case) return many(texts, one);
        return many_parallel(
            texts, [](std::string_view in, std::string& out) { return append_result(puny::punycode::decode_to_utf8(in), in, out); },
            one);
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

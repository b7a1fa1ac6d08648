// puny._puny, the Python extension (pybind11) over the puny C++ library:
// what its source files share.  Each file has one job:
//   module.cpp       the module: registers every part, and the core's
//                    registries (presets, aliases, error names)
//   text.cpp         str <-> UTF-8 and byte offsets -> str indices
//   errors.cpp       the registered exception classes, error objects
//   options.cpp      presets and flag keywords (from the core's registry),
//                    argument parsing of the C-level functions
//   single.cpp       the one-name conversions (to_ascii, encode, ...)
//   record_type.cpp  puny.Result (one item of a bulk call), puny.Finding,
//                    puny.LabelVerdict, puny.hunt.Match and puny.hunt.Report:
//                    tuples with named fields
//   bulk.cpp         the bulk conversions (*_many)
//   explain.cpp      puny.explain's traces
//   display.cpp      display safety, lists, skeleton
//   hunt.cpp         puny.hunt's brand index and matching
//   interrupt.cpp    Ctrl-C (signal handlers) during long calls
//   email_binding.cpp, idna_api.cpp: puny.email and puny.idna's engine.
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
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "call_guard.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/status.hpp"

namespace py = pybind11;

namespace puny::display {
struct list_error;
struct finding;
}

namespace puny_python {

using puny::errc;
using puny::status;

// Each part's registration, called by module.cpp.
void bind_registries(py::module_& m);
void bind_single(py::module_& m);
void bind_record_types(py::module_& m);
void bind_bulk(py::module_& m);
void bind_explain(py::module_& m);
void bind_display(py::module_& m);
void bind_email(py::module_& m);
void bind_hunt(py::module_& m);

// ---- registered Python types (kept for the process lifetime): errors.cpp ----

struct registry {
  std::vector<py::object> by_code;  // errc value -> exception class
  py::object base;                  // puny.Error
  py::object result;                // puny.Result (input, output, error)
};
registry& types();

// ---- str <-> UTF-8: text.cpp ----

// UTF-8 of a str; `holder` keeps the bytes alive when surrogates forced a
// copy.  Raises TypeError for anything but str.
std::string_view utf8_of(py::handle obj, py::object& holder);
// UTF-8 of a str that list functions (brand lists, the Public Suffix List,
// protected domains, a list's source name) read as text: a lone surrogate
// raises InvalidCodePointError at its str index (`input` the str), where
// utf8_of would pass it on as "surrogatepass" bytes.  TypeError for
// anything but str.
std::string_view well_formed_utf8_of(py::handle obj);
bool is_ascii(std::string_view text);
// A new str of UTF-8 text (a new reference; raises on failure).
PyObject* new_str(std::string_view utf8);
py::str str_of(std::string_view utf8);
py::str str_of(std::u32string_view text);
std::u32string code_points_of(py::handle obj);

// The code point index of byte offsets in `utf8` (well-formed except for
// surrogatepass sequences, which also start with a lead byte), for many
// offsets of one input, mostly ascending (a trace's mappings and errors, a
// decision's labels and findings): it counts on from the previous offset,
// so n offsets cost O(n + input) where index_of each would cost
// O(n * input) (issue 44: puny.display and puny.explain were quadratic in
// the number of labels).  A smaller offset starts over.
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
status for_python(status s, std::string_view utf8, index_cursor& at);
status for_python(status s, std::string_view utf8);

// ---- errors: errors.cpp ----

// The exception object for `s` (offset already a str index), not raised.
py::object make_error(const status& s, py::handle input, bool idna, py::object best_effort = py::none());

// What a conversion gives: the str, or the (unraised) error.
struct outcome {
  py::object value;  // str on success
  py::object error;  // puny.Error instance on failure
};
// Makes a failed outcome's error object the pending Python exception.
void set_python_error(const outcome& o);
// An outcome's str, or its error raised.
py::object value_or_raise(outcome o);

// ---- list errors (display.cpp), for every list file a part reads ----

// Raises the registered ListError subclass of `e`; `text` is the list's
// UTF-8 from its start to at least the error's offset.
[[noreturn]] void raise_list_error_of(const puny::display::list_error& e, std::string_view text);

// ---- options: options.cpp ----

// A preset of the core's registry (puny/presets.hpp) and the options the
// keyword flags make of it.
struct idna_choice {
  const puny::preset* preset;
  puny::idna::options options;
  bool idna2008() const noexcept { return preset->family == puny::preset_family::idna2008; }
};

const puny::preset& preset_named(py::handle preset);
// True, False or None (keep `field`); TypeError for anything else.
void apply_flag(bool& field, py::handle value, const char* name);

// The arguments of an IDNA function written against the C API
// (METH_FASTCALL | METH_KEYWORDS): (first, preset="uts46", *, flags...),
// the flags being the core's option_flags() by field name.  `first_keyword`
// names the first argument when it may be passed by keyword (nullptr:
// positional only).  Sets `first`; raises TypeError.
idna_choice parse_idna_args(const char* function, const char* first_keyword, PyObject* const* args,
                            Py_ssize_t nargs, PyObject* kwnames, PyObject*& first);
// (text, /, *, mixed_case=False) -> mixed_case
bool parse_punycode_args(const char* function, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
// A docstring with its text signature (CPython's "name($module, ...)\n--\n\n"
// head, which inspect.signature reads): `head` is "name($module, domain, /,
// preset='uts46', *", the flag keywords (the core's) are appended, then `doc`.
// The string lives for the process.
const char* idna_docstring(const char* head, const char* doc);

// ---- conversions of one name: single.cpp ----

outcome to_ascii_one(py::handle domain, const idna_choice& choice);
outcome to_unicode_one(py::handle domain, const idna_choice& choice);
outcome encode_one(py::handle text, bool mixed_case);
outcome decode_one(py::handle text, bool mixed_case);

// Runs `body` (returning an outcome) with C++ exceptions turned into
// Python ones; returns a new reference or nullptr with the error set.
template <class F>
PyObject* python_call(F&& body) noexcept {
  return call_guarded([&]() -> PyObject* {
    outcome o = body();
    if (o.error) {
      set_python_error(o);
      return nullptr;
    }
    return o.value.release().ptr();
  });
}

// ---- Ctrl-C in long calls: interrupt.cpp ----

// Raises (py::error_already_set) when a signal handler did, e.g. Ctrl-C's
// KeyboardInterrupt.  Under the GIL; cheap (PyErr_CheckSignals reads a flag
// unless a signal arrived), so a loop may call it every few hundred items.
void check_signals();

// The same for code running without the GIL (a bulk call's conversions):
// every call after `interval` has passed since the last check takes the GIL
// and asks PyErr_CheckSignals; false when a handler raised, the exception
// then being set for this thread (raise it with py::error_already_set once
// the GIL is held again).  A bulk call asks it between chunks of items, so
// that Ctrl-C stops it within about `interval` plus one chunk.
class signal_watch {
 public:
  bool operator()();

 private:
  std::int64_t last_ = 0;  // steady_clock nanoseconds of the last check
};

// ---- puny.Result, puny.Finding, puny.LabelVerdict, puny.hunt.Match,
// puny.hunt.BrandMatches, puny.hunt.Report: record_type.cpp ----

// A record of its fields (new references stolen, in the field order of
// the type); nullptr with the error set on failure.  One whose fields are
// str, int, bool, None or such records (or exact tuples of them) is not a
// collectible object.
PyObject* make_result(PyObject* input, PyObject* output, PyObject* error);
PyObject* make_finding(PyObject* const (&fields)[8]);
PyObject* make_label_verdict(PyObject* const (&fields)[5]);
PyObject* make_hunt_match(PyObject* const (&fields)[7]);
PyObject* make_hunt_brand(PyObject* const (&fields)[3]);
PyObject* make_hunt_report(PyObject* const (&fields)[10]);

// A puny.Finding of a display finding, its offset a str index by `at`
// (display.cpp; puny.display() and puny.hunt.Report.findings).
PyObject* new_finding(const puny::display::finding& f, index_cursor& at);

}  // namespace puny_python

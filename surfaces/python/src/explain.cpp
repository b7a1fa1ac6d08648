// puny._puny: puny.explain's traces.  UTS #46 ToASCII from the core's
// idna::explain_to_ascii; Punycode from the core's step recorder
// (src/explain/punycode_trace.hpp, the one every explainer uses: the CLI,
// the web page), turned into dicts.  Offsets are str indices.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "binding.hpp"
#include "explain/punycode_trace.hpp"

namespace puny_python {
namespace {

// The str of a dict key, made and interned once per name: pybind11's
// d["name"] makes a new str at each assignment, which the dict then keeps,
// five of about 55 bytes in every label's dict, more than the rest of it
// (issue 44).  Keyed by the literal's address (one entry per call site at
// most); kept for the process.
py::handle key(const char* name) {
  static std::unordered_map<const char*, PyObject*> interned;
  PyObject*& k = interned[name];
  if (k == nullptr) {
    k = PyUnicode_InternFromString(name);
    if (k == nullptr) throw py::error_already_set();
  }
  return k;
}

py::list errors_of(const std::vector<status>& all, std::string_view in, py::handle input,
                   index_cursor& at) {
  py::list out;
  for (const status& s : all) out.append(make_error(for_python(s, in, at), input, true));
  return out;
}

// A label's errors as a tuple: `()`, shared, for a label without any.  A
// list per label (always tracked) made every label's dict tracked too, and
// the cyclic collector's full passes over them, which come as the
// survivors grow, made a long trace superlinear (issue 44); a dict of strs,
// bools, None and `()` is never tracked.
py::tuple error_tuple_of(const std::vector<status>& all, std::string_view in, py::handle input,
                         index_cursor& at) {
  py::tuple out(all.size());
  std::size_t i = 0;
  for (const status& s : all)
    PyTuple_SET_ITEM(out.ptr(), i++, make_error(for_python(s, in, at), input, true).release().ptr());
  return out;
}

py::list errors_of(const std::vector<status>& all, std::string_view in, py::handle input) {
  index_cursor at(in);
  return errors_of(all, in, input, at);
}

// Whether an ASCII label's ToASCII output is its text (one str for both).
bool same_text(std::u32string_view text, std::string_view ascii) {
  if (text.size() != ascii.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] != static_cast<unsigned char>(ascii[i])) return false;
  return true;
}

py::dict explain_to_ascii(py::handle domain, const puny::idna::options& opt) {
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  const puny::idna::trace t = puny::idna::explain_to_ascii(in, opt);
  // The cyclic collector stays on: the mappings' and labels' dicts hold
  // only strs, ints, bools, None and (a label's errors) a tuple, so none of
  // them is tracked unless a label has errors (issue 44).
  index_cursor at(in);
  py::list mappings;
  for (const auto& m : t.mappings) {
    py::dict d;
    d[key("offset")] = at(m.offset);
    d[key("code_point")] = static_cast<std::uint32_t>(m.code_point);
    d[key("status")] = py::str(std::string(m.status));
    d[key("replacement")] = str_of(m.replacement);
    mappings.append(d);
  }
  py::list labels;
  index_cursor label_at(in);  // label errors ascend with the labels
  for (const auto& l : t.labels) {
    py::dict d;
    py::str text = str_of(l.text);
    d[key("text")] = text;
    d[key("ace")] = l.ace;
    d[key("decoded")] = l.ace ? py::object(str_of(l.decoded)) : py::object(py::none());
    d[key("errors")] = error_tuple_of(l.errors, in, domain, label_at);
    d[key("ascii")] = same_text(l.text, l.ascii) ? py::object(text) : py::object(str_of(l.ascii));
    labels.append(d);
  }
  py::dict out;
  out[key("operation")] = "to_ascii";
  out[key("input")] = domain;
  out[key("mappings")] = mappings;
  out[key("mapped")] = str_of(t.mapped);
  out[key("normalized")] = str_of(t.normalized);
  out[key("labels")] = labels;
  out[key("domain_errors")] = errors_of(t.domain_errors, in, domain);
  out[key("output")] = t.result.ok() ? py::object(str_of(t.result.output)) : py::object(py::none());
  out[key("best_effort")] = str_of(t.result.best_effort);
  out[key("errors")] = errors_of(t.result.errors.all, in, domain);
  // The URL Standard's non-fatal validation errors (url preset; else []).
  out[key("validation_errors")] = errors_of(t.result.validation_errors, in, domain);
  return out;
}

// The RFC 3492 steps (sections 6.2 and 6.3) of one Punycode encoding or
// decoding, as dicts: per delta its code point, position, value, bias and
// digits, the bias after it, and (encoder) how the delta was built when
// it starts a new code point.
py::list steps_of(const std::vector<puny::explain::delta_step>& steps) {
  py::list out;
  for (const puny::explain::delta_step& s : steps) {
    py::dict d;
    if (s.starts_code_point) {
      py::dict change;
      change[key("next_code_point")] = static_cast<std::uint32_t>(s.code_point);
      change[key("previous_code_point")] = static_cast<std::uint32_t>(s.previous_n);
      change[key("handled")] = s.handled;
      change[key("carried_delta")] = s.carried;
      d[key("code_point_change")] = change;
    }
    d[key("code_point")] = static_cast<std::uint32_t>(s.code_point);
    d[key("position")] = s.position;
    d[key("delta")] = s.delta;
    d[key("bias")] = s.bias;
    py::list digits;
    for (const puny::explain::digit_step& g : s.digits) {
      py::dict digit;
      digit[key("digit")] = g.value;
      digit[key("threshold")] = g.threshold;
      digit[key("weight")] = g.weight;
      digit[key("character")] = std::string(1, g.character);
      digits.append(digit);
    }
    d[key("digits")] = digits;
    d[key("new_bias")] = s.new_bias;
    out.append(d);
  }
  return out;
}

py::dict explain_punycode(py::handle text, bool decoding) {
  py::object holder;
  const std::string_view in = utf8_of(text, holder);
  const puny::explain::trace t = decoding ? puny::explain::run_decode(in) : puny::explain::run_encode(in);
  status s = t.status;
  // The trace's limit (puny/punycode.hpp max_traced_length, in code points
  // when encoding, bytes when decoding) is reported at that offset, as
  // every surface does; other offsets are bytes of `in`.
  if (!s.ok() && s.code != errc::input_too_long) s = for_python(s, in);
  py::dict out;
  out[key("operation")] = decoding ? "decode" : "encode";
  out[key("input")] = text;
  out[key("output")] = s.ok() ? py::object(str_of(t.output)) : py::object(py::none());
  out[key("steps")] = s.code == errc::input_too_long ? py::list() : steps_of(t.steps);
  py::list errors;
  if (!s.ok()) errors.append(make_error(s, text, false));
  out[key("errors")] = errors;
  return out;
}

PyObject* py_explain_to_ascii(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return call_guarded([&]() -> PyObject* {
    PyObject* domain = nullptr;
    const idna_choice o = parse_idna_args("explain", nullptr, args, nargs, kwnames, domain);
    if (o.idna2008())
      throw py::value_error("puny.explain: the IDNA2008 presets have no trace (UTS #46 presets only)");
    return explain_to_ascii(domain, o.options).release().ptr();
  });
}

}  // namespace

void bind_explain(py::module_& m) {
  static PyMethodDef functions[] = {
      {"explain_to_ascii", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_explain_to_ascii)),
       METH_FASTCALL | METH_KEYWORDS,
       idna_docstring("explain_to_ascii($module, domain, /, preset='uts46', *",
                      "The UTS #46 ToASCII trace of puny.explain (a dict).")},
      {nullptr, nullptr, 0, nullptr}};
  if (PyModule_AddFunctions(m.ptr(), functions) != 0) throw py::error_already_set();
  m.def(
      "explain_punycode", [](py::handle text, bool decoding) { return explain_punycode(text, decoding); },
      py::arg("text"), py::arg("decoding"));
}

}  // namespace puny_python

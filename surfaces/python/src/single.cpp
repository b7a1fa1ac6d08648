// puny._puny: the conversions of one name (to_ascii, to_unicode, encode,
// decode, idna2008_register, idna2008_lookup).  Each returns the str or the
// error object (an outcome): the function raises it, a bulk call keeps it.
#include <string>
#include <vector>

#include "binding.hpp"
#include "puny/case.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace puny_python {

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

namespace {

// ---- the hot functions as METH_FASTCALL C functions (see options.cpp) ----

PyObject* py_to_ascii(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    PyObject* domain = nullptr;
    const idna_choice o = parse_idna_args("to_ascii", nullptr, args, nargs, kwnames, domain);
    return to_ascii_one(domain, o);
  });
}
PyObject* py_to_unicode(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return python_call([&] {
    PyObject* domain = nullptr;
    const idna_choice o = parse_idna_args("to_unicode", nullptr, args, nargs, kwnames, domain);
    return to_unicode_one(domain, o);
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

PyCFunction fastcall(PyObject* (*f)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*)) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f));
}

}  // namespace

void bind_single(py::module_& m) {
  // The text signatures ("name($module, ...)\n--\n\n", which inspect.signature
  // reads) carry the core's flag keywords; the annotations are in
  // puny/__init__.pyi (a text signature cannot hold them).
  static PyMethodDef functions[] = {
      {"to_ascii", fastcall(py_to_ascii), METH_FASTCALL | METH_KEYWORDS,
       idna_docstring("to_ascii($module, domain, /, preset='uts46', *",
                      "UTS #46 ToASCII of a domain name; raises puny.Error.")},
      {"to_unicode", fastcall(py_to_unicode), METH_FASTCALL | METH_KEYWORDS,
       idna_docstring("to_unicode($module, domain, /, preset='uts46', *",
                      "UTS #46 ToUnicode; raises puny.Error with .best_effort.")},
      {"encode", fastcall(py_encode), METH_FASTCALL | METH_KEYWORDS,
       "encode($module, text, /, *, mixed_case=False)\n--\n\nPunycode of one label."},
      {"decode", fastcall(py_decode), METH_FASTCALL | METH_KEYWORDS,
       "decode($module, text, /, *, mixed_case=False)\n--\n\nDecodes one Punycode label."},
      {nullptr, nullptr, 0, nullptr}};
  if (PyModule_AddFunctions(m.ptr(), functions) != 0) throw py::error_already_set();

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
}

}  // namespace puny_python
